/**
 * The api's layers, lowest first: a module imports only from its own layer or lower ones, types
 * included, so each can be read and tested without what sits above it (and the lowest layers are
 * not shaped by the ones above). Checked by `pnpm lint` (tooling/eslint/layers.mjs) with the
 * folder-cycle check; every folder must be listed here. docs/architecture.md draws the same
 * order. Besides: the platform never names a market, and a market never reaches into another.
 */
export const LAYERS = {
  root: "src",
  layers: [
    // What the platform stands on: logs and metrics, provenance, the database's health, the
    // shared Redis connection.
    {
      name: "platform foundations",
      folders: [
        "platform/observability",
        "platform/provenance",
        "platform/health",
        "platform/redis",
      ],
    },
    // The event feed: this instance's tail of the event outbox, the open streams and their
    // per-key count. Below the contracts, whose dependencies name it.
    { name: "event feed", folders: ["platform/events"] },
    // Who asks: API keys and the callers they stand for.
    { name: "keys", folders: ["platform/auth"] },
    // The contracts every part shares (a market, its routes, chat, commands and documents, the
    // app's dependencies, the environment), with the parts markets build on: published sets and
    // file readers. Every type the layers above exchange is defined here or below.
    {
      name: "platform contracts",
      folders: [
        "platform/core",
        "platform/publication",
        "platform/ingest",
        "platform/bulk",
        "platform/releases",
      ],
    },
    // Outgoing webhooks: signatures (Standard Webhooks) and the sender that refuses private
    // targets. Below the routes and features that deliver, above nothing they need.
    { name: "webhook delivery", folders: ["platform/webhooks"] },
    // Routes, the one request pipeline, parameters, errors, the fast lane.
    { name: "http", folders: ["platform/http"] },
    {
      name: "http services",
      folders: [
        "platform/rate-limit",
        "platform/openapi",
        "platform/streams",
        "platform/mcp",
        "platform/oauth",
        "platform/webhook-api",
      ],
    },
    {
      name: "platform features",
      folders: ["platform/accounts", "platform/chat", "platform/jobs", "platform/release-api"],
    },
    { name: "website router", folders: ["platform/trpc"] },
    { name: "runtime", folders: ["platform/runtime"] },
    { name: "command line", folders: ["platform/cli"] },
    // The platform assembled: the app, the server, the route list.
    { name: "platform", folders: ["platform"] },
    // A market, bottom up: its sources and schemas, its read model, the answers, its jobs, its
    // routes and commands, then the market itself (state, chat, tRPC, the Market object).
    { name: "market sources and schemas", folders: ["markets/*/sources", "markets/*/schemas"] },
    { name: "market read model", folders: ["markets/*/read-model"] },
    // Its bulk datasets read the services' item rules; its routes read a release's rows back.
    { name: "market services", folders: ["markets/*/services", "markets/*/bulk"] },
    { name: "market jobs", folders: ["markets/*/jobs"] },
    { name: "market routes and commands", folders: ["markets/*/routes", "markets/*/cli"] },
    { name: "market", folders: ["markets/*"] },
    { name: "market list", folders: ["markets"] },
    // Process entry points (main.ts, cli.ts) and the website's router type.
    { name: "entry points", folders: ["."] },
    // Test assembly: whole apps and servers, stubs of outside services.
    { name: "tests", folders: ["testing", "contract"] },
  ],
  forbidden: [
    {
      from: "platform/**",
      to: "markets/**",
      message: "the platform knows no market by name: take what you need from the Market type",
    },
    {
      from: "markets/*/**",
      to: "markets/*/**",
      sameSegmentAllowed: 1,
      message: "a market never imports another market: share through the platform or the domain",
    },
  ],
};
