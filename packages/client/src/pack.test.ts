import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { packageDir, packedManifest, readCatalog, workspaceCatalog } from "../scripts/pack.mjs";
import * as source from "./index";
import type { paths } from "./index";
import { startNpmRegistryStub, type NpmRegistryStub } from "./testing/npm-registry-stub";

/**
 * Integration test (about half a minute): the documented way of using @tpi/client outside this
 * repository. `scripts/pack.mjs` (`pnpm --filter @tpi/client pack:tarball`) builds and packs the
 * package, an empty npm project in a temporary folder (outside the repository, so nothing resolves
 * from the workspace) `npm install`s the tarball, the repository's TypeScript type-checks the
 * README's example there under each module resolution a user may have, and Node runs the compiled
 * example against a loopback stub of `/api/otpi`. npm fetches openapi-fetch and @types/node (and
 * what they depend on) from a loopback stand-in for the registry that serves this workspace's
 * installed copies (`testing/npm-registry-stub.ts`): tests never leave the machine.
 */

const README_EXAMPLE = (() => {
  const readme = readFileSync(join(packageDir, "..", "..", "README.md"), "utf8");
  const quoted = /## TypeScript client[\s\S]*?```ts\n([\s\S]*?)```/.exec(readme)?.[1];
  if (!quoted) throw new Error("README.md has no ```ts block under '## TypeScript client'");
  return quoted;
})();

const catalog = workspaceCatalog();
const KEY = "tpi_sk_pack_test";
const OTPI: paths["/api/otpi"]["get"]["responses"][200]["content"]["application/json"] = {
  success: true,
  access: "full",
  startDate: "2025-06-01",
  endDate: "2025-06-30",
  count: 2,
  data: [
    { date: "2025-06-01", lab: "qwen", indexPerMtok: 0.25, computedAt: "2025-06-01T20:00:00.000Z" },
    {
      date: "2025-06-30",
      lab: "qwen",
      indexPerMtok: 0.3125,
      computedAt: "2025-06-30T20:00:00.000Z",
    },
  ],
  dataSources: {
    sample: false,
    notice: null,
    sources: [
      {
        source: "openrouter",
        sample: false,
        asOf: "2025-06-30T23:00:00.000Z",
        citation: "Source: OpenRouter (openrouter.ai/rankings), as of 2025-06-30T23:00:00.000Z.",
        licence: { name: "CC BY 4.0", url: "https://creativecommons.org/licenses/by/4.0/" },
      },
    ],
  },
};

type Result = { code: number; stdout: string; stderr: string };
const execFileAsync = promisify(execFile);
/** Runs a command without blocking this process (the stub answers from it). */
async function run(
  command: string,
  args: string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv },
): Promise<Result> {
  try {
    const { stdout, stderr } = await execFileAsync(command, args, {
      ...options,
      encoding: "utf8",
      maxBuffer: 16 * 1024 * 1024,
      shell: command === "npm" && process.platform === "win32",
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: unknown; stdout?: string; stderr?: string; message: string };
    return {
      code: typeof failed.code === "number" ? failed.code : 1,
      stdout: failed.stdout ?? "",
      stderr: failed.stderr || failed.message,
    };
  }
}

/** Every file under `dir`, relative, with forward slashes, sorted. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) =>
      join(entry.parentPath, entry.name)
        .slice(dir.length + 1)
        .replaceAll("\\", "/"),
    )
    .sort();
}

/** The compiler options of each module resolution a project outside may use. */
const RESOLUTIONS = {
  // Node's own ESM resolution (exports with the types condition), a Node project without DOM types.
  node16: { module: "node16", moduleResolution: "node16", lib: ["ES2023"] },
  bundler: { module: "esnext", moduleResolution: "bundler" },
  "bundler-preserve": { module: "preserve", moduleResolution: "bundler" },
  // No exports: only the manifest's `types` (and `main`) find the package.
  "node10-commonjs": { module: "commonjs", moduleResolution: "node10" },
} as const;

let project: string;
let tarball: string;
let registry: NpmRegistryStub;
let stub: Server;
let stubUrl: string;
const requests: { url: string | undefined; authorization: string | undefined }[] = [];

beforeAll(async () => {
  project = mkdtempSync(join(tmpdir(), "tpi-client-consumer-"));

  const packed = await run(process.execPath, ["scripts/pack.mjs", "--pack-destination", project], {
    cwd: packageDir,
  });
  expect(packed, "scripts/pack.mjs").toMatchObject({ code: 0 });
  tarball = packed.stdout.trim().split("\n").at(-1) ?? "";

  writeFileSync(
    join(project, "package.json"),
    `${JSON.stringify({ name: "tpi-client-consumer", private: true, type: "module" }, null, 2)}\n`,
  );
  registry = await startNpmRegistryStub(["openapi-fetch", "@types/node"], packageDir);
  const installed = await run(
    "npm",
    [
      "install",
      tarball,
      `@types/node@${catalog.get("@types/node")}`,
      "--no-audit",
      "--no-fund",
      `--registry=${registry.url}/`,
      // A cache of its own: nothing may come from an earlier install against the real registry.
      `--cache=${join(project, ".npm-cache")}`,
    ],
    { cwd: project },
  );
  expect(installed, "npm install of the tarball").toMatchObject({ code: 0 });
  expect(registry.requests).toContain("/openapi-fetch");

  // The README's example as it is, and (CommonJS has no top-level await) its body in a function.
  writeFileSync(join(project, "example.ts"), README_EXAMPLE);
  const lines = README_EXAMPLE.split("\n");
  const imports = lines.filter((line) => line.startsWith("import "));
  expect(imports.length).toBeGreaterThan(0);
  writeFileSync(
    join(project, "example-commonjs.ts"),
    `${imports.join("\n")}\n\nasync function main(): Promise<void> {\n` +
      `${lines.filter((line) => !line.startsWith("import ")).join("\n")}\n}\n\nvoid main();\n`,
  );
  for (const [name, options] of Object.entries(RESOLUTIONS))
    writeFileSync(
      join(project, `tsconfig.${name}.json`),
      JSON.stringify({
        compilerOptions: {
          target: "ES2022",
          strict: true,
          skipLibCheck: false,
          types: ["node"],
          ...options,
          ...(name === "node16" ? { outDir: `out/${name}`, rootDir: "." } : { noEmit: true }),
        },
        files: [name === "node10-commonjs" ? "example-commonjs.ts" : "example.ts"],
      }),
    );

  stub = createServer((req, res) => {
    requests.push({ url: req.url, authorization: req.headers.authorization });
    const ok = req.method === "GET" && req.url?.startsWith("/api/otpi?");
    const status = !ok ? 404 : req.headers.authorization === `Bearer ${KEY}` ? 200 : 401;
    const body =
      status === 200
        ? OTPI
        : status === 401
          ? { error: "Unauthorized", message: "API key required", requestId: "stub" }
          : { error: "Not found", message: `${req.url}`, requestId: "stub" };
    res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => stub.listen(0, "127.0.0.1", resolve));
  stubUrl = `http://127.0.0.1:${(stub.address() as AddressInfo).port}`;
}, 240_000);

afterAll(async () => {
  await registry?.close();
  if (stub) {
    stub.closeAllConnections();
    await new Promise<void>((resolve) => stub.close(() => resolve()));
  }
  if (project) rmSync(project, { recursive: true, force: true });
});

describe("the packed tarball", () => {
  it("is named after the package and lands where asked", () => {
    expect(tarball).toBe(join(project, "tpi-client-0.1.0.tgz"));
    expect(existsSync(tarball)).toBe(true);
  });

  it("holds the compiled JavaScript and declarations of every source, and nothing else", () => {
    const installed = join(project, "node_modules", "@tpi", "client");
    // Tests and their helpers (testing/) are not shipped.
    const sources = filesUnder(join(packageDir, "src"))
      .filter(
        (file) =>
          file.endsWith(".ts") && !file.endsWith(".test.ts") && !file.startsWith("testing/"),
      )
      .map((file) => file.replace(/\.ts$/, ""));
    expect(sources).toContain("index");
    expect(filesUnder(installed)).toEqual(
      [
        "README.md",
        "package.json",
        ...sources.flatMap((file) => [`dist/${file}.d.ts`, `dist/${file}.js`]),
      ].sort(),
    );
  });

  it("has a manifest with built entry points and the catalog's openapi-fetch, no pnpm protocol", () => {
    const text = readFileSync(
      join(project, "node_modules", "@tpi", "client", "package.json"),
      "utf8",
    );
    expect(text).not.toMatch(/"(catalog|workspace):/);
    const manifest = JSON.parse(text) as Record<string, unknown>;
    expect(manifest).toMatchObject({
      name: "@tpi/client",
      type: "module",
      main: "./dist/index.js",
      types: "./dist/index.d.ts",
      exports: {
        ".": { types: "./dist/index.d.ts", import: "./dist/index.js", default: "./dist/index.js" },
      },
      dependencies: { "openapi-fetch": catalog.get("openapi-fetch") },
    });
    expect(Object.keys(manifest)).not.toContain("scripts");
    expect(Object.keys(manifest)).not.toContain("devDependencies");
    // The catalog pin is the version the workspace is tested with (pnpm-lock.yaml's).
    const workspaceOpenapiFetch = createRequire(join(packageDir, "package.json"))(
      "openapi-fetch/package.json",
    ) as { version: string };
    expect(catalog.get("openapi-fetch")).toBe(workspaceOpenapiFetch.version);
  });

  it("exports to Node, without TypeScript, what the sources export", async () => {
    const listed = await run(
      process.execPath,
      [
        "--input-type=module",
        "-e",
        'console.log(JSON.stringify(Object.keys(await import("@tpi/client")).sort()))',
      ],
      { cwd: project },
    );
    expect(listed).toMatchObject({ code: 0 });
    expect(JSON.parse(listed.stdout)).toEqual(Object.keys(source).sort());
  });

  it("is required from CommonJS too (require of ES modules, Node >= 20.19)", async () => {
    const required = await run(
      process.execPath,
      [
        "--input-type=commonjs",
        "-e",
        'console.log(JSON.stringify(Object.keys(require("@tpi/client")).sort()))',
      ],
      { cwd: project },
    );
    expect(required).toMatchObject({ code: 0 });
    expect(JSON.parse(required.stdout)).toEqual(Object.keys(source).sort());
  });
});

describe("the README's example in a project that installed the tarball", () => {
  it.each(Object.keys(RESOLUTIONS))(
    "type-checks under moduleResolution %s",
    async (name) => {
      const tsc = createRequire(join(packageDir, "package.json")).resolve("typescript/bin/tsc");
      const checked = await run(process.execPath, [tsc, "-p", `tsconfig.${name}.json`], {
        cwd: project,
      });
      expect(`${checked.stdout}${checked.stderr}`).toBe("");
      expect(checked.code).toBe(0);
    },
    120_000,
  );

  it("runs with Node (compiled under node16) and prints the stub's rows", async () => {
    const compiled = join(project, "out", "node16", "example.js");
    expect(existsSync(compiled), "the node16 type check emits it").toBe(true);
    requests.length = 0;
    const ran = await run(process.execPath, [compiled], {
      cwd: project,
      env: { ...process.env, TPI_URL: stubUrl, TPI_KEY: KEY },
    });
    expect(ran).toEqual({
      code: 0,
      stdout: "2025-06-01 qwen 0.2500\n2025-06-30 qwen 0.3125\n",
      stderr: "",
    });
    expect(requests).toEqual([
      {
        url: "/api/otpi?lab=qwen&startDate=2025-06-01&endDate=2025-06-30",
        authorization: `Bearer ${KEY}`,
      },
    ]);

    const keyless = await run(process.execPath, [compiled], {
      cwd: project,
      env: { ...process.env, TPI_URL: stubUrl, TPI_KEY: "" },
    });
    expect(keyless.code).not.toBe(0);
    expect(keyless.stderr).toContain("Error: 401 Unauthorized: API key required");
  });
});

describe("the packed manifest (scripts/pack.mjs)", () => {
  const manifest = {
    name: "x",
    version: "1.0.0",
    exports: { ".": "./src/index.ts" },
    publishConfig: { main: "./dist/a.js", types: "./dist/a.d.ts", exports: "./dist/a.js" },
    scripts: { build: "tsc" },
    dependencies: { a: "catalog:", b: "^2.0.0" },
    devDependencies: { c: "workspace:*" },
  };

  it("reads pnpm-workspace.yaml's catalog, quoted names included", () => {
    const yaml =
      'packages:\n  - a/*\n\n# pins\ncatalog:\n  "@x/y": 1.2.3\n  z: "4.5.6" # why\n\nother:\n  - q\n';
    expect([...readCatalog(yaml)]).toEqual([
      ["@x/y", "1.2.3"],
      ["z", "4.5.6"],
    ]);
  });

  it("takes publishConfig's entry points, resolves catalog: and drops what the workspace alone uses", () => {
    expect(packedManifest(manifest, new Map([["a", "1.0.0"]]))).toEqual({
      name: "x",
      version: "1.0.0",
      main: "./dist/a.js",
      types: "./dist/a.d.ts",
      exports: "./dist/a.js",
      dependencies: { a: "1.0.0", b: "^2.0.0" },
    });
  });

  it("refuses a dependency it cannot name for npm", () => {
    expect(() => packedManifest(manifest, new Map())).toThrow(/a is not in .*catalog/);
    const workspace = { ...manifest, dependencies: { d: "workspace:*" } };
    expect(() => packedManifest(workspace, new Map())).toThrow(/d is a workspace package/);
  });
});
