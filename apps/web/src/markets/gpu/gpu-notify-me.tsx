import type { GpuName } from "@tpi/domain";
import { NotifyMe } from "../../kit/notify-me";
import { gpuMarket } from "./entry";

/**
 * A GPU page's "notify me", free or keyed alike: the GPU market's events name a GPU's series by
 * its name as the catalogue spells it (`H100 SXM`), and any GPU's thresholds can be subscribed to.
 */
export function GpuNotifyMe({ gpu }: { gpu: GpuName }) {
  return <NotifyMe market={gpuMarket.name} series={gpu} name={`${gpu} GPU compute price index`} />;
}
