import type { Metadata } from "next";
import { notFound } from "next/navigation";
import {
  GPU_FREE_WINDOW_MONTHS,
  VOLATILITY_WINDOW_DEFAULT_DAYS,
  isFreeTierGpu,
  type GpuName,
} from "@tpi/domain";
import { CiteThis } from "../../components/cite-this";
import { SignedInNote } from "../../components/signed-in-note";
import { readWebEnv } from "../../env";
import { CHART_RANGE_PARAM } from "../../lib/chart-params";
import { chartViewQuery, parseChartState, type ChartOffer } from "../../lib/chart-state";
import { formatUsd, formatUtcDay, formatUtcInstant } from "../../lib/format";
import { socialMetadata } from "../../lib/social";
import { restsOnSample } from "../../server/sources";
import { loadReleaseCite, type ReleaseCite } from "../../server/releases";
import { loadViewer } from "../../server/viewer";
import { gpuMarket } from "./entry";
import type { GpuDetail } from "./api-types";
import { gpuCardPath } from "./card";
import { gpuConstituentsCsvPathOf } from "./constituents";
import { GpuConstituentsSection } from "./constituents-section";
import { DailyIndexSection, VolatilitySection } from "./daily";
import { GpuNotifyMe } from "./gpu-notify-me";
import { HourlyPrintsTable, LatestPrintCards } from "./hourly";
import { KeyedGpu } from "./keyed-gpu";
import {
  latestSettledDayOf,
  loadGpuConstituents,
  loadGpuDetail,
  loadGpuSources,
  loadKeyedLatest,
  loadPlanGpuHistory,
} from "./loaders";
import { GPU_METHODOLOGY_PATH, gpuNameOfSegment, gpuPathOf } from "./paths";
import { mergeGpuProvenance } from "./provenance";
import { GpuProvenanceNote } from "./provenance-note";
import { gpuHeldRange } from "./shape";
import { StackTable } from "../../kit/table";

/** The newest hourly print of a GPU's page, if any has been published. */
function latestPrintOf(detail: GpuDetail) {
  const prints = detail.hourly?.data ?? [];
  return prints[prints.length - 1];
}

type GpuPageProps = {
  params: Promise<{ gpu: string }>;
  searchParams?: Promise<Record<string, string | string[] | undefined>>;
};

async function gpuNameOf(props: GpuPageProps): Promise<GpuName | undefined> {
  return gpuNameOfSegment((await props.params).gpu);
}

export async function generateMetadata(props: GpuPageProps): Promise<Metadata> {
  const gpu = await gpuNameOf(props);
  if (gpu === undefined) return { title: "GPU not found" };
  const siteUrl = readWebEnv().publicSiteUrl;
  const path = gpuPathOf(gpu);
  const sample = await restsOnSample(loadGpuSources);
  if (!isFreeTierGpu(gpu)) {
    const title = `${gpu} GPU compute price index (API key)`;
    const description = `The ${gpu} GPU compute price index is available with an API key: what it contains and how to get access.`;
    return {
      title,
      description,
      ...socialMetadata({ siteUrl, path, title, description, image: gpuCardPath(gpu), sample }),
    };
  }
  const title = `${gpu} GPU compute price index`;
  const description = `${gpu} rental prices in USD per GPU-hour: the latest hourly print, the rolling 24-hour average, the trailing day of prints, ${GPU_FREE_WINDOW_MONTHS} months of daily values and their ${VOLATILITY_WINDOW_DEFAULT_DAYS}-day volatility.`;
  // The card carries the latest print, so a shared link shows the number itself.
  const latest = latestPrintOf(await loadGpuDetail(gpu));
  const cardTitle =
    latest === undefined
      ? title
      : `${title}: ${formatUsd(latest.index_value)} / GPU-hour at ${formatUtcInstant(latest.timestamp)}`;
  return {
    title,
    description,
    ...socialMetadata({
      siteUrl,
      path,
      title: cardTitle,
      description,
      image: gpuCardPath(gpu),
      sample,
    }),
  };
}

export async function GpuPage(props: GpuPageProps) {
  const gpu = await gpuNameOf(props);
  if (gpu === undefined) notFound();
  const query = (await props.searchParams) ?? {};
  const rangeParam = query[CHART_RANGE_PARAM];
  const view = chartViewQuery(query);
  // A signed-in reader whose plan reads GPU history (the api's `gpuAccess`): the daily index as
  // the api answers a key of the plan. This page is rendered per request, so it may read the
  // session cookie.
  const reader = await loadViewer();
  const planDaily =
    reader !== undefined && reader.viewer.gpuAccess !== null
      ? await loadPlanGpuHistory(reader.token, gpu)
      : undefined;
  if (!isFreeTierGpu(gpu)) {
    const keyed = (await loadKeyedLatest()).find((entry) => entry.gpu_type === gpu);
    if (reader !== undefined && planDaily !== undefined) {
      const offer: ChartOffer = {
        held: gpuHeldRange(planDaily),
        keys: [gpu],
      };
      return (
        <KeyedGpu gpu={gpu} latestDay={keyed?.day ?? null} viewer={reader.viewer}>
          <DailyIndexSection
            gpu={gpu}
            daily={planDaily}
            state={parseChartState(rangeParam, undefined, offer, view)}
            offer={offer}
            heading="The daily index, all history your plan reads"
            emptyText={`No daily values of ${gpu} published yet.`}
          />
        </KeyedGpu>
      );
    }
    return <KeyedGpu gpu={gpu} latestDay={keyed?.day ?? null} viewer={reader?.viewer} />;
  }
  const detail = await loadGpuDetail(gpu);
  // The sources of exactly the values shown: the sample notice only if they are the sample.
  const provenance = mergeGpuProvenance([
    detail.rollingAverage,
    detail.hourly,
    detail.daily,
    detail.volatility,
  ]);
  const latestDay = latestSettledDayOf(detail);
  const [constituents, release] = await Promise.all([
    latestDay === undefined ? undefined : loadGpuConstituents(gpu, latestDay),
    loadReleaseCite(gpuMarket.name),
  ]);
  // The daily chart's range (`?range=7D`); the page is rendered per request, so it reads it here.
  const daily = planDaily === undefined ? detail.daily : planDaily;
  const offer: ChartOffer = {
    held: gpuHeldRange(planDaily),
    keys: [gpu],
  };
  const state = parseChartState(rangeParam, undefined, offer, view);
  return (
    <>
      <h1>{gpu} GPU compute price index</h1>
      <p className="lead">
        What renting one {gpu} costs, in USD per GPU-hour, from providers&apos; posted prices and
        executed rental trades: hourly prints, their rolling 24-hour average and the daily index.
        All times are UTC.
      </p>
      <GpuNotifyMe gpu={gpu} />
      {reader !== undefined && <SignedInNote viewer={reader.viewer} />}
      {provenance !== undefined && <GpuProvenanceNote provenance={provenance} />}
      <LatestPrintCards detail={detail} />
      <HourlyPrintsTable detail={detail} />
      <DailyIndexSection
        gpu={gpu}
        daily={daily}
        state={state}
        offer={offer}
        {...(planDaily == null ? {} : { heading: "The daily index, all history your plan reads" })}
      />
      <VolatilitySection detail={detail} />
      {constituents !== undefined && (
        <GpuConstituentsSection
          body={constituents}
          csvHref={gpuConstituentsCsvPathOf(gpuPathOf(gpu))}
        />
      )}
      <GpuApiRoutes detail={detail} />
      <GpuCitation detail={detail} release={release} />
      <h2>About this page</h2>
      <p data-gpu-methodology>
        The website shows this trailing view of each free-tier GPU: the latest day of hourly prints,
        the rolling average as of the latest print, and the daily index and its volatility over the
        free window ({formatUtcDay(detail.window.startDate)} to{" "}
        {formatUtcDay(detail.window.endDate)}). The API&apos;s hourly, rolling-average and
        volatility routes need a key; they serve full ranges and other grains. How prints and daily
        values are computed is in the <a href={GPU_METHODOLOGY_PATH}>GPU methodology</a>.
      </p>
    </>
  );
}

function GpuCitation({ detail, release }: { detail: GpuDetail; release: ReleaseCite | undefined }) {
  const latest = latestPrintOf(detail);
  if (latest === undefined) return null;
  return (
    <CiteThis
      citation={{
        series: `${detail.gpu_type} GPU compute price index, hourly print`,
        unit: "USD per GPU-hour",
        valueDate: latest.timestamp,
        url: `${readWebEnv().publicSiteUrl}${gpuPathOf(detail.gpu_type)}`,
      }}
      release={release}
    />
  );
}

/** The API routes that serve each part of this page, linked to their reference on /docs. */
function GpuApiRoutes({ detail }: { detail: GpuDetail }) {
  // A part whose route the api did not name (none in its route list) gets no row.
  const parts = [
    { label: "Latest print and rolling 24-hour average", route: detail.routes.rollingAverage },
    { label: "Hourly prints", route: detail.routes.hourly },
    { label: "Daily index", route: detail.routes.daily },
    { label: "Rolling volatility", route: detail.routes.volatility },
  ].flatMap(({ label, route }) => (route === null ? [] : [{ label, route }]));
  return (
    <>
      <h2>The same data from the API</h2>
      <div className="table-wrap">
        <StackTable
          name="gpu-routes"
          caption="The API routes serving each part of this page"
          columns={["Part", "Route", "Access"]}
        >
          {parts.map(({ label, route }) => (
            <tr key={route.operationId} data-operation={route.operationId}>
              <th scope="row">{label}</th>
              <td data-label="Route">
                <a href={`/docs#route-${route.operationId}`}>
                  <code>GET {route.path}</code>
                </a>
              </td>
              <td data-label="Access">{route.access ?? "See the reference."}</td>
            </tr>
          ))}
        </StackTable>
      </div>
    </>
  );
}
