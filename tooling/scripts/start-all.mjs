#!/usr/bin/env node
/**
 * Starts the api (port 8080 unless PORT) and the website (port 3000 unless WEB_PORT) together.
 * Both get the same internal service token (generated here unless INTERNAL_API_TOKEN is set),
 * so the website can call the api's internal tRPC router and the api can ask the website to
 * revalidate its pages when a day settles. Ctrl-C stops both. Both run compiled: the api from
 * apps/api/dist (built here first), the website from its Next.js build.
 */
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const [pnpm, ...prefix] = JSON.parse(process.env.TPI_PNPM ?? '["pnpm"]');
const internalToken = process.env.INTERNAL_API_TOKEN ?? randomBytes(32).toString("hex");
const apiPort = process.env.PORT ?? "8080";
const webPort = process.env.WEB_PORT ?? "3000";
const env = {
  ...process.env,
  INTERNAL_API_TOKEN: internalToken,
  PORT: apiPort,
  TPI_API_URL: process.env.TPI_API_URL ?? `http://127.0.0.1:${apiPort}`,
  // The api tells the website to drop its cached pages when a new day settles.
  TPI_WEB_URL: process.env.TPI_WEB_URL ?? `http://127.0.0.1:${webPort}`,
};

const apiBuild = spawnSync(process.execPath, [join(root, "apps", "api", "build.mjs")], {
  cwd: root,
  stdio: "inherit",
  env,
});
if (apiBuild.status !== 0) {
  console.error("the api failed to build; see above");
  process.exit(apiBuild.status ?? 1);
}

const build = spawnSync(pnpm, [...prefix, "--filter", "@tpi/web", "build"], {
  cwd: root,
  stdio: "inherit",
  env,
});
if (build.status !== 0) {
  console.error("the website failed to build; see above");
  process.exit(build.status ?? 1);
}

const children = [
  spawn(process.execPath, ["--enable-source-maps", join(root, "apps", "api", "dist", "main.js")], {
    cwd: join(root, "apps", "api"),
    stdio: "inherit",
    env,
  }),
];

/**
 * The website renders from the api, so it starts once the api answers /health (the first start
 * loads the samples and settles them first, which takes a little while).
 */
async function waitForApi(timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`http://127.0.0.1:${apiPort}/health`);
      if (res.status === 200) return true;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return false;
}

let apiReady = false;
children[0].once("exit", (code) => {
  if (apiReady) return;
  console.error("the api stopped while starting; see its output above");
  process.exit(code ?? 1);
});
console.log(
  `starting the api on http://localhost:${apiPort}; the website follows once the api answers`,
);
if (!(await waitForApi(10 * 60_000))) {
  console.error(
    `the api did not answer on http://localhost:${apiPort}/health within 10 minutes; stopping`,
  );
  children[0].kill("SIGTERM");
  process.exit(1);
}
apiReady = true;
children.push(
  spawn(pnpm, [...prefix, "--filter", "@tpi/web", "start", "--port", webPort], {
    cwd: root,
    stdio: "inherit",
    env: { ...env, PORT: webPort },
  }),
);
console.log(
  `ready: api on http://localhost:${apiPort} (try /api/otpi, reference at /docs), website on http://localhost:${webPort}`,
);

let exiting = false;
const stopAll = (code) => {
  if (exiting) return;
  exiting = true;
  for (const child of children) child.kill("SIGTERM");
  setTimeout(() => process.exit(code), 5_000).unref();
};
for (const child of children) child.on("exit", (code) => stopAll(code ?? 1));
process.on("SIGINT", () => stopAll(0));
process.on("SIGTERM", () => stopAll(0));
