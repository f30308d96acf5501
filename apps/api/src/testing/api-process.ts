import { API_DIR, buildApi, COMPILED, isStale } from "../../../../tooling/scripts/api-build.mjs";

/**
 * The api and the operators' CLI as their own processes, run as operators run them: `node
 * dist/main.js` (`npm start`) and `node dist/cli.js` (`npm run tpi`), compiled JavaScript without
 * TypeScript at run time (about a second to start, where tsx takes three). When a source is newer
 * than dist/ (a change not yet built), the api is compiled first, once per test process; in CI the
 * tests find the build `npm run build` made.
 */
export type ApiProcessCommand = { command: string; args: string[]; cwd: string };

let built = false;

export function apiProcess(entry: "main" | "cli", args: readonly string[] = []): ApiProcessCommand {
  if (!built) {
    if (isStale("main") || isStale("cli")) {
      const result = buildApi("pipe");
      if (result.status !== 0)
        throw new Error(`the api failed to compile (apps/api/build.mjs):\n${result.stderr}`);
    }
    built = true;
  }
  return {
    command: process.execPath,
    args: ["--enable-source-maps", COMPILED[entry], ...args],
    cwd: API_DIR,
  };
}
