import { ALL_FAMILIES, PLAN_LABELS, labLabel, type LabId } from "@tpi/domain";
import { ChartControls } from "../../components/chart-controls";
import { CiteThis } from "../../components/cite-this";
import { KEY_HREF } from "../../components/keyed-access";
import { LineChart } from "../../components/line-chart";
import { readWebEnv } from "../../env";
import { CsvLink } from "../../kit/chart-page";
import { MethodRules } from "../../kit/method-rules";
import { SourceCitations } from "../../kit/sources";
import { CHART_RANGE_PARAM } from "../../lib/chart-params";
import {
  applyChartState,
  chartStateHref,
  chartViewQuery,
  latestDay,
  parseChartState,
  shownFrom,
  type ChartOffer,
} from "../../lib/chart-state";
import {
  formatPercent,
  formatPoints,
  formatUsd,
  formatUtcDay,
  formatUtcInstant,
} from "../../lib/format";
import {
  familySeries,
  formatKtok,
  formatSessionCost,
  latestWeekCells,
  latestWeekRows,
  lflSeries,
  totalEffect,
  turnRangeLabel,
  weekRange,
  WORKLOAD_CADENCE_DAYS,
  WORKLOAD_FAMILIES_PARAM,
  WORKLOAD_LABS_PARAM,
  WORKLOAD_PATH,
  workloadCsvPathOf,
  workloadPathOf,
} from "./lib";
import type { WorkloadAnswer, WorkloadMethodology } from "./loaders";

/**
 * The plans whose keys and sessions read the Workload Cost index: every plan, a trial included;
 * no keyless reader (the api decides; this says it).
 */
const READING_PLANS = `${PLAN_LABELS.trial}, ${PLAN_LABELS.premium} or ${PLAN_LABELS.full}`;

/** The REST routes of this page, linked to their reference on /docs. */
const WORKLOAD_ROUTE_ANCHOR = "/docs#route-getWorkload";
const WORKLOAD_METHODOLOGY_ROUTE_ANCHOR = "/docs#route-getWorkloadMethodology";

/**
 * A visitor's (or a plan's that does not read it) view: that the index exists, which plans read
 * it and how to get one. No value, day or count of the index is on it.
 */
export function WorkloadLocked({ refusal }: { refusal: string | undefined }) {
  return (
    <section aria-labelledby="access-heading" data-workload-state="locked">
      <h2 id="access-heading">Who reads it</h2>
      <p className="notice">
        The Workload Cost index is read with an account: any plan ({READING_PLANS}) shows its chart,
        each lab&apos;s latest week, the session costs behind it and a CSV on this page once signed
        in, and its API keys get the same from <code>GET /api/workload</code>. Without an account no
        value is shown.
      </p>
      {refusal !== undefined && (
        <p className="key-teaser" data-workload-refusal>
          The API&apos;s answer for your plan: {refusal}
        </p>
      )}
      <ol>
        <li>
          <a href={KEY_HREF}>Create an account</a> and confirm your address: a new account starts on
          a trial, which reads the index.
        </li>
        <li>
          Sign in and come back here; <a href="/account">your account page</a> shows your plan and
          how to request {PLAN_LABELS.premium} or {PLAN_LABELS.full}.
        </li>
        <li>
          Or call <code>GET /api/workload</code> with{" "}
          <code>Authorization: Bearer &lt;API_KEY&gt;</code> (see the{" "}
          <a href={WORKLOAD_ROUTE_ANCHOR}>API reference</a>).
        </li>
      </ol>
    </section>
  );
}

/** What the index measures, in plain words: the same for every reader. */
export function WorkloadAbout() {
  return (
    <section aria-labelledby="measures-heading">
      <h2 id="measures-heading">What the index measures</h2>
      <ul>
        <li>
          <strong>Cost per session</strong>, in US cents: what one whole coding-agent session costs,
          not one request. A session is every request an agent makes for one task; OpenRouter
          publishes each week the median session cost per harness, model and number of turns.
        </li>
        <li>
          <strong>Implied tokens per session</strong>, in thousands: the session&apos;s cost divided
          by the model&apos;s list price (input and output blended 3:1). It measures how much work a
          session buys at list price; it is not a count of tokens anyone observed.
        </li>
        <li>
          <strong>Like-for-like index</strong>, 100 in a lab&apos;s or family&apos;s first week: how
          the cost of the same sessions moved (same harness, model and turn range in both weeks),
          chained week to week, so that new or departing models do not move it.
        </li>
        <li>
          <strong>Price, intensity and mix</strong>: each week&apos;s change of cost per session,
          split into list prices (the same sessions at new prices), intensity (more or fewer tokens
          per session) and mix (which harnesses, models and turn ranges make up the week). The three
          add up exactly to the change, in percent of the previous week&apos;s cost.
        </li>
      </ul>
    </section>
  );
}

/** The method, sentence by sentence, and its sources with their citations and licences. */
export function WorkloadMethodologySection({ methodology }: { methodology: WorkloadMethodology }) {
  return (
    <section aria-labelledby="methodology-heading" data-workload-methodology>
      <h2 id="methodology-heading">How it is computed</h2>
      <p>
        Methodology version{" "}
        <strong data-workload-methodology-version={methodology.version}>
          {methodology.version}
        </strong>
        ;{" "}
        {methodology.latestWeek === null ? (
          "no week published yet"
        ) : (
          <>
            {methodology.weeks} week{methodology.weeks === 1 ? "" : "s"} published, the latest
            ending{" "}
            <time dateTime={methodology.latestWeek}>{formatUtcDay(methodology.latestWeek)}</time>
          </>
        )}
        .
      </p>
      <MethodRules rules={methodology.rules} />
      <p>
        The same text is served to anyone by{" "}
        <a href={WORKLOAD_METHODOLOGY_ROUTE_ANCHOR}>
          <code>GET /api/workload/methodology</code>
        </a>
        , the values to any key ({READING_PLANS}) by{" "}
        <a href={WORKLOAD_ROUTE_ANCHOR}>
          <code>GET /api/workload</code>
        </a>{" "}
        (see the <a href="/docs">API docs</a>).
      </p>
      <h3 id="workload-sources">Sources</h3>
      {methodology.dataSources.sample && (
        <p className="notice" data-sample-notice>
          {methodology.dataSources.notice}
        </p>
      )}
      <ul data-workload-sources>
        {methodology.sources.map((source) => (
          <li key={source.source} data-source={source.source}>
            <code>{source.source}</code>: {source.what}{" "}
            <span data-citation-text>{source.citation}</span> ({source.licence})
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * A reader whose plan reads the index: the like-for-like chart per lab (its state in the URL),
 * the citation under it, the CSV of the chart's range, each lab's latest week by family and the
 * session-cost cells of the latest window.
 */
export function WorkloadValues({
  answer,
  lab,
  query,
}: {
  answer: WorkloadAnswer;
  /** The lab the page is narrowed to (`?lab=`): the answer holds its rows only. */
  lab: LabId | undefined;
  query: Record<string, string | string[] | undefined>;
}) {
  const rows = answer.data;
  const range = weekRange(rows);
  const whose = lab === undefined ? "the Workload Cost index" : `${labLabel(lab)}'s Workload Cost`;
  if (range === undefined)
    return (
      <section aria-labelledby="values-heading" data-workload-state="no-data">
        <h2 id="values-heading">No week yet</h2>
        <p className="notice">No week of {whose} has been published yet.</p>
        {lab !== undefined && (
          <p>
            <a href={WORKLOAD_PATH}>All labs</a>
          </p>
        )}
      </section>
    );
  // Every lab's index over all its families, or one lab's families.
  const allSeries = lab === undefined ? lflSeries(rows) : familySeries(rows, lab);
  const seriesParam = lab === undefined ? WORKLOAD_LABS_PARAM : WORKLOAD_FAMILIES_PARAM;
  const path = workloadPathOf(lab);
  // The plan reads all history: every range is open.
  const offer: ChartOffer = { held: "All", keys: allSeries.map((one) => one.key) };
  const state = parseChartState(
    query[CHART_RANGE_PARAM],
    query[seriesParam],
    offer,
    chartViewQuery(query),
  );
  const from = shownFrom(state, offer, latestDay(rows.map((row) => row.date)));
  const shownCount = rows.filter((row) => from === undefined || row.date >= from).length;
  const latest = latestWeekRows(rows);
  return (
    <section aria-labelledby="values-heading" data-workload-state="values" data-workload-lab={lab}>
      <h2 id="values-heading">
        {lab === undefined ? "" : `${labLabel(lab)}, `}
        {formatUtcDay(range.startDate)} to {formatUtcDay(range.endDate)}
      </h2>
      <p>
        One value per week, named by the last day of its trailing window (UTC); units:{" "}
        <span data-workload-unit>{answer.unit}</span>.{" "}
        {lab === undefined ? (
          "Each lab's name in the table below opens its families."
        ) : (
          <a href={WORKLOAD_PATH} data-workload-all-labs>
            All labs
          </a>
        )}
      </p>
      {answer.dataSources.sample && (
        <p className="notice" data-sample-notice>
          {answer.dataSources.notice}
        </p>
      )}
      <LineChart
        id="workload-lfl"
        title={
          lab === undefined
            ? "Like-for-like workload cost index per lab, all families (100 in each lab's first week)"
            : `${labLabel(lab)} like-for-like workload cost index per model family (100 in each family's first week)`
        }
        unit={`Index points, 100 in each ${lab === undefined ? "lab" : "family"}'s first week`}
        valueKind="points"
        cadenceDays={WORKLOAD_CADENCE_DAYS}
        axisDecimals={1}
        series={applyChartState(allSeries, state, offer)}
        yScale={state.y}
        zoom={state.zoom}
        controls={
          <ChartControls
            path={path}
            state={state}
            offer={offer}
            seriesParam={seriesParam}
            labels={Object.fromEntries(allSeries.map((one) => [one.key, one.label]))}
            seriesNoun={lab === undefined ? "Labs" : "Families"}
          />
        }
      />
      <SourceCitations sources={answer.dataSources.sources} />
      <CsvLink
        href={chartStateHref(
          workloadCsvPathOf(lab),
          { range: state.range, keys: [...offer.keys] },
          offer,
          seriesParam,
        )}
        rows={shownCount}
      />
      <CiteThis
        citation={{
          series: `${lab === undefined ? "" : `${labLabel(lab)} `}Workload Cost index (like-for-like, per lab and model family)`,
          unit: "US cents per coding-agent session; index points",
          valueDate: range.endDate,
          url: `${readWebEnv().publicSiteUrl}${path}`,
        }}
      />
      <h2 id="latest-heading">
        {lab === undefined ? "Each lab's latest week" : `${labLabel(lab)}'s latest week`}
      </h2>
      <LatestTable rows={latest} linkLabs={lab === undefined} />
      <CellsTable answer={answer} />
    </section>
  );
}

type Row = WorkloadAnswer["data"][number];

/** Each lab's latest week per family: cost, tokens, the index and the change split. */
function LatestTable({ rows, linkLabs }: { rows: readonly Row[]; linkLabs: boolean }) {
  return (
    <div className="table-wrap">
      <table className="stack" data-table="workload-latest">
        <caption>
          Each lab&apos;s latest week per model family: cost and implied tokens per session, the
          like-for-like index, and the week&apos;s change split into price, intensity and mix
          (percent of the previous week&apos;s cost)
        </caption>
        <thead>
          <tr>
            <th scope="col">Lab and family</th>
            <th scope="col">Week ending (UTC)</th>
            <th scope="col" className="num">
              Cost per session
            </th>
            <th scope="col" className="num">
              Tokens per session
            </th>
            <th scope="col" className="num">
              Like-for-like
            </th>
            <th scope="col" className="num">
              Price
            </th>
            <th scope="col" className="num">
              Intensity
            </th>
            <th scope="col" className="num">
              Mix
            </th>
            <th scope="col" className="num">
              Change
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={`${row.lab}|${row.family}`} data-lab={row.lab} data-family={row.family}>
              <th scope="row">
                {/* One child: a stacked row's header is a flex box that would part the words. */}
                <span>
                  {linkLabs && row.family === ALL_FAMILIES ? (
                    <a href={workloadPathOf(row.lab)}>{labLabel(row.lab)}</a>
                  ) : (
                    labLabel(row.lab)
                  )}
                  , {row.family === ALL_FAMILIES ? "all families" : <code>{row.family}</code>}
                </span>
              </th>
              <td data-label="Week ending (UTC)">
                <time dateTime={row.date}>{formatUtcDay(row.date)}</time>
              </td>
              <td className="num" data-label="Cost per session" data-value={row.cCents}>
                {formatSessionCost(row.cCents)}
              </td>
              <td className="num" data-label="Tokens per session" data-value={row.qKtok}>
                {formatKtok(row.qKtok)}
              </td>
              <td className="num" data-label="Like-for-like" data-value={row.lfl}>
                {formatPoints(row.lfl)}
              </td>
              <td className="num" data-label="Price" data-value={row.priceEffect ?? ""}>
                {formatPercent(row.priceEffect ?? undefined)}
              </td>
              <td className="num" data-label="Intensity" data-value={row.intensityEffect ?? ""}>
                {formatPercent(row.intensityEffect ?? undefined)}
              </td>
              <td className="num" data-label="Mix" data-value={row.mixEffect ?? ""}>
                {formatPercent(row.mixEffect ?? undefined)}
              </td>
              <td
                className="num"
                data-label="Change"
                data-value={row.totalChange ?? ""}
                data-effects-sum={totalEffect(row) ?? ""}
              >
                {formatPercent(row.totalChange ?? undefined)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The session-cost cells of the latest window: what the latest week was computed from. */
function CellsTable({ answer }: { answer: WorkloadAnswer }) {
  const cells = latestWeekCells(answer.cells);
  const first = cells[0];
  if (first === undefined) return null;
  return (
    <section aria-labelledby="cells-heading" data-workload-cells={first.date}>
      <h2 id="cells-heading">The session costs behind the latest week</h2>
      <p>
        OpenRouter&apos;s medians over the {first.windowDays} days ending{" "}
        <time dateTime={first.date}>{formatUtcDay(first.date)}</time> (as of{" "}
        <time dateTime={first.asOf}>{formatUtcInstant(first.asOf)}</time>), each with its
        model&apos;s blended list price and the tokens the cost buys at that price.
      </p>
      <details className="workload-cells" data-workload-cells-details>
        <summary>
          Show the {cells.length} session costs of the week ending {formatUtcDay(first.date)}
        </summary>
        <div className="table-wrap">
          <table className="stack" data-table="workload-cells">
            <caption>
              Median cost of one session per harness, model and turn range, week ending{" "}
              {formatUtcDay(first.date)}
            </caption>
            <thead>
              <tr>
                <th scope="col">Harness</th>
                <th scope="col">Model</th>
                <th scope="col">Turns</th>
                <th scope="col" className="num">
                  Median session cost
                </th>
                <th scope="col" className="num">
                  Implied tokens
                </th>
                <th scope="col" className="num">
                  Blended price (USD / M tokens)
                </th>
              </tr>
            </thead>
            <tbody>
              {cells.map((cell) => (
                <tr
                  key={`${cell.harness}|${cell.model}|${cell.turnRange}`}
                  data-harness={cell.harness}
                  data-model={cell.model}
                  data-turn-range={cell.turnRange}
                >
                  <th scope="row">{cell.harnessName}</th>
                  <td data-label="Model">
                    <code>{cell.model}</code>
                  </td>
                  <td data-label="Turns">{turnRangeLabel(cell.turnRange)}</td>
                  <td
                    className="num"
                    data-label="Median session cost"
                    data-value={cell.medianSessionCostUsd}
                  >
                    {formatUsd(cell.medianSessionCostUsd)}
                  </td>
                  <td className="num" data-label="Implied tokens" data-value={cell.impliedKtok}>
                    {formatKtok(cell.impliedKtok)}
                  </td>
                  <td
                    className="num"
                    data-label="Blended price (USD / M tokens)"
                    data-value={cell.blendedPricePerMtok}
                  >
                    {formatUsd(cell.blendedPricePerMtok)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </section>
  );
}
