import type { Metadata } from "next";
import Link from "next/link";
import { GPU_CATALOG } from "@tpi/domain";
import { LineChart } from "../../src/components/line-chart";
import { formatUsd, formatUtcDay } from "../../src/lib/format";
import { gpuSeries } from "../../src/lib/gpu-shape";
import { gpuPathOf } from "../../src/lib/paths";
import { loadWindows } from "../../src/server/data";
import { loadGpuIndex } from "../../src/server/gpu";

export const metadata: Metadata = {
  title: "GPU compute price index",
  description:
    "The latest daily GPU compute price index for the free GPUs, with a chart of the trailing three months.",
};

export const dynamic = "force-dynamic";

/** GPUs outside the free tier: their pages say what they hold and that it needs a key. */
const KEYED_GPUS = GPU_CATALOG.filter((entry) => !entry.freeTier).map((entry) => entry.gpuName);

/** The GPU chart covers the free tier's trailing three calendar months (UTC), asked of the api. */
export default async function GpusPage() {
  const { gpu: window } = await loadWindows();
  const view = await loadGpuIndex(window.startDate, window.endDate);
  if (view.state === "no-data") {
    return (
      <>
        <h1>GPU compute price index</h1>
        <p className="notice" data-gpu-state="no-data">
          No GPU index values have been published yet ({view.message}).
        </p>
      </>
    );
  }
  return (
    <>
      <h1>GPU compute price index</h1>
      <p className="lead">
        The daily GPU compute price index for the free GPUs, in USD per GPU-hour.
      </p>
      <div className="table-wrap">
        <table data-table="gpu-latest">
          <caption>Latest daily GPU index per GPU and region (USD per GPU-hour)</caption>
          <thead>
            <tr>
              <th scope="col">GPU</th>
              <th scope="col">Region</th>
              <th scope="col" className="num">
                Index (USD / GPU-hour)
              </th>
              <th scope="col">Day (UTC)</th>
            </tr>
          </thead>
          <tbody>
            {view.latest.map((entry) => (
              <tr key={`${entry.gpu_type}|${entry.region}`} data-gpu={entry.gpu_type}>
                <th scope="row">
                  <Link href={gpuPathOf(entry.gpu_type)}>{entry.gpu_type}</Link>
                </th>
                <td>{entry.region}</td>
                <td className="num" data-value={entry.index_value}>
                  {formatUsd(entry.index_value)}
                </td>
                <td>
                  <time dateTime={entry.date.slice(0, 10)}>
                    {formatUtcDay(entry.date.slice(0, 10))}
                  </time>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p data-keyed-gpus>
        Each GPU&apos;s page has its hourly prints, rolling average and volatility. With an API key:{" "}
        {KEYED_GPUS.map((gpu, index) => (
          <span key={gpu}>
            {index > 0 && ", "}
            <Link href={gpuPathOf(gpu)}>{gpu}</Link>
          </span>
        ))}
        .
      </p>
      <h2>The trailing three months</h2>
      <LineChart
        id="gpu-3m"
        title="Daily GPU compute price index, USD per GPU-hour"
        series={gpuSeries(view.histories)}
      />
      <p className="muted">
        {formatUtcDay(view.startDate)} to {formatUtcDay(view.endDate)}.
      </p>
    </>
  );
}
