import type { ReactNode } from "react";

/** A column's heading: its text, or `{ num: text }` for a column of numbers (right-aligned). */
export type ColumnHead = string | { num: string };

/**
 * A table that stacks each row into a card on a phone (globals.css `table.stack`), or with
 * `stacked={false}` stays a table there (one short enough to scroll sideways in its wrap):
 * `name` is its `data-table`, which its tests and scripts find it by, `attributes` any other data
 * attribute; its caption, its column headings, and its rows (`children`) in its body.
 */
export function StackTable({
  name,
  attributes = {},
  stacked = true,
  caption,
  columns,
  children,
}: {
  name: string;
  attributes?: Readonly<Record<`data-${string}`, string | undefined>>;
  stacked?: boolean;
  caption: ReactNode;
  columns: readonly ColumnHead[];
  children: ReactNode;
}) {
  return (
    <table className={stacked ? "stack" : undefined} data-table={name} {...attributes}>
      <caption>{caption}</caption>
      <thead>
        <tr>
          {columns.map((column) =>
            typeof column === "string" ? (
              <th scope="col" key={column}>
                {column}
              </th>
            ) : (
              <th scope="col" className="num" key={column.num}>
                {column.num}
              </th>
            ),
          )}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}

/**
 * A cell of a number: right-aligned, labelled for a phone's stacked row (`label`, its column's
 * heading), showing its value formatted (`format`) with the raw value (`data-value`, empty for
 * none) for scripts and tests; or showing `text` alone, with no raw value. `className` adds to
 * `num` (`up`, `down`); `attributes` are further data attributes.
 */
export function NumberCell<Value extends number | string | null>(
  props: {
    label: string;
    className?: string | undefined;
    attributes?: Readonly<Record<`data-${string}`, string | number>>;
  } & ({ value: Value; format: (value: Value) => ReactNode } | { text: ReactNode }),
) {
  const { label, className, attributes = {} } = props;
  return (
    <td
      className={className === undefined ? "num" : `num ${className}`}
      data-label={label}
      data-value={"value" in props ? (props.value ?? "") : undefined}
      {...attributes}
    >
      {"value" in props ? props.format(props.value) : props.text}
    </td>
  );
}
