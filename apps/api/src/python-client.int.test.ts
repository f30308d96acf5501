// @module-tag zone
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { PUBLIC_RATE_LIMIT } from "@tpi/domain";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startContractApi, type ContractApi } from "./contract/contract-api";
import { LLM_CODING } from "./markets/llm-coding/read-model/state";
import { MEMORY } from "./markets/memory/read-model/state";
import { NEOCLOUD } from "./markets/neocloud/read-model/state";
import { RELAXED_RATE_LIMITS, startTestApi, type TestApi } from "./testing/test-api";

/**
 * packages/client-python's unittest suite against this api, running: the contract's api (the token,
 * GPU and Workload samples, settled; a restatement; keys of each plan) with the Memory, LLM Coding
 * and Neo-Cloud samples loaded too, and a second api whose public limiter allows 2 requests a second
 * (a real 429 with a Retry-After the client waits out). The Python tests read their addresses and
 * keys from the environment (packages/client-python/tests/support.py).
 *
 * The interpreter: TPI_PYTHON, else Debian's /usr/bin/python3 (which has pandas when python3-pandas
 * is installed: CI installs it), else python3 on PATH. The pandas test may skip only when no pandas
 * imports; in CI it must not.
 */
const PACKAGE_DIR = fileURLToPath(new URL("../../../packages/client-python", import.meta.url));

function python(): string | undefined {
  const candidates = [process.env.TPI_PYTHON, "/usr/bin/python3", "python3"].filter(
    (candidate): candidate is string => Boolean(candidate),
  );
  return candidates.find(
    (candidate) =>
      (candidate.includes("/") ? existsSync(candidate) : true) &&
      spawnSync(candidate, ["-c", "import sys; sys.exit(sys.version_info < (3, 9))"]).status === 0,
  );
}

const interpreter = python();
const hasPandas =
  interpreter !== undefined &&
  spawnSync(interpreter, ["-c", "import pandas"], { stdio: "ignore" }).status === 0;

let contract: ContractApi;
let limited: TestApi;
beforeAll(async () => {
  contract = await startContractApi();
  for (const published of [
    MEMORY.of(contract.api.deps).index,
    LLM_CODING.of(contract.api.deps).counts,
    NEOCLOUD.of(contract.api.deps).sites,
  ]) {
    published.allowSample(true);
    await published.refresh();
  }
  limited = await startTestApi({
    now: new Date(),
    configure: (deps) => ({
      ...deps,
      rateLimits: {
        ...RELAXED_RATE_LIMITS,
        public: { ...PUBLIC_RATE_LIMIT, limit: 2, windowMs: 1_000 },
      },
    }),
  });
}, 120_000);
afterAll(async () => {
  await limited?.close();
  await contract?.api.close();
});

/** Runs the interpreter without blocking this process, whose event loop serves the api. */
function run(
  command: string,
  args: readonly string[],
  env: Record<string, string>,
): Promise<{ status: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: PACKAGE_DIR,
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("error", reject);
    child.on("close", (status) => resolve({ status, output }));
  });
}

const needsPython = interpreter === undefined && !process.env.CI;

/**
 * The Python client's TypedDicts (src/tpi_client/schemas.py) are generated from the served
 * document, as the TypeScript client's types are: `pnpm --filter @tpi/api client:types` rewrites
 * both (this file runs there with `--update`).
 */
it.skipIf(needsPython)(
  "the Python client's schemas.py is generated from the served OpenAPI document",
  async () => {
    expect(
      interpreter,
      "no python3 >= 3.9 found (TPI_PYTHON, /usr/bin/python3, python3)",
    ).toBeDefined();
    const res = await contract.api.get("/openapi.json");
    expect(res.status).toBe(200);
    const scratch = mkdtempSync(join(tmpdir(), "tpi-python-schemas-"));
    try {
      writeFileSync(join(scratch, "openapi.json"), res.text);
      const { status, output } = await run(
        interpreter as string,
        ["scripts/generate_types.py", join(scratch, "openapi.json"), join(scratch, "schemas.py")],
        { PYTHONDONTWRITEBYTECODE: "1" },
      );
      expect(status, output).toBe(0);
      await expect(
        readFileSync(join(scratch, "schemas.py"), "utf8"),
        "packages/client-python's schemas.py differs from GET /openapi.json: run `pnpm --filter @tpi/api client:types`",
      ).toMatchFileSnapshot(join(PACKAGE_DIR, "src", "tpi_client", "schemas.py"));
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  },
);

it.skipIf(needsPython)(
  "the Python client's unittest suite passes against the running api",
  async () => {
    expect(
      interpreter,
      "no python3 >= 3.9 found (TPI_PYTHON, /usr/bin/python3, python3)",
    ).toBeDefined();
    const { status, output } = await run(
      interpreter as string,
      [
        "-m",
        "unittest",
        "discover",
        "--start-directory",
        "tests",
        "--top-level-directory",
        ".",
        "-v",
      ],
      {
        PYTHONPATH: `${PACKAGE_DIR}/src`,
        PYTHONDONTWRITEBYTECODE: "1",
        TPI_BASE_URL: contract.api.url,
        TPI_API_KEY: contract.keys.full,
        TPI_TEST_PREMIUM_KEY: contract.keys.premium,
        TPI_TEST_LIMITED_URL: limited.url,
        TPI_TEST_REQUIRE_PANDAS: hasPandas || process.env.CI ? "1" : "0",
      },
    );
    // The whole report on failure: which test, and unittest's traceback.
    expect(status, output).toBe(0);
    expect(output).toMatch(/^OK/m);
    // Every test file was found and run (a discovery that finds nothing also says OK).
    expect(Number(/^Ran (\d+) tests? in /m.exec(output)?.[1]), output).toBeGreaterThanOrEqual(45);
    // Skips are named with their reason in the verbose report. Allowed: the tests of routes this
    // api's OpenAPI document does not have yet, the pip install where the interpreter has no pip,
    // and the pandas test where pandas does not import (never in CI: TPI_TEST_REQUIRE_PANDAS).
    const allowed = [
      /not served by this api/,
      /pip is not installed/,
      ...(hasPandas ? [] : [/pandas is not importable/]),
    ];
    const skipped = output.split("\n").filter((line) => / \.\.\. skipped /.test(line));
    for (const line of skipped)
      expect(
        allowed.some((reason) => reason.test(line)),
        `skipped: ${line}\n${output}`,
      ).toBe(true);
  },
  240_000,
);
