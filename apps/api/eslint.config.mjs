import { base } from "@tpi/eslint-config";

/**
 * The api's layers, lowest first. A module imports only from its own layer or lower ones, so
 * that the request path, the batch jobs and the operators' commands can each be read (and
 * tested) without what sits above them:
 *
 *   1. logger.ts, metrics.ts, progress.ts,        (no api import)
 *      schemas/
 *   2. auth/, read-models/, ingest/               (parsing, caches of published data)
 *   3. services/, chat/                            (answer requests)
 *      jobs/                                       (batch work; may call services)
 *   4. http/, rate-limit/                          (Express edge helpers)
 *   5. openapi/ < routes/, trpc/                   (routes and trpc do not import each other)
 *   6. app.ts                                      (assembles the HTTP app)
 *   7. runtime.ts < server.ts                      (composition: configuration, database, schedule)
 *   8. main.ts, cli.ts, cli/                       (process entry points)
 *
 * env.ts is read only by layers 7 and 8: everything below receives its settings as arguments.
 * testing/ and the tests assemble whole servers and are exempt.
 */
const ABOVE = {
  base: "auth|read-models|ingest|services|chat|jobs|http|rate-limit|openapi|routes|trpc|app|runtime|server|main|cli|env|testing",
  readers:
    "services|chat|jobs|http|rate-limit|openapi|routes|trpc|app|runtime|server|main|cli|env|testing",
  services: "jobs|http|rate-limit|openapi|routes|trpc|app|runtime|server|main|cli|env|testing",
  jobs: "http|rate-limit|openapi|routes|trpc|app|runtime|server|main|cli|env|testing",
  edge: "openapi|routes|trpc|app|runtime|server|main|cli|env|testing",
  openapi: "routes|trpc|app|runtime|server|main|cli|env|testing",
  routes: "trpc|app|runtime|server|main|cli|env|testing",
  trpc: "routes|app|runtime|server|main|cli|env|testing",
  app: "runtime|server|main|cli|env|testing",
  composition: "main|cli|testing",
  cli: "main|server|testing",
  main: "cli|testing",
};

const TESTS = ["src/**/*.test.ts", "src/testing/**"];

/** Forbids relative imports of the named top-level folders or files of src/. */
const layer = (files, above, layerName) => ({
  files,
  ignores: TESTS,
  rules: {
    "no-restricted-imports": [
      "error",
      {
        patterns: [
          {
            regex: `^\\.{1,2}/(\\.\\./)*(${above})(/.*)?$`,
            message: `${layerName} may not import from a higher layer (see the layer order in apps/api/eslint.config.mjs).`,
          },
        ],
      },
    ],
  },
});

export default [
  ...base,
  layer(
    ["src/logger.ts", "src/metrics.ts", "src/progress.ts", "src/schemas/**"],
    ABOVE.base,
    "layer 1",
  ),
  layer(["src/auth/**", "src/read-models/**", "src/ingest/**"], ABOVE.readers, "layer 2"),
  layer(["src/services/**", "src/chat/**"], ABOVE.services, "services/ and chat/"),
  layer(["src/jobs/**"], ABOVE.jobs, "jobs/"),
  layer(["src/http/**", "src/rate-limit/**"], ABOVE.edge, "http/ and rate-limit/"),
  layer(["src/openapi/**"], ABOVE.openapi, "openapi/"),
  layer(["src/routes/**"], ABOVE.routes, "routes/"),
  layer(["src/trpc/**"], ABOVE.trpc, "trpc/"),
  layer(["src/app.ts"], ABOVE.app, "app.ts"),
  layer(["src/runtime.ts", "src/server.ts"], ABOVE.composition, "runtime.ts and server.ts"),
  layer(["src/cli.ts", "src/cli/**"], ABOVE.cli, "the CLI"),
  layer(["src/main.ts"], ABOVE.main, "main.ts"),
  {
    // One place reads the environment, validates it and gives it types: env.ts. Tests and
    // testing/ may pass the environment on to the child processes they start.
    files: ["src/**/*.ts"],
    ignores: ["src/env.ts", ...TESTS],
    rules: {
      "no-restricted-properties": [
        "error",
        {
          object: "process",
          property: "env",
          message: "Read configuration through env.ts (readEnv) and pass settings in.",
        },
      ],
    },
  },
];
