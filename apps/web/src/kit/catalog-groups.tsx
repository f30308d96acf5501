import type { ReactNode } from "react";
import type { CatalogGroup } from "./catalog";
import { TitledSection } from "./titled-section";

/** Each group of a catalogue in a section of its own: its heading, its text and its table. */
export function CatalogGroups<Entry>({
  groups,
  table,
}: {
  groups: readonly CatalogGroup<Entry>[];
  table: (group: CatalogGroup<Entry>) => ReactNode;
}) {
  return (
    <>
      {groups.map((group) => (
        <TitledSection key={group.category} id={`group-${group.category}`} title={group.heading}>
          {group.text !== "" && <p>{group.text}</p>}
          {table(group)}
        </TitledSection>
      ))}
    </>
  );
}
