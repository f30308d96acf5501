/**
 * Tests talk to loopback only: every outside source is a stub on 127.0.0.1, so a test that
 * reaches for the internet is a defect (it depends on the network, and on a closed machine it
 * passes for a reason it does not state). This module, installed in every test process by
 * `loopback-setup.mjs` and in every Node process a test starts (through NODE_OPTIONS), refuses any
 * TCP connection or DNS look-up of a host that is not loopback, and records it: the refused
 * connection fails as an unreachable host would (asynchronously, with an error), and the test
 * that caused it fails with the host named.
 *
 * A process started by a test writes what it refused to the file named by
 * TPI_LOOPBACK_GUARD_LOG, which the test's own process reads after each test. (The test's own
 * process imports this module before it sets that variable, so it keeps its list in memory.)
 */
import { appendFileSync, existsSync, readFileSync } from "node:fs";
import dns from "node:dns";
import net from "node:net";

const INSTALLED = Symbol.for("tpi.loopbackOnly.installed");
const REFUSED = Symbol.for("tpi.loopbackOnly.refused");

/** Whether a host name or address is this machine's loopback. */
export function isLoopbackHost(host) {
  const name = String(host)
    .toLowerCase()
    .replace(/^\[|\]$/g, "");
  if (name === "localhost" || name.endsWith(".localhost")) return true;
  if (name === "::1" || name === "::" || name === "0.0.0.0") return true;
  const v4 = name.startsWith("::ffff:") ? name.slice("::ffff:".length) : name;
  return net.isIPv4(v4) && v4.startsWith("127.");
}

/** The host a `Socket#connect` call names, or undefined for a local (Unix) socket. */
function hostOfConnect(args) {
  let first = args[0];
  // net.connect hands Socket#connect its normalised arguments: [options, callback].
  if (Array.isArray(first)) first = first[0];
  if (first !== null && typeof first === "object") {
    if (first.path !== undefined) return undefined;
    return { host: first.host ?? "localhost", port: first.port };
  }
  if (typeof first === "number" || (typeof first === "string" && /^\d+$/.test(first)))
    return { host: typeof args[1] === "string" ? args[1] : "localhost", port: first };
  return undefined; // a path: a Unix socket
}

function refused() {
  globalThis[REFUSED] ??= [];
  return globalThis[REFUSED];
}

/** Records something refused outside Node's own sockets (a browser's request, say). */
export function recordRefused(what) {
  record(what);
}

/** Where a process started by a test writes what it refused (undefined in a test's process). */
let logFile;

function record(what) {
  const line = `${what} (pid ${process.pid}: ${process.argv.slice(1, 3).join(" ")})`;
  if (logFile === undefined) {
    refused().push(line);
    return;
  }
  try {
    appendFileSync(logFile, `${line}\n`);
  } catch {
    // the log is gone: the test that started this process has ended
  }
}

function refusal(what) {
  const error = new Error(`the tests' loopback guard refused ${what}: tests talk to loopback only`);
  error.code = "ENETUNREACH";
  return error;
}

/**
 * Patches net and dns in this process (once). A test's process keeps what it refused in memory
 * (`takeRefused`); a process a test started writes it to `options.logTo`.
 */
export function installLoopbackGuard(options = {}) {
  if (globalThis[INSTALLED]) return;
  globalThis[INSTALLED] = true;
  logFile = options.logTo;

  const connect = net.Socket.prototype.connect;
  net.Socket.prototype.connect = function guardedConnect(...args) {
    const target = hostOfConnect(args);
    if (target !== undefined && !isLoopbackHost(target.host)) {
      const what = `a connection to ${target.host}:${target.port}`;
      record(what);
      // As an unreachable host fails: later, through the socket's error event.
      process.nextTick(() => this.destroy(refusal(what)));
      return this;
    }
    return connect.apply(this, args);
  };

  const lookup = dns.lookup;
  dns.lookup = function guardedLookup(hostname, ...rest) {
    if (typeof hostname === "string" && !isLoopbackHost(hostname) && !net.isIP(hostname)) {
      const what = `a DNS look-up of ${hostname}`;
      record(what);
      const callback = rest.at(-1);
      if (typeof callback === "function") process.nextTick(() => callback(refusal(what)));
      return {};
    }
    return lookup.call(this, hostname, ...rest);
  };
  const promisesLookup = dns.promises.lookup;
  dns.promises.lookup = async function guardedPromisesLookup(hostname, ...rest) {
    if (typeof hostname === "string" && !isLoopbackHost(hostname) && !net.isIP(hostname)) {
      const what = `a DNS look-up of ${hostname}`;
      record(what);
      throw refusal(what);
    }
    return promisesLookup.call(this, hostname, ...rest);
  };
}

const GUARD_IMPORT = `--import=${new URL(import.meta.url).href}`;

/**
 * The environment that guards a Node process started outside a test (a global set-up's server):
 * it writes what it refused to `logFile`, which whoever started it reads (`refusedIn`).
 */
export function guardedProcessEnv(logFile) {
  const options = process.env.NODE_OPTIONS ?? "";
  return {
    NODE_OPTIONS: options.includes(GUARD_IMPORT) ? options : `${options} ${GUARD_IMPORT}`.trim(),
    TPI_LOOPBACK_GUARD_LOG: logFile,
  };
}

/** The lines a guarded process wrote to `logFile` (none when it does not exist). */
export function refusedIn(logFile) {
  return existsSync(logFile) ? readFileSync(logFile, "utf8").split("\n").filter(Boolean) : [];
}

/** What was refused in this process since the last call, emptied. */
export function takeRefused() {
  return refused().splice(0);
}

// Loaded with `node --import` (NODE_OPTIONS of the processes a test starts): guard at once.
if (process.env.TPI_LOOPBACK_GUARD_LOG)
  installLoopbackGuard({ logTo: process.env.TPI_LOOPBACK_GUARD_LOG });
