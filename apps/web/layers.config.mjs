/**
 * The website's layers, lowest first (checked by `pnpm lint` with tooling/eslint/layers.mjs,
 * as the api's are): a module imports at run time only from its own layer or lower ones, and
 * every folder of src/ is listed. The site's shared parts sit below the markets and name none;
 * the site's chrome and lists sit above the market list and read every market through it.
 *
 * Two rules hold for type imports too: a shared part never imports a market, and a market never
 * reaches into another.
 */
const SHARED_MESSAGE =
  "a shared part knows no market by name: take what it needs from the market's entry";

export const LAYERS = {
  root: "src",
  layers: [
    // The website's configuration (env.ts, read once) and its security headers.
    { name: "configuration", folders: ["."] },
    // Pure helpers: formats, chart state, paths, Markdown, the api's types.
    { name: "lib", folders: ["lib"] },
    // The server's reads of the api (tRPC client, viewer, accounts).
    { name: "server", folders: ["server"] },
    // Shared components and the charts' browser script.
    { name: "components", folders: ["components", "client"] },
    // The market page kit: what every market's pages are built from.
    { name: "kit", folders: ["kit"] },
    { name: "market", folders: ["markets/*"] },
    { name: "market list", folders: ["markets"] },
    // The site around the markets: navigation, footer, known paths, sitemap, cards.
    { name: "site", folders: ["site"] },
    // Test assembly: stubs of the api's routers.
    { name: "tests", folders: ["testing", "testing/fixture-market"] },
  ],
  forbidden: [
    {
      from: "lib/**",
      to: "markets/**",
      message: SHARED_MESSAGE,
    },
    {
      from: "server/**",
      to: "markets/**",
      message: SHARED_MESSAGE,
    },
    {
      from: "components/**",
      to: "markets/**",
      message: SHARED_MESSAGE,
    },
    {
      from: "client/**",
      to: "markets/**",
      message: SHARED_MESSAGE,
    },
    {
      from: "kit/**",
      to: "markets/**",
      message: SHARED_MESSAGE,
    },
    {
      from: "markets/*/**",
      to: "markets/*/**",
      sameSegmentAllowed: 1,
      message: "a market never imports another market: share through the kit or the domain",
    },
  ],
};
