import { formatChange, type Change } from "../lib/format";

/** A change with its direction in words for screen readers and in colour for sighted readers. */
export function ChangeText({ change }: { change: Change | undefined }) {
  const text = formatChange(change);
  if (change === undefined) return <span className="muted">{text}</span>;
  const className =
    change.direction === "up" ? "up" : change.direction === "down" ? "down" : undefined;
  const arrow = change.direction === "up" ? "▲ " : change.direction === "down" ? "▼ " : "";
  return (
    <span className={className}>
      <span aria-hidden="true">{arrow}</span>
      {text}
    </span>
  );
}
