#!/usr/bin/env node
/* global process, console */
/**
 * Stands in for pnpm under `tooling/scripts/start-all.mjs` (TPI_PNPM) in its shutdown test: the
 * api runs through the real pnpm, as under `npm start`; the website is not built (minutes, and
 * not what the test is about) and a small HTTP server on its port takes its place, which stops on
 * SIGTERM like `next start` does. (The api itself is started by start-all with node, compiled.)
 */
import { spawn } from "node:child_process";
import { createServer } from "node:http";

const args = process.argv.slice(2);
const website = args.includes("@tpi/web");
if (website && args.includes("build")) process.exit(0);
if (website) {
  const port = Number(args[args.indexOf("--port") + 1]);
  const server = createServer((_req, res) => res.end("website stand-in"));
  process.on("SIGTERM", () => {
    console.log("website stand-in stopped");
    server.close(() => process.exit(0));
  });
  // Printed once the SIGTERM handler is in place: the test signals only after this line.
  server.listen(port, "127.0.0.1", () => console.log("website stand-in listening"));
} else {
  // The real pnpm; like it, this process does not outlive its child, and leaves signals to it.
  const child = spawn("pnpm", args, { stdio: "inherit" });
  for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => undefined);
  child.on("exit", (code, signal) => process.exit(code ?? (signal ? 128 : 1)));
}
