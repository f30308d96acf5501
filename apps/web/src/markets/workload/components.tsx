import { ACCOUNT_PLANS, ALL_FAMILIES, labLabel, type LabId } from "@tpi/domain";
import { CiteThis } from "../../components/cite-this";
import type { ReleaseCite } from "../../server/releases";
import { ANY_PLAN_TEXT, PlanLocked } from "../../kit/access";
import {
  chartCsvHref,
  chartViewOf,
  CsvLink,
  ViewChart,
  type PageQuery,
} from "../../kit/chart-page";
import { MethodSection } from "../../kit/method-rules";
import { seriesWindow } from "../../kit/series-window";
import { MethodSources, SampleNotice, SourceCitations } from "../../kit/sources";
import type { ApiRoute } from "../../kit/route-link";
import { NumberCell, StackTable } from "../../kit/table";
import { TitledSection } from "../../kit/titled-section";
import { readWebEnv } from "../../env";
import { applyChartState } from "../../lib/chart-state";
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
  openRouterLicenceNamed,
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

/** The REST routes of this page, linked to their reference on /docs. */
const WORKLOAD_ROUTES = {
  index: { request: "GET /api/workload", operationId: "getWorkload" },
  methodology: { request: "GET /api/workload/methodology", operationId: "getWorkloadMethodology" },
} as const satisfies Record<string, ApiRoute>;

/**
 * A visitor's (or a plan's that does not read it) view: that the index exists, which plans read
 * it and how to get one. No value, day or count of the index is on it.
 */
export function WorkloadLocked({ refusal }: { refusal: string | undefined }) {
  return (
    <PlanLocked
      market="workload"
      title="Who reads it"
      notice={
        <>
          The Workload Cost index is read with an account: {ANY_PLAN_TEXT} shows its chart, each
          lab&apos;s latest week, the session costs behind it and a CSV on this page once signed in,
          and its API keys get the same from <code>GET /api/workload</code>. Without an account no
          value is shown.
        </>
      }
      refusal={refusal}
      plans={ACCOUNT_PLANS}
      route={WORKLOAD_ROUTES.index}
    />
  );
}

/** What the index measures, in plain words: the same for every reader. */
export function WorkloadAbout() {
  return (
    <TitledSection id="measures-heading" title="What the index measures">
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
    </TitledSection>
  );
}

/** The method, sentence by sentence, and its sources with their citations and licences. */
export function WorkloadMethodologySection({ methodology }: { methodology: WorkloadMethodology }) {
  return (
    <>
      <MethodSection
        market="workload"
        title="How it is computed"
        version={{
          version: methodology.version,
          latestDay: methodology.latestWeek,
          reached: (day) => (
            <>
              {methodology.weeks} week{methodology.weeks === 1 ? "" : "s"} published, the latest
              ending {day}
            </>
          ),
          none: "no week published yet",
        }}
        rules={methodology.rules}
        served={{
          methodology: WORKLOAD_ROUTES.methodology,
          values: [WORKLOAD_ROUTES.index],
          plansText: ANY_PLAN_TEXT,
        }}
      />
      <TitledSection id="sources-heading" title="Sources">
        <SampleNotice dataSources={methodology.dataSources} />
        <MethodSources
          market="workload"
          sources={methodology.sources.map((source) => ({
            source: source.source,
            title: null,
            url: null,
            what: source.what,
            citation: source.citation,
            licence: openRouterLicenceNamed(source.licence),
          }))}
        />
      </TitledSection>
    </>
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
  release,
}: {
  answer: WorkloadAnswer;
  /** The lab the page is narrowed to (`?lab=`): the answer holds its rows only. */
  lab: LabId | undefined;
  query: PageQuery;
  /** The latest release's citation and the market's bulk files. */
  release: ReleaseCite | undefined;
}) {
  const rows = answer.data;
  const range = weekRange(rows);
  const whose = lab === undefined ? "the Workload Cost index" : `${labLabel(lab)}'s Workload Cost`;
  if (range === undefined)
    return (
      <TitledSection
        id="values-heading"
        title="No week yet"
        attributes={{ "data-workload-state": "no-data" }}
      >
        <p className="notice">No week of {whose} has been published yet.</p>
        {lab !== undefined && (
          <p>
            <a href={WORKLOAD_PATH}>All labs</a>
          </p>
        )}
      </TitledSection>
    );
  // Every lab's index over all its families, or one lab's families.
  const allSeries = lab === undefined ? lflSeries(rows) : familySeries(rows, lab);
  // The plan reads all history: every range is open.
  const view = chartViewOf(
    workloadPathOf(lab),
    { held: "All", keys: allSeries.map((one) => one.key) },
    lab === undefined ? WORKLOAD_LABS_PARAM : WORKLOAD_FAMILIES_PARAM,
    query,
  );
  const { shown } = seriesWindow(rows, (row) => row.date, view.offer, view.state);
  const latest = latestWeekRows(rows);
  return (
    <TitledSection
      id="values-heading"
      title={
        <>
          {lab === undefined ? "" : `${labLabel(lab)}, `}
          {formatUtcDay(range.startDate)} to {formatUtcDay(range.endDate)}
        </>
      }
      attributes={{ "data-workload-state": "values", "data-workload-lab": lab }}
    >
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
      <SampleNotice dataSources={answer.dataSources} />
      <ViewChart
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
        series={applyChartState(allSeries, view.state, view.offer)}
        view={view}
        labels={Object.fromEntries(allSeries.map((one) => [one.key, one.label]))}
        seriesNoun={lab === undefined ? "Labs" : "Families"}
      />
      <SourceCitations sources={answer.dataSources.sources} />
      <CsvLink href={chartCsvHref(view, workloadCsvPathOf(lab), "all")} rows={shown.length} />
      <CiteThis
        citation={{
          series: `${lab === undefined ? "" : `${labLabel(lab)} `}Workload Cost index (like-for-like, per lab and model family)`,
          unit: "US cents per coding-agent session; index points",
          valueDate: range.endDate,
          url: `${readWebEnv().publicSiteUrl}${view.path}`,
        }}
        release={release}
      />
      <h2 id="latest-heading">
        {lab === undefined ? "Each lab's latest week" : `${labLabel(lab)}'s latest week`}
      </h2>
      <LatestTable rows={latest} linkLabs={lab === undefined} />
      <CellsTable answer={answer} />
    </TitledSection>
  );
}

type Row = WorkloadAnswer["data"][number];

/** A week's change or effect, in percent of the previous week's cost; `n/a` in a first week. */
function formatEffect(percent: number | null): string {
  return formatPercent(percent ?? undefined);
}

/** Each lab's latest week per family: cost, tokens, the index and the change split. */
function LatestTable({ rows, linkLabs }: { rows: readonly Row[]; linkLabs: boolean }) {
  return (
    <div className="table-wrap">
      <StackTable
        name="workload-latest"
        caption={
          <>
            Each lab&apos;s latest week per model family: cost and implied tokens per session, the
            like-for-like index, and the week&apos;s change split into price, intensity and mix
            (percent of the previous week&apos;s cost)
          </>
        }
        columns={[
          "Lab and family",
          "Week ending (UTC)",
          { num: "Cost per session" },
          { num: "Tokens per session" },
          { num: "Like-for-like" },
          { num: "Price" },
          { num: "Intensity" },
          { num: "Mix" },
          { num: "Change" },
        ]}
      >
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
            <NumberCell label="Cost per session" value={row.cCents} format={formatSessionCost} />
            <NumberCell label="Tokens per session" value={row.qKtok} format={formatKtok} />
            <NumberCell label="Like-for-like" value={row.lfl} format={formatPoints} />
            <NumberCell label="Price" value={row.priceEffect} format={formatEffect} />
            <NumberCell label="Intensity" value={row.intensityEffect} format={formatEffect} />
            <NumberCell label="Mix" value={row.mixEffect} format={formatEffect} />
            <NumberCell
              label="Change"
              value={row.totalChange}
              format={formatEffect}
              attributes={{ "data-effects-sum": totalEffect(row) ?? "" }}
            />
          </tr>
        ))}
      </StackTable>
    </div>
  );
}

/** The session-cost cells of the latest window: what the latest week was computed from. */
function CellsTable({ answer }: { answer: WorkloadAnswer }) {
  const cells = latestWeekCells(answer.cells);
  const first = cells[0];
  if (first === undefined) return null;
  return (
    <TitledSection
      id="cells-heading"
      title="The session costs behind the latest week"
      attributes={{ "data-workload-cells": first.date }}
    >
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
          <StackTable
            name="workload-cells"
            caption={
              <>
                Median cost of one session per harness, model and turn range, week ending{" "}
                {formatUtcDay(first.date)}
              </>
            }
            columns={[
              "Harness",
              "Model",
              "Turns",
              { num: "Median session cost" },
              { num: "Implied tokens" },
              { num: "Blended price (USD / M tokens)" },
            ]}
          >
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
                <NumberCell
                  label="Median session cost"
                  value={cell.medianSessionCostUsd}
                  format={formatUsd}
                />
                <NumberCell label="Implied tokens" value={cell.impliedKtok} format={formatKtok} />
                <NumberCell
                  label="Blended price (USD / M tokens)"
                  value={cell.blendedPricePerMtok}
                  format={formatUsd}
                />
              </tr>
            ))}
          </StackTable>
        </div>
      </details>
    </TitledSection>
  );
}
