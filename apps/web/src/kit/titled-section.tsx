import type { ReactNode } from "react";

/**
 * A section of a page under its `<h2>`, labelled by it. `attributes` are the data attributes
 * its tests and stylesheet find it by (`{ "data-workload-state": "locked" }`).
 */
export function TitledSection({
  id,
  title,
  attributes = {},
  children,
}: {
  id: string;
  title: ReactNode;
  attributes?: Readonly<Record<`data-${string}`, string | boolean | undefined>>;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} {...attributes}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}
