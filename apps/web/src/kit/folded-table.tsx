import type { ReactNode } from "react";

/**
 * How many rows a long table shows on a phone before the rest fold behind "Show all": a
 * phone draws each row as a card, and a year of days was 20,000 px of scrolling. The stylesheet
 * holds the same number (`tr:nth-child(n + 16)` in globals.css).
 */
export const PHONE_ROWS = 15;

/**
 * A table that shows every row on a wide screen and its first PHONE_ROWS on a phone, with a
 * native disclosure (no script) that unfolds the others in place. Every row stays in the HTML.
 */
export function FoldedTable({ rows, children }: { rows: number; children: ReactNode }) {
  return (
    <div className="table-wrap fold-on-phone">
      {children}
      {rows > PHONE_ROWS && (
        <details className="table-fold">
          <summary>
            Show all {rows} rows ({rows - PHONE_ROWS} more)
          </summary>
        </details>
      )}
    </div>
  );
}
