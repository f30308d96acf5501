import type { AccountPlan, DayWindow, DomainError, EventScope, Result, UtcDay } from "@tpi/domain";
import type { Db, OpenDatabase } from "@tpi/db";
import { ok } from "@tpi/domain";
import type { AnyRouter } from "@trpc/server";
import type { z } from "zod";
import type { ChatMarket } from "./chat";
import type { CommandModule } from "./command";
import type { Route } from "./route";
import type { McpResource, MethodologyText } from "./resources";
import type { Logger } from "../observability/logger";
import type { Progress } from "../observability/progress";
import type { DataSources } from "../provenance/data-sources";
import type { MarketBulkDataset } from "../bulk/dataset";

/**
 * A market is a module: one folder under `markets/` that exports one `Market` and is named once
 * in the market list (`markets/index.ts`). The platform reads markets only through this type: it
 * serves their routes (REST, the fast lane, OpenAPI, /docs, MCP tools, the typed client), merges
 * their tRPC router, asks their chat for subjects and answers, schedules their jobs and lists
 * their operator commands. It never names one.
 */

/** A published set held in memory: versioned (ETags), reloaded on a timer, watched for changes. */
export type Publication = {
  /** Names the set in logs ("token index"). */
  readonly name: string;
  /** The same on every instance that loaded the same values; empty before the first load. */
  readonly version: string;
  onChange(listener: () => void): void;
  refresh(): Promise<unknown>;
  /** Logged when a timed reload fails; the last loaded copy stays in service. */
  readonly refreshFailureMessage: string;
  /**
   * For a set that shows a generated sample while nothing is stored: whether it may
   * (SEED_SAMPLE_ON_EMPTY), as the server's start says before the first load.
   */
  allowSample?(allowed: boolean): void;
};

/** What a market's live state must offer the platform; the rest is the market's own. */
export type MarketStateBase = {
  publications: readonly Publication[];
  /** Where the served data came from, quoted with every tool result (sample or not, cited). */
  provenance(): MarketProvenance;
  /** One phrase for the start-up log, e.g. "1,234 published token values". */
  describeLoaded(): string;
  /** The latest settled day a keyless caller can read (the /docs examples end on it). */
  latestKeylessDay(): UtcDay | undefined;
};

/** The provenance every data tool result carries for its market. */
export type MarketProvenance = {
  /** The unit of the market's values, e.g. "USD per million tokens". */
  unit: string;
  methodologyVersion: string;
  dataSources: DataSources;
};

/** What opening a market's state may use: the database for reads and jobs, the clock, the log. */
export type MarketOpenContext = {
  /** The jobs' pool: read models load through it. */
  db: Db;
  clock: () => Date;
  log: Logger;
};

/** What a market's start-up, scheduled jobs and commands may use. */
export type MarketJobContext = MarketOpenContext & {
  /** The open database: its URL (bulk loads), both pools. */
  database: OpenDatabase;
  /** Progress lines for long work (first loads, settlement), one per phase. */
  progress(label: string): Progress;
  /** Whether an empty market loads its generated sample at start (SEED_SAMPLE_ON_EMPTY). */
  seedSampleOnEmpty: boolean;
  /**
   * Given to `start` only: aborted when the process is asked to stop during start-up (SIGTERM,
   * SIGINT). First loads and settlement then stop between batches, record what they did, and
   * return; the next start resumes them.
   */
  stopping?: AbortSignal;
};

/** A periodic job the platform's scheduler runs (never two runs of one job at a time). */
export type ScheduledJob = {
  name: string;
  intervalMs: number;
  failureMessage: string;
  run(stopping: AbortSignal): Promise<void>;
};

/** The market's live state in a holder of every market's state, typed by the market's key. */
export type MarketKey<State> = {
  readonly name: string;
  of(holder: { readonly markets: MarketStates }): State;
};

/** The state a market's key names: a market states its state's type once, in its key. */
export type MarketStateOf<Key> = Key extends MarketKey<infer State> ? State : never;

export function marketKey<State>(name: string): MarketKey<State> {
  return {
    name,
    of: ({ markets }) => markets.get(name) as State,
  };
}

/** Every market's live state, by market name. */
export class MarketStates {
  private readonly states = new Map<string, MarketStateBase>();

  constructor(entries: ReadonlyArray<readonly [string, MarketStateBase]> = []) {
    for (const [name, state] of entries) this.states.set(name, state);
  }

  get(name: string): MarketStateBase {
    const state = this.states.get(name);
    if (state === undefined) throw new Error(`market '${name}' is not open`);
    return state;
  }

  has(name: string): boolean {
    return this.states.has(name);
  }

  get all(): ReadonlyArray<readonly [string, MarketStateBase]> {
    return [...this.states.entries()];
  }

  get publications(): readonly Publication[] {
    return [...this.states.values()].flatMap((state) => state.publications);
  }
}

/**
 * A market as the platform sees it, its settings and state types erased (`defineMarket` keeps
 * them typed inside the market); its name and tRPC router keep their types, which make the
 * website's `AppRouter`.
 */
export type Market<
  Name extends string = string,
  Router extends AnyRouter = AnyRouter,
  Window extends DayWindow | null = DayWindow | null,
> = {
  /** Lower case: the key of its state, and how logs and errors name it. */
  readonly name: Name;
  /** Its environment variables (zod schemas), merged into the one validated environment. */
  readonly env: z.ZodRawShape;
  /**
   * Its flags in `env` that turn an outside source on (a sync from a remote host): each defaults
   * to false when OUTSIDE_SOURCES_ENABLED is false and the flag itself is not set.
   */
  readonly outsideSourceSwitches?: readonly string[];
  /** REST routes, in the order the reference lists them. */
  readonly routes: readonly Route[];
  /** The OpenAPI tags its routes use that the platform does not, each with its description. */
  readonly tags: Readonly<Record<string, string>>;
  /** Procedures for the website, merged into the app router (the market names them). */
  readonly trpc: Router;
  /** Operator commands and their help lines. */
  readonly commands: CommandModule;
  /** What the chat knows of this market. */
  readonly chat: ChatMarket;
  /**
   * The sources whose runs it logs in the sync log (`source_sync`), as the log names them: `tpi
   * status` and the website's /status list their latest runs.
   */
  readonly syncSources: readonly string[];
  /** Documents MCP clients can read besides the tools (methodology texts). */
  readonly resources: readonly McpResource[];
  /**
   * What a keyless caller may read of its history today (UTC days), by the api's clock; null for
   * a market whose values need a key whatever the day.
   */
  freeWindow(now: Date): Window;
  /**
   * The keys of the series its events name, when they are a fixed list: a webhook or stream
   * filter's `series` is checked against them. Null (the default): any key of the right form.
   */
  readonly eventSeries: readonly string[] | null;
  /**
   * Whether an account of `plan` may receive an event of this scope: the answer a GET of the same
   * values with the account's key would get (the refusal's words when not). Checked again at
   * each delivery, so a plan changed since subscribing counts. By default every plan reads every
   * event (every key reads every value of the market).
   */
  eventAccess(scope: EventScope, plan: AccountPlan): Result<unknown, DomainError>;
  /**
   * Its published series as tables: what its releases and bulk files hold (CSV and Parquet), one
   * dataset per history route. Empty: the market is in no release.
   */
  readonly bulkDatasets: readonly MarketBulkDataset[];
  /** Builds the live state over the database from the validated environment. */
  open(env: Readonly<Record<string, unknown>>, context: MarketOpenContext): MarketStateBase;
  /**
   * Server start: first loads (sample or sources; recorded in `data_load` and resumed until
   * complete), then settlement and publication. Returns early once `context.stopping` is aborted.
   */
  start(state: MarketStateBase, context: MarketJobContext): Promise<void>;
  /** Periodic work after start: syncs, settlement, prints (reloads are the platform's). */
  jobs(state: MarketStateBase, context: MarketJobContext): readonly ScheduledJob[];
};

export type MarketDefinition<
  Name extends string,
  Router extends AnyRouter,
  State extends MarketStateBase,
  Settings,
  EnvShape extends z.ZodRawShape,
  Window extends DayWindow | null = DayWindow,
> = Omit<
  Market<Name, Router, Window>,
  | "env"
  | "outsideSourceSwitches"
  | "resources"
  | "freeWindow"
  | "eventSeries"
  | "eventAccess"
  | "bulkDatasets"
  | "open"
  | "start"
  | "jobs"
> & {
  /** The fixed keys of its events' series; by default none (any key of the right form). */
  readonly eventSeries?: readonly string[];
  /** Which plans receive which of its events; by default every plan, every event. */
  eventAccess?: (scope: EventScope, plan: AccountPlan) => Result<unknown, DomainError>;
  /** Its published series as tables for releases and bulk files; by default none. */
  readonly bulkDatasets?: readonly MarketBulkDataset[];
  /** What a keyless caller may read today; by default nothing (every value needs a key). */
  freeWindow?: (now: Date) => Window;
  readonly key: MarketKey<State>;
  /**
   * Its methodology as an MCP resource in Markdown (`tpi://methodology/<name>`), written from the
   * live state when read; listed before `resources`.
   */
  readonly methodology?: {
    /** The document's title: "Memory index methodology". */
    title: string;
    description: string;
    text(state: State): MethodologyText;
  };
  /** Other documents MCP clients can read (none by default). */
  readonly resources?: readonly McpResource[];
  readonly env: EnvShape;
  readonly outsideSourceSwitches?: readonly (keyof EnvShape & string)[];
  settingsFrom(env: z.output<z.ZodObject<EnvShape>>): Settings;
  open(settings: Settings, context: MarketOpenContext): State;
  start(state: State, settings: Settings, context: MarketJobContext): Promise<void>;
  jobs(state: State, settings: Settings, context: MarketJobContext): readonly ScheduledJob[];
};

/**
 * A market from its typed definition: the environment it receives is the validated one (its own
 * variables among them), and its state is the one its key names.
 */
export function defineMarket<
  const Name extends string,
  Router extends AnyRouter,
  State extends MarketStateBase,
  Settings,
  EnvShape extends z.ZodRawShape,
  Window extends DayWindow | null = null,
>(
  definition: MarketDefinition<Name, Router, State, Settings, EnvShape, Window>,
): Market<Name, Router, Window> {
  if (definition.key.name !== definition.name)
    throw new Error(`market '${definition.name}' has the key of '${definition.key.name}'`);
  const settingsByState = new WeakMap<MarketStateBase, Settings>();
  const settingsOf = (state: MarketStateBase): Settings => {
    const settings = settingsByState.get(state);
    if (settings === undefined) throw new Error(`${definition.name}: state of another market`);
    return settings;
  };
  return {
    name: definition.name,
    env: definition.env,
    ...(definition.outsideSourceSwitches === undefined
      ? {}
      : { outsideSourceSwitches: definition.outsideSourceSwitches }),
    routes: definition.routes,
    tags: definition.tags,
    trpc: definition.trpc,
    commands: definition.commands,
    chat: definition.chat,
    syncSources: definition.syncSources,
    resources: [
      ...(definition.methodology === undefined
        ? []
        : [methodologyResourceOf(definition.name, definition.key, definition.methodology)]),
      ...(definition.resources ?? []),
    ],
    freeWindow: definition.freeWindow ?? ((): Window => null as Window),
    eventSeries: definition.eventSeries ?? null,
    eventAccess: definition.eventAccess ?? (() => ok(undefined)),
    bulkDatasets: definition.bulkDatasets ?? [],
    open(env, context) {
      const settings = definition.settingsFrom(env as z.output<z.ZodObject<EnvShape>>);
      const state = definition.open(settings, context);
      settingsByState.set(state, settings);
      return state;
    },
    start: (state, context) => definition.start(state as State, settingsOf(state), context),
    jobs: (state, context) => definition.jobs(state as State, settingsOf(state), context),
  };
}

/**
 * A market's methodology as an MCP resource in Markdown, at `tpi://methodology/<market>`: headed
 * by its title and the version of the method in force (its provenance's), then its opening lines
 * (by default its unit) and sections as `text` states them from what is served now.
 */
function methodologyResourceOf<State extends MarketStateBase>(
  market: string,
  key: MarketKey<State>,
  methodology: { title: string; description: string; text(state: State): MethodologyText },
): McpResource {
  return {
    name: `${market}-methodology`,
    uri: `tpi://methodology/${market}`,
    title: methodology.title,
    description: methodology.description,
    mimeType: "text/markdown",
    read(deps) {
      const state = key.of(deps);
      const { unit, methodologyVersion } = state.provenance();
      const { opening = [`Unit: ${unit}.`], sections } = methodology.text(state);
      return [
        `# ${methodology.title}, version ${methodologyVersion}`,
        ...opening,
        ...sections.map(({ heading, lines }) => `## ${heading}\n\n${lines.join("\n")}`),
      ].join("\n\n");
    },
  };
}

/** Opens every market's state (read models over the database, not yet loaded). */
export function openMarkets(
  markets: readonly Market[],
  env: Readonly<Record<string, unknown>>,
  context: MarketOpenContext,
): MarketStates {
  const names = new Set<string>();
  for (const market of markets) {
    if (names.has(market.name)) throw new Error(`two markets are named '${market.name}'`);
    names.add(market.name);
  }
  return new MarketStates(markets.map((market) => [market.name, market.open(env, context)]));
}
