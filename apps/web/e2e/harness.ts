import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import {
  appendFileSync,
  chmodSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { buildApi, COMPILED, isStale } from "../../../tooling/scripts/api-build.mjs";
import { guardedProcessEnv, refusedIn } from "../../../tooling/vitest/loopback-only.mjs";

/**
 * Starts what the browser tests need, each bounded in time: the api (embedded PostgreSQL on a
 * fresh data directory, sample data) and the built website, on free loopback ports.
 * global-setup.ts starts them once per run; each test file connects with `connectSite`.
 */
export const WEB_DIR = join(dirname(fileURLToPath(import.meta.url)), "..");
export const API_DIR = join(WEB_DIR, "..", "api");
export const CHROMIUM_PATH = process.env.TPI_CHROMIUM_PATH ?? "/usr/bin/chromium";
export const ARTIFACTS_DIR = join(WEB_DIR, "test-artifacts");
/**
 * The origin the tests' own direct api reads send (`api()` in api-helpers.ts): the api trusts it
 * past the public limiter, so the test files' comparisons, which all come from 127.0.0.1 of one
 * shared site, never spend the 60-a-minute allowance that pages and visitors' tests exercise.
 */
export const E2E_DIRECT_ORIGIN = "http://e2e-direct.test";

const require = createRequire(import.meta.url);

/**
 * `node dist/main.js` or `node dist/cli.js ...`: the api and its CLI as operators run them,
 * compiled first when a source is newer than the build (once per process; CI's build is fresh).
 */
let apiBuildChecked = false;
function compiledApi(entry: "main" | "cli", args: readonly string[] = []): string[] {
  if (!apiBuildChecked) {
    if (isStale("main") || isStale("cli")) {
      const built = buildApi("pipe");
      if (built.status !== 0) throw new Error(`the api failed to compile:\n${built.stderr}`);
    }
    apiBuildChecked = true;
  }
  return ["--enable-source-maps", COMPILED[entry], ...args];
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function waitForOk(
  url: string,
  timeoutMs: number,
  child: ChildProcess,
  output: () => string,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`process exited (${child.exitCode}) before ${url} answered:\n${output()}`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs} ms:\n${output()}`);
}

/** The api's log line of a mail (MAIL_TRANSPORT=log, the default transport). */
const MAIL_LOG_MARK = "MAIL_TRANSPORT=log";

/**
 * Spawns a service and keeps the tail of its output. With `mailLog`, every mail line it logs is
 * appended to that file: the test files run in other processes than the one that started the
 * api, and read the mails from there.
 */
function startProcess(
  command: string,
  args: string[],
  cwd: string,
  env: Record<string, string>,
  mailLog?: string,
): { child: ChildProcess; output: () => string } {
  const child = spawn(command, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  // Mail lines are kept whole, all of them (the tail above is bounded and would drop them).
  let pending = "";
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-8_000);
  };
  // The api logs to stderr; both streams are read.
  const watch = (chunk: Buffer) => {
    keep(chunk);
    const lines = (pending + chunk.toString()).split("\n");
    pending = lines.pop() ?? "";
    const mails = lines.filter((line) => line.includes(MAIL_LOG_MARK));
    if (mailLog !== undefined && mails.length > 0)
      appendFileSync(mailLog, mails.map((line) => `${line}\n`).join(""));
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", watch);
  return { child, output: () => log };
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
  await exited;
  clearTimeout(timer);
}

/**
 * Another website process on the same build, reading the api at `apiUrl` (for instance through a
 * proxy the test can cut). Started once `/robots.txt` answers, which needs no api.
 */
export async function startWebsite(
  apiUrl: string,
  internalToken: string,
): Promise<{ url: string; stop(): Promise<void> }> {
  const port = await freePort();
  const web = startProcess(
    process.execPath,
    [
      require.resolve("next/dist/bin/next"),
      "start",
      "--port",
      String(port),
      "--hostname",
      "127.0.0.1",
    ],
    WEB_DIR,
    {
      TPI_API_URL: apiUrl,
      INTERNAL_API_TOKEN: internalToken,
      NEXT_TELEMETRY_DISABLED: "1",
      TPI_SITE_PLAIN_HTTP: "true",
      TPI_PUBLIC_SITE_URL: `http://127.0.0.1:${port}`,
    },
  );
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForOk(`${url}/robots.txt`, 120_000, web.child, web.output);
  } catch (error) {
    await stopProcess(web.child);
    throw error;
  }
  return { url, stop: () => stopProcess(web.child) };
}

/**
 * Where a started site answers, in plain values: Vitest hands it from the global set-up to every
 * test file (`provide`/`inject` serialize it), and `connectSite` rebuilds the helpers from it.
 */
export type SiteAddress = {
  apiUrl: string;
  webUrl: string;
  internalToken: string;
  /** The api's embedded PostgreSQL, for the operator's CLI. */
  databaseUrl: string;
  /** The file the api's logged mails are appended to, one line each. */
  mailLog: string;
};

declare module "vitest" {
  export interface ProvidedContext {
    /** Absent when Chromium is missing: the set-up starts no site and the browser tests skip. */
    e2eSite?: SiteAddress;
  }
}

export type Site = SiteAddress & {
  /** Creates an API key of a new account on `plan` with the operator's CLI; returns the key. */
  createKey(plan: "trial" | "premium" | "full"): string;
  /** Runs the operator's CLI (`tpi …`) against the api's database; returns its stdout. */
  cli(args: string[]): string;
  /** The api's logged mails so far (MAIL_TRANSPORT=log), one log line each, oldest first. */
  mails(): string[];
  /** The newest link to `path` (e.g. /account/verify-email) mailed to `email`, waiting for the outbox. */
  mailedLink(email: string, path: string): Promise<string>;
};

export type RunningSite = Site & { stop(): Promise<void> };

/** The key line of `tpi keys create`: the line after "shown this once". */
function keyFromCliOutput(output: string): string {
  const lines = output.split("\n").map((line) => line.trim());
  const key = lines[lines.findIndex((line) => line.includes("shown this once")) + 1];
  if (key === undefined || key === "") throw new Error(`no key in the CLI's output:\n${output}`);
  return key;
}

/** The helpers of a site started elsewhere (the global set-up), from its address. */
export function connectSite(address: SiteAddress): Site {
  // The CLI reaches the api's embedded PostgreSQL over its port (the server is the api's).
  const cli = (args: string[]) => {
    const run = spawnSync(process.execPath, compiledApi("cli", args), {
      cwd: API_DIR,
      env: { ...process.env, DATABASE_URL: address.databaseUrl, LOG_LEVEL: "warn" },
      encoding: "utf8",
      timeout: 120_000,
    });
    if (run.status !== 0)
      throw new Error(`tpi ${args.join(" ")} failed:\n${run.stdout}${run.stderr}`);
    return run.stdout;
  };
  const mails = () =>
    readFileSync(address.mailLog, "utf8")
      .split("\n")
      .filter((line) => line !== "");
  const mailedLink = async (email: string, path: string) => {
    // The outbox is flushed every 5 seconds: wait up to 30.
    const deadline = Date.now() + 30_000;
    const pattern = new RegExp(
      `https?://[^\\s"]*${path.replace(/[/]/g, "\\/")}\\?token=[A-Za-z0-9_-]+`,
    );
    while (Date.now() < deadline) {
      const line = mails()
        .reverse()
        .find((mail) => mail.includes(email) && pattern.test(mail));
      const link = line?.match(pattern)?.[0];
      if (link !== undefined) return link;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error(`no mail to ${email} with a ${path} link within 30 s:\n${mails().join("\n")}`);
  };
  const createKey = (plan: "trial" | "premium" | "full") =>
    keyFromCliOutput(
      cli([
        "keys",
        "create",
        "--name",
        `e2e-${plan}`,
        "--account-name",
        `e2e-${plan}`,
        "--plan",
        plan,
      ]),
    );
  return { ...address, createKey, cli, mails, mailedLink };
}

/**
 * Builds the website when no build exists (bounded), then starts the api and the website.
 * `apiEnv` adds to the api's environment: a test file starting its own site points the api at a
 * stub source with it (e.g. GPU_LEDGER_BASE_URL).
 */
export async function startSite(apiEnv: Record<string, string> = {}): Promise<RunningSite> {
  // Plain http on loopback: the account cookies are `tpi_session`/`tpi_form` without Secure
  // (the api and the website both read the flag; a browser keeps no __Host- cookie over http).
  const nextBin = require.resolve("next/dist/bin/next");
  if (!existsSync(join(WEB_DIR, ".next", "BUILD_ID"))) {
    const build = spawnSync(process.execPath, [nextBin, "build"], {
      cwd: WEB_DIR,
      stdio: "inherit",
      timeout: 600_000,
    });
    if (build.status !== 0) throw new Error("next build failed; see above");
  }

  const internalToken = randomBytes(24).toString("hex");
  const [apiPort, pgPort, webPort] = [await freePort(), await freePort(), await freePort()];
  const tempDir = mkdtempSync(join(tmpdir(), "tpi-web-e2e-"));
  // mkdtemp makes a 0700 directory; PostgreSQL runs as its own user when started by root.
  chmodSync(tempDir, 0o755);
  const dataDir = join(tempDir, "data");
  const mailLog = join(tempDir, "mails.log");
  writeFileSync(mailLog, "");
  // The site's processes talk to loopback only, as the tests' own do (tooling/vitest/loopback-only.mjs).
  const loopbackLog = join(tempDir, "loopback.log");
  const loopbackOnly = guardedProcessEnv(loopbackLog);
  const api = startProcess(
    process.execPath,
    compiledApi("main"),
    API_DIR,
    {
      PORT: String(apiPort),
      HOST: "127.0.0.1",
      TPI_EMBEDDED_PG_PORT: String(pgPort),
      TPI_DATA_DIR: dataDir,
      INTERNAL_API_TOKEN: internalToken,
      // info: the mails (with their links) are logged at info with MAIL_TRANSPORT=log; the links
      // whole, which the tests follow (the default outside production, said here in any case).
      LOG_LEVEL: "info",
      MAIL_LOG_LINKS: "true",
      DATABASE_URL: "",
      TPI_PUBLIC_SITE_URL: `http://127.0.0.1:${webPort}`,
      TPI_SITE_PLAIN_HTTP: "true",
      // As `npm start` does: the api tells the website when values change and at each UTC midnight.
      TPI_WEB_URL: `http://127.0.0.1:${webPort}`,
      // No browser test reaches an outside source: one that is about one points it at a loopback
      // stub and turns its own switch on in `apiEnv` (which wins); the pages show the samples.
      OUTSIDE_SOURCES_ENABLED: "false",
      RATE_LIMIT_TRUSTED_ORIGINS: E2E_DIRECT_ORIGIN,
      // Webhooks go to the tests' loopback receivers: plain http to a private address, which an
      // operator allows only in a private deployment (never beyond loopback here: see above).
      WEBHOOK_ALLOW_HTTP: "true",
      WEBHOOK_ALLOW_PRIVATE_TARGETS: "true",
      ...loopbackOnly,
      ...apiEnv,
    },
    mailLog,
  );
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  const web = startProcess(
    process.execPath,
    [nextBin, "start", "--port", String(webPort), "--hostname", "127.0.0.1"],
    WEB_DIR,
    {
      TPI_API_URL: apiUrl,
      INTERNAL_API_TOKEN: internalToken,
      NEXT_TELEMETRY_DISABLED: "1",
      TPI_SITE_PLAIN_HTTP: "true",
      // As behind nginx: the last X-Forwarded-For entry is the visitor's address. Here no proxy
      // appends one: Next.js sets the peer's (127.0.0.1) when a request has none, and a test
      // plays two visitors by sending the header nginx would have written.
      TPI_TRUST_PROXY: "1",
      ...loopbackOnly,
    },
  );
  const webUrl = `http://127.0.0.1:${webPort}`;
  /** Stops both; fails, naming them, when either reached beyond loopback meanwhile. */
  const stop = async () => {
    await Promise.all([stopProcess(web.child), stopProcess(api.child)]);
    const refused = refusedIn(loopbackLog);
    rmSync(tempDir, { recursive: true, force: true });
    if (refused.length > 0)
      throw new Error(
        `the browser tests' api or website reached beyond loopback:\n  ${refused.join("\n  ")}`,
      );
  };
  try {
    await waitForOk(`${apiUrl}/health`, 240_000, api.child, api.output);
    await waitForOk(`${webUrl}/docs`, 120_000, web.child, web.output);
  } catch (error) {
    await stop();
    throw error;
  }
  const databaseUrl = `postgresql://postgres:postgres@127.0.0.1:${pgPort}/tpi`;
  return { ...connectSite({ apiUrl, webUrl, internalToken, databaseUrl, mailLog }), stop };
}
