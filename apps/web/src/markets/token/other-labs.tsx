import { LAB_CATALOG, type LabId } from "@tpi/domain";
import { labPathOf } from "./paths";

/** Links to every other lab's page, free and keyed, in catalog order. */
export function OtherLabs({ lab }: { lab: LabId }) {
  return (
    <nav aria-labelledby="other-labs-heading" className="other-labs" data-other-labs>
      <h2 id="other-labs-heading">Other labs</h2>
      <ul>
        {LAB_CATALOG.filter((entry) => entry.lab !== lab).map((entry) => (
          <li key={entry.lab}>
            <a href={labPathOf(entry.lab)}>{entry.label}</a>
            {!entry.freeTier && <span className="muted"> (API key)</span>}
          </li>
        ))}
      </ul>
      <p>
        <a href="/labs">All labs with their latest values</a>
      </p>
    </nav>
  );
}
