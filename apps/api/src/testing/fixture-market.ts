import { noData, ok, type UtcDay } from "@tpi/domain";
import { z } from "zod";
import type { ChatPoint, ChatScope, Subject } from "../platform/core/chat";
import { defineMarket, marketKey, type MarketStateBase } from "../platform/core/market";
import { STATIC_FRESHNESS, defineRoute } from "../platform/http/route";
import { dayParameter } from "../platform/http/parameters";
import { runRoute } from "../platform/http/run-route";
import { NO_DATA_RESPONSE, BAD_REQUEST_RESPONSE } from "../platform/openapi/responses";
import { dataSourcesOf } from "../platform/provenance/data-sources";
import { t } from "../platform/trpc/init";
import { keylessRouteProcedure } from "../platform/trpc/route-procedure";

/**
 * A market written the way a new one is: one object, handed to the platform beside the real
 * markets (src/fixture-market.int.test.ts). Widgets have a price per UTC day, in USD per widget;
 * its one route takes a path parameter and a day parameter from the shared vocabulary.
 */
const WIDGETS = ["sprocket", "gizmo"] as const;
const PRICES: Readonly<Record<string, number>> = { sprocket: 2.5, gizmo: 7.25 };
export const FIXTURE_DAY: UtcDay = "2026-03-09";

type FixtureState = MarketStateBase;
const FIXTURE = marketKey<FixtureState>("fixture");

const priceSchema = z
  .object({ widget: z.string(), day: z.string(), usdPerWidget: z.number() })
  .meta({ id: "FixtureWidgetPrice" });

export const widgetPriceRoute = defineRoute({
  method: "get",
  path: "/api/fixture/{widget}/price",
  operationId: "getFixtureWidgetPrice",
  security: "none",
  limiter: "public",
  params: z.object({
    widget: z.enum(WIDGETS).meta({ description: "The widget, by name." }),
  }),
  query: z.object({
    day: dayParameter(
      "day",
      "The UTC day of the price; its only published day when absent.",
    ).optional(),
  }),
  tool: {
    name: "get_fixture_widget_price",
    title: "Widget price",
    description: "The price of one widget on one UTC day, in USD per widget",
  },
  responses: {
    200: { description: "The widget's price", schema: priceSchema },
    400: BAD_REQUEST_RESPONSE,
    404: NO_DATA_RESPONSE,
  },
  docs: {
    summary: "Price of one widget (USD per widget)",
    tags: ["Fixture"],
    examples: () => [{ label: "A sprocket", pathAndQuery: "/api/fixture/sprocket/price" }],
  },
  settled: {
    freshness: STATIC_FRESHNESS,
    answer:
      () =>
      ({ params, query }) => {
        const day = query.day ?? FIXTURE_DAY;
        if (day !== FIXTURE_DAY) return { ok: false, error: noData(`No widget price on ${day}.`) };
        return ok({ widget: params.widget, day, usdPerWidget: PRICES[params.widget] ?? 0 });
      },
  },
});

const subjects = WIDGETS.map((widget) => ({
  subject: { market: "fixture", id: widget, name: widget } satisfies Subject,
  pattern: new RegExp(`\\b${widget}s?\\b`),
}));

async function latest(subject: Subject, scope: ChatScope) {
  const answer = await runRoute(
    widgetPriceRoute,
    { params: { widget: subject.id } },
    scope.caller,
    scope.deps,
  );
  if (!answer.ok) return undefined;
  const row = answer.value as { widget: string; day: string; usdPerWidget: number };
  const point: ChatPoint = { at: row.day, value: row.usdPerWidget, row: { ...row } };
  return {
    point,
    source: {
      endpoint: widgetPriceRoute.path,
      parameters: { widget: subject.id },
      values: [point.row],
    },
  };
}

export const fixtureMarket = defineMarket({
  name: "fixture",
  key: FIXTURE,
  env: { FIXTURE_GREETING: z.string().default("hello") },
  settingsFrom: (env) => ({ greeting: env.FIXTURE_GREETING }),
  routes: [widgetPriceRoute],
  tags: { Fixture: "The fixture market's widget prices (tests only)." },
  trpc: t.router({ fixture: t.router({ widgetPrice: keylessRouteProcedure(widgetPriceRoute) }) }),
  commands: {
    usage: "  fixture-greet                        print the fixture market's greeting",
    commands: {
      async "fixture-greet"(_args, { env }) {
        console.log(String(env.FIXTURE_GREETING));
      },
    },
  },
  syncSources: [],
  chat: {
    scope: "the widget price fixture (USD per widget)",
    subjectsNoun: "widgets",
    asks: "widget prices",
    tracked: `Tracked widgets: ${WIDGETS.join(", ")}.`,
    subjects,
    domainWords: /\bwidgets?\b/,
    recordUnit: ["day", "days"],
    unit: "USD per widget",
    format: (value) => `$${value.toFixed(2)} per widget`,
    latest,
    series: async () => ({ ok: true, value: [] }),
    seriesSource: (subject, _period, points) => ({
      endpoint: widgetPriceRoute.path,
      parameters: { widget: subject.id },
      values: points.map((point) => point.row),
    }),
    freeTier: () => ({ keyless: "every widget price", keyed: [], keyedRoutes: [], sources: [] }),
    methodology: () => "Widget prices are fixed by the fixture.",
    methodologyRoute: widgetPriceRoute,
    intents: [],
  },
  resources: [],
  freeWindow: () => ({ startDate: FIXTURE_DAY, endDate: FIXTURE_DAY }),
  open: () => ({
    publications: [],
    provenance: () => ({
      unit: "USD per widget",
      methodologyVersion: "fixture-1",
      dataSources: dataSourcesOf([]),
    }),
    describeLoaded: () => "2 widget prices",
    latestKeylessDay: () => FIXTURE_DAY,
  }),
  start: async () => undefined,
  jobs: () => [],
});
