import "server-only";
import { FREE_TIER_GPU_NAMES } from "@tpi/domain";
import { orUnavailable, type StatusReading } from "../../server/status";
import { apiClient } from "../../server/trpc-client";
import { loadGpuDetail } from "./loaders";

const newest = (values: string[]): string | undefined =>
  values.length === 0 ? undefined : values.reduce((a, b) => (a > b ? a : b));

/**
 * The GPU index on /status: its latest settled daily value's settlement instant over the
 * free-tier GPUs, and each free-tier GPU's latest hourly print.
 */
export async function loadGpuStatus(): Promise<StatusReading[]> {
  const [daily, prints] = await Promise.all([
    orUnavailable(async () =>
      newest((await apiClient().gpu.latestDaily.query()).data.map((row) => row.date)),
    ),
    Promise.all(
      FREE_TIER_GPU_NAMES.map(
        async (gpu): Promise<{ gpu: string; timestamp: StatusReading["value"] }> => ({
          gpu,
          timestamp: await orUnavailable(async () => {
            const prints = (await loadGpuDetail(gpu)).hourly?.data ?? [];
            return prints[prints.length - 1]?.timestamp;
          }),
        }),
      ),
    ),
  ]);
  return [
    {
      status: "gpu-daily",
      label: "GPU index: latest settled daily value (UTC)",
      value: daily,
      kind: "instant",
    },
    ...prints.map(
      ({ gpu, timestamp }): StatusReading => ({
        status: "gpu-print",
        label: `${gpu}: latest hourly print (UTC)`,
        value: timestamp,
        kind: "instant",
      }),
    ),
  ];
}
