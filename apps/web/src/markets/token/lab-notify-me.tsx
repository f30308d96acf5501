import type { LabId } from "@tpi/domain";
import { NotifyMe } from "../../kit/notify-me";
import { tokenMarket } from "./entry";

/**
 * A lab page's "notify me", free, keyed or read with a plan alike: the token market's events
 * name a lab's series by its id (`openai`), and any lab's thresholds can be subscribed to.
 */
export function LabNotifyMe({ lab, label }: { lab: LabId; label: string }) {
  return <NotifyMe market={tokenMarket.name} series={lab} name={`${label} token price index`} />;
}
