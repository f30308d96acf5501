import { isFreeTierGpu, type GpuName } from "@tpi/domain";
import { formatUtcInstant } from "../../lib/format";
import { CARD_ROOT, latestValueCard, type CardContent } from "../../lib/social-card";

/** A GPU page's card image: `/og/gpus/<gpu>`. */
export function gpuCardPath(gpu: GpuName): string {
  return `${CARD_ROOT}/gpus/${encodeURIComponent(gpu)}`;
}

/** A GPU's latest hourly print and its time; a keyed GPU's card names the time, never the value. */
export function gpuCard(
  gpu: GpuName,
  latest: { timestamp: string; value?: number } | undefined,
  sample: boolean,
): CardContent {
  return latestValueCard({
    title: `${gpu} GPU compute price index`,
    sample,
    keyed: !isFreeTierGpu(gpu),
    value: latest?.value,
    none: "No print yet",
    unit: "USD per GPU-hour",
    when: latest === undefined ? undefined : `at ${formatUtcInstant(latest.timestamp)}`,
  });
}
