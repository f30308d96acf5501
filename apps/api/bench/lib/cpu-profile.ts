import { readFileSync } from "node:fs";

/**
 * Where an api process spent its CPU under load, from a V8 CPU profile (`node --cpu-prof`): every
 * sample is charged to the innermost stage of the request path on its stack, so the shares add up
 * to 100 % and nothing is counted twice. The stages are what the issue of speed asks about
 * (security headers, limiter, key check, serialization, routing) and the rest a request costs.
 */
type ProfileNode = {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
};
type CpuProfile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };

export type StageShare = { stage: string; percent: number; milliseconds: number };

type Stage = { name: string; matches: (frame: ProfileNode["callFrame"]) => boolean };

const fromPackage = (name: string) => (frame: ProfileNode["callFrame"]) =>
  frame.url.includes(`/node_modules/${name}/`);
const named =
  (...names: string[]) =>
  (frame: ProfileNode["callFrame"]) =>
    names.includes(frame.functionName);

/** Innermost first: a frame of an earlier stage wins over any caller of a later one. */
const REQUEST_STAGES: readonly Stage[] = [
  {
    // Node serialising the status line and headers and handing the bytes to the socket.
    name: "writing the response (Node's http, socket)",
    matches: (f) =>
      named(
        "end",
        "_send",
        "writeHead",
        "_storeHeader",
        "_writeRaw",
        "writev",
        "writevGeneric",
      )(f) &&
      (f.url.startsWith("node:") || f.url === ""),
  },
  {
    name: "serialization and compression (JSON, zlib)",
    matches: (f) =>
      named("stringify", "brotliCompressSync", "gzipSync", "zlibBufferSync")(f) ||
      f.url === "node:zlib",
  },
  {
    name: "key check (authenticator, hashing)",
    matches: (f) =>
      named("authenticate", "hashApiKey", "checkKey", "requireKey")(f) ||
      f.url.includes("api-key-authenticator"),
  },
  {
    name: "rate limiter",
    matches: (f) =>
      fromPackage("express-rate-limit")(f) || named("fromTrustedOrigin", "publicLimiter")(f),
  },
  { name: "CORS", matches: (f) => fromPackage("cors")(f) || named("normalizeOrigin")(f) },
  {
    name: "security headers",
    matches: (f) => fromPackage("helmet")(f) || named("sendSecurityHeaders")(f),
  },
  {
    name: "request id, access log, metrics",
    matches: (f) =>
      fromPackage("prom-client")(f) ||
      fromPackage("pino")(f) ||
      named(
        "identifyRequest",
        "requestFinished",
        "limiterDecided",
        "runWithRequestId",
        "runSynchronouslyWithRequestId",
        "keepRequestId",
        "currentRequestId",
        "randomUUID",
      )(f) ||
      // The request record's own steps (request-context.ts), in the api's bundle or source.
      (named("begin", "finish")(f) &&
        (f.url.endsWith("/dist/main.js") || f.url.includes("request-context"))),
  },
  {
    name: "the answer (settled cache, headers, validation, handler)",
    matches: (f) =>
      fromPackage("zod")(f) ||
      named("sendPrepared", "serveSettled", "sendKept", "setCachingHeaders", "validatedHandler")(f),
  },
  {
    name: "routing (Express router, fast lane)",
    matches: (f) =>
      fromPackage("router")(f) ||
      fromPackage("express")(f) ||
      fromPackage("parseurl")(f) ||
      named("tryServe")(f) ||
      f.url.includes("fast-lane"),
  },
];

/** The stage of samples where the process waited (no JavaScript, no native work). */
const IDLE = "idle";

/** Where a sample goes when no request stage is on its stack. */
const GENERIC_STAGES: readonly Stage[] = [
  {
    name: "Node's HTTP server and sockets",
    matches: (f) => f.url.startsWith("node:") || named("writev", "writeBuffer", "parse")(f),
  },
  { name: "garbage collection", matches: named("(garbage collector)") },
  { name: IDLE, matches: named("(idle)") },
];

export function summarizeCpuProfile(path: string): StageShare[] {
  const profile = JSON.parse(readFileSync(path, "utf8")) as CpuProfile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parentOf.set(child, node.id);
  // The stage of each node, innermost matching frame on its stack (memoised per node).
  const stageOf = new Map<number, string>();
  const stageFor = (id: number): string => {
    const known = stageOf.get(id);
    if (known !== undefined) return known;
    // A request stage anywhere on the stack takes the sample (Node's setHeader called by the
    // security headers is the headers' cost); only samples outside every stage are Node's own.
    let stage: string | undefined;
    for (let at: number | undefined = id; at !== undefined && !stage; at = parentOf.get(at)) {
      const node = byId.get(at);
      stage = node && REQUEST_STAGES.find((candidate) => candidate.matches(node.callFrame))?.name;
    }
    const leaf = byId.get(id);
    stage ??=
      (leaf && GENERIC_STAGES.find((candidate) => candidate.matches(leaf.callFrame))?.name) ??
      "other (native, start-up, jobs)";
    stageOf.set(id, stage);
    return stage;
  };
  const micros = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i] ?? 0;
    total += delta;
    const stage = stageFor(id);
    micros.set(stage, (micros.get(stage) ?? 0) + delta);
  });
  return [...micros.entries()]
    .map(([stage, us]) => ({ stage, percent: (100 * us) / total, milliseconds: us / 1000 }))
    .sort((a, b) => b.percent - a.percent);
}

/**
 * The summary as lines of text, for the console and commit messages: each stage's share of the
 * whole profile, then of the busy time (idle left out), which is what the request path costs.
 */
export function formatStageShares(shares: readonly StageShare[]): string {
  const busy = shares.filter((s) => s.stage !== IDLE).reduce((sum, s) => sum + s.milliseconds, 0);
  return shares
    .map((s) => {
      const ofBusy =
        s.stage === IDLE || busy <= 0
          ? "".padStart(15)
          : `(${((100 * s.milliseconds) / busy).toFixed(1).padStart(4)} % busy)`;
      return `${s.percent.toFixed(1).padStart(5)} %  ${ofBusy}  ${s.stage} (${s.milliseconds.toFixed(0)} ms)`;
    })
    .join("\n");
}
