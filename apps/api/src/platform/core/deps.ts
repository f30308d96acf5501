import {
  CHAT_RATE_LIMIT,
  DEFAULT_NEW_ACCOUNT_PLAN,
  DEFAULT_TRIAL_PERIOD_HOURS,
  PUBLIC_RATE_LIMIT,
  type AccountPlan,
  type OAuthLimits,
  type RateLimitRule,
} from "@tpi/domain";
import type { Db } from "@tpi/db";
import type { ApiKeyAuthenticator } from "../auth/api-key-authenticator";
import type { OAuthAccessTokens } from "../auth/oauth-tokens";
import type { DatabaseHealth } from "../health/database-health";
import type { Logger } from "../observability/logger";
import type { Metrics } from "../observability/metrics";
import type { RedisConnection } from "../redis/redis-connection";
import type { ChatModel } from "./chat";
import type { Market, MarketStates } from "./market";
import type { MarketLoading } from "../publication/market-loading";
import type { LiveEvents } from "../events/live-events";
import type { ReleaseReader } from "../releases/release-reader";

/** Everything the api's routes and routers read: stores, clock, configuration. */
export type AppDeps = {
  /** The requests' pool. */
  db: Db;
  /** The markets served, in the order of the reference (routes, tools, chat, tRPC namespaces). */
  marketList: readonly Market[];
  /** Each market's live state (published sets in memory, settings), by market name. */
  markets: MarketStates;
  /**
   * Which markets are loading their published data (their data routes answer 503 `loading`); the
   * server keeps it current. Without it no market is loading (tests serve what they loaded).
   */
  marketLoading?: MarketLoading;
  /** The chat's optional model backend; the built-in engine answers alone when absent. */
  chatModel?: ChatModel;
  auth: ApiKeyAuthenticator;
  /** /mcp's check of OAuth access tokens; `createApi` opens one over `db` when absent. */
  oauthTokens?: OAuthAccessTokens;
  /** The OAuth authorization server's outbound fetches (client metadata documents); see OAuthSettings. */
  oauth?: OAuthSettings;
  /** Whether the database answers; request failures on it report here (one log line per outage). */
  databaseHealth: DatabaseHealth;
  /** The UTC clock; injected so that tests can pin "today". */
  clock: () => Date;
  /** The waits the api imposes (the sign-in slowdown); setTimeout unless a test records them. */
  sleep?: (ms: number) => Promise<void>;
  /**
   * Wakes the mail outbox once a mail was committed to it, so that it leaves at once (the server
   * passes its outbox job's wake; without one, the next periodic flush sends it).
   */
  mailQueued?: () => void;
  log: Logger;
  /** The process's metrics (GET /metrics); a fresh set per app when absent. */
  metrics?: Metrics;
  /** Bearer token the website presents to the internal tRPC router; without one, tRPC is closed. */
  internalToken?: string;
  /** Allowances, trusted origins and the optional shared Redis store; the contract's limits in memory by default. */
  rateLimits?: RateLimitSettings;
  /** Express "trust proxy" (TRUST_PROXY): false by default, so X-Forwarded-For is ignored. */
  trustProxy?: false | number | readonly string[];
  /** Browser origins allowed by CORS (CORS_ORIGINS); none by default. */
  corsOrigins?: readonly string[];
  /** Unrevoked keys an account may hold (MAX_KEYS_PER_ACCOUNT). */
  maxKeysPerAccount?: number;
  /** Megabytes of settled answers kept serialised (ANSWER_CACHE_MAX_MB). */
  answerCacheMaxMb?: number;
  /** The website's accounts (account.* procedures); the defaults below when absent. */
  websiteAccounts?: WebsiteAccountSettings;
  /** Repeated settled GETs skip Express's router (HTTP_FAST_LANE); on unless false. */
  fastLane?: boolean;
  /** Webhook targets and the dispatcher's wake; https to public addresses only when absent. */
  webhooks?: WebhookSettings;
  /**
   * The live streams' and MCP subscriptions' event feed and settings; `createApi` opens one over
   * `db` (polling only, the default settings) when absent.
   */
  liveEvents?: LiveEvents;
  /**
   * Reads datasets as a release holds them (the history routes' `release` parameter); `createApi`
   * opens one over `db` when absent.
   */
  releases?: ReleaseReader;
  /** Where this instance keeps release files it built (TPI_DATA_DIR/releases); the OS temp dir when absent. */
  releaseCacheDir?: string;
  /**
   * The nginx internal location serving releaseCacheDir (TPI_RELEASE_FILES_ACCEL_PREFIX): release
   * files are then handed to nginx (X-Accel-Redirect); absent, the api sends them itself.
   */
  releaseFilesAccelPrefix?: string;
};

export type WebhookSettings = {
  /**
   * WEBHOOK_ALLOW_HTTP and WEBHOOK_ALLOW_PRIVATE_TARGETS (private deployments and tests), and
   * WEBHOOK_DELIVERY_TIMEOUT_MS (a test delivery's time limit): the shape of the sender's
   * DeliveryPolicy, stated here because contracts sit below it.
   */
  policy: {
    readonly allowHttp: boolean;
    readonly allowPrivateAddresses: boolean;
    readonly timeoutMs?: number;
  };
  /** Wakes the dispatcher job once a delivery became due (the next tick otherwise). */
  wake?: () => void;
};

/**
 * The authorization server (served with the website's accounts: its consent page is theirs).
 * The shape of oauth/client-metadata-document's fetch policy, stated here because contracts sit
 * below it.
 */
export type OAuthSettings = {
  /** OAUTH_CLIENT_METADATA_ALLOW_LOOPBACK: client metadata documents on loopback addresses (tests only). */
  allowLoopbackMetadataDocuments: boolean;
  /** How host names resolve for those fetches (tests map a name to loopback); the system's otherwise. */
  resolveHost?: (hostname: string) => Promise<readonly { address: string; family: 4 | 6 }[]>;
  /** Extra trusted certificate authorities for those fetches, PEM (tests' self-signed stubs). */
  ca?: string;
  /** The authorization server's limits: OAUTH_LIMITS unless a test passes smaller ones. */
  limits?: OAuthLimits;
};

export type WebsiteAccountSettings = {
  /** The website's public address, for links in mails (TPI_PUBLIC_SITE_URL). */
  siteUrl: string;
  /**
   * The api's public address (TPI_PUBLIC_API_URL): the MCP authorization server's issuer and
   * resource. Undefined: the site's, whose nginx then serves the api's OAuth and MCP paths.
   */
  apiUrl?: string;
  /** False only for a website on plain http on loopback (TPI_SITE_PLAIN_HTTP). */
  cookieSecure: boolean;
  /** Trial length of a new account (TRIAL_PERIOD_HOURS). */
  trialPeriodHours: number;
  /** The plan of a new website account (NEW_ACCOUNT_PLAN): trial, premium or full. */
  newAccountPlan: AccountPlan;
  /** Who is mailed a trial's upgrade request (OPERATOR_MAIL); empty: every confirmed admin. */
  operatorMail: readonly string[];
};

/** Without configuration: the website on `next start`'s local address, Secure cookies. */
export const DEFAULT_WEBSITE_ACCOUNT_SETTINGS: WebsiteAccountSettings = {
  siteUrl: "http://localhost:3000",
  cookieSecure: true,
  trialPeriodHours: DEFAULT_TRIAL_PERIOD_HOURS,
  newAccountPlan: DEFAULT_NEW_ACCOUNT_PLAN,
  operatorMail: [],
};

export type RateLimitSettings = {
  /** Allowances; the contract's values unless a test shortens a window. */
  public: RateLimitRule;
  chat: RateLimitRule;
  /** Keyed `/mcp` calls; MCP_KEY_RATE_LIMIT when absent. */
  mcpKey?: RateLimitRule;
  /** Origins (scheme://host[:port]) whose requests skip the public limiter. */
  trustedOrigins: readonly string[];
  /** The shared store; without it every instance counts in its own memory. */
  redis?: RedisConnection;
  /** Prefix of this deployment's counters in Redis. */
  redisPrefix: string;
};

export const DEFAULT_RATE_LIMIT_SETTINGS: RateLimitSettings = {
  public: PUBLIC_RATE_LIMIT,
  chat: CHAT_RATE_LIMIT,
  trustedOrigins: [],
  redisPrefix: "tpi:rl:",
};
