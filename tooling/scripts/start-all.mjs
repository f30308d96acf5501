#!/usr/bin/env node
/**
 * Starts the api (port 8080 unless PORT) and the website (port 3000 unless WEB_PORT) together.
 * Both get the same internal service token (generated here unless INTERNAL_API_TOKEN is set),
 * so the website can call the api's internal tRPC router and the api can ask the website to
 * revalidate its pages when a day settles. Ctrl-C or SIGTERM stops both gracefully (see stopAll).
 * Both run compiled: the api from apps/api/dist (built here first), the website from its Next.js
 * build.
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
  // Production mode unless told otherwise: libraries add development aids (stack traces in
  // error bodies, unminified pages) outside it.
  NODE_ENV: process.env.NODE_ENV ?? "production",
  INTERNAL_API_TOKEN: internalToken,
  PORT: apiPort,
  TPI_API_URL: process.env.TPI_API_URL ?? `http://127.0.0.1:${apiPort}`,
  // The api tells the website to drop its cached pages when a new day settles.
  TPI_WEB_URL: process.env.TPI_WEB_URL ?? `http://127.0.0.1:${webPort}`,
  TPI_PUBLIC_SITE_URL: process.env.TPI_PUBLIC_SITE_URL ?? `http://localhost:${webPort}`,
  // The api's address as this machine's user reaches it: the MCP server's OAuth issuer (an agent
  // application adds http://localhost:<PORT>/mcp/oauth) and the address /docs shows.
  TPI_PUBLIC_API_URL: process.env.TPI_PUBLIC_API_URL ?? `http://localhost:${apiPort}`,
  // Unless told where the site is published, it is this machine's plain http: account cookies
  // then go without Secure, which browsers other than Chromium refuse over http.
  TPI_SITE_PLAIN_HTTP:
    process.env.TPI_SITE_PLAIN_HTTP ??
    (process.env.TPI_PUBLIC_SITE_URL === undefined ? "true" : "false"),
  // The api runs in production mode, where it refuses to log account mails' one-time links
  // unless told to. A site on this machine alone has no mail server: its user reads the links
  // in the api's log. A published site (TPI_PUBLIC_SITE_URL) must choose (MAIL_TRANSPORT=smtp).
  ...(process.env.MAIL_LOG_LINKS === undefined &&
  process.env.MAIL_TRANSPORT === undefined &&
  process.env.TPI_PUBLIC_SITE_URL === undefined
    ? { MAIL_LOG_LINKS: "true" }
    : {}),
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

/**
 * How long the api and the website get to stop after SIGTERM: the api's drain (SHUTDOWN_GRACE_MS,
 * 10 s by default) plus the 10 s it may take to close its pools and the embedded server, and a
 * margin. Whatever still runs then is killed and the exit code is 1.
 */
const STOP_TIMEOUT_MS = Number(process.env.SHUTDOWN_GRACE_MS ?? 10_000) + 15_000;

/** The api, then the website. */
const children = [];
let apiReady = false;
let stopping = false;

/**
 * Each child runs in its own process group and signals go to the whole group: pnpm, when
 * signalled, kills the shell it started but not the api under it, so signalling pnpm alone would
 * leave the api running. (A terminal's Ctrl-C therefore reaches this process only; it forwards.)
 */
function start(command, args, childEnv, cwd = root) {
  const child = spawn(command, args, {
    cwd,
    stdio: "inherit",
    env: childEnv,
    detached: true,
  });
  children.push(child);
  // One child stopping on its own stops the other; its exit code (1 when killed) is ours.
  child.on("exit", (code) => {
    if (!stopping && !apiReady)
      console.error("the api stopped while starting; see its output above");
    stopAll("SIGTERM", code ?? 1);
  });
}

/** Sends `signal` to every process of the child's group; false when none is left. */
function signalGroup(child, signal) {
  try {
    process.kill(-child.pid, signal);
    return true;
  } catch {
    return false;
  }
}

/** Resolves once no process of the child's group is left (the api outlives pnpm while it drains). */
async function groupGone(child) {
  while (signalGroup(child, 0)) await new Promise((resolve) => setTimeout(resolve, 100));
}

/** Forwards the stop to every group, waits for them (bounded), then exits with `code`. */
function stopAll(signal, code) {
  if (stopping) {
    console.log(`${signal}: already stopping; waiting for the api and the website to finish`);
    return;
  }
  stopping = true;
  for (const child of children) signalGroup(child, signal);
  const timer = setTimeout(() => {
    console.error(`the api or the website did not stop within ${STOP_TIMEOUT_MS} ms; killing them`);
    for (const child of children) signalGroup(child, "SIGKILL");
    process.exit(1);
  }, STOP_TIMEOUT_MS);
  void Promise.all(children.map(groupGone)).then(() => {
    clearTimeout(timer);
    process.exit(code);
  });
}

process.on("SIGINT", () => stopAll("SIGINT", 0));
process.on("SIGTERM", () => stopAll("SIGTERM", 0));
// Should this process end any other way, the children are not left running in their own groups.
process.on("exit", () => {
  for (const child of children) signalGroup(child, "SIGTERM");
});

/**
 * The website renders from the api, so it starts once the api answers /health (the first start
 * loads the samples and settles them first, which takes a little while).
 */
async function waitForApi(timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && !stopping) {
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

start(
  process.execPath,
  ["--enable-source-maps", join(root, "apps", "api", "dist", "main.js")],
  env,
  join(root, "apps", "api"),
);
console.log(
  `starting the api on http://localhost:${apiPort}; the website follows once the api answers`,
);
if (!(await waitForApi(10 * 60_000))) {
  if (!stopping) {
    console.error(
      `the api did not answer on http://localhost:${apiPort}/health within 10 minutes; stopping`,
    );
    stopAll("SIGTERM", 1);
  }
} else {
  apiReady = true;
  start(pnpm, [...prefix, "--filter", "@tpi/web", "start", "--port", webPort], {
    ...env,
    PORT: webPort,
  });
  console.log(
    `ready: api on http://localhost:${apiPort} (try /api/otpi, reference at /docs), website on http://localhost:${webPort}`,
  );
}
