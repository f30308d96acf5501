#!/usr/bin/env node
/**
 * `pnpm --filter @tpi/client pack:tarball [--pack-destination <dir>]`: the one way to pack
 * @tpi/client for a project outside this repository (`npm install <the .tgz>`).
 *
 * In the workspace the package exports its TypeScript sources (the api's tests and type check read
 * them without a build), and its dependencies name pnpm's `catalog:` protocol. Neither works
 * outside: so this compiles `src/` with tsc into a staging folder, writes there the manifest of the
 * packed copy (the entry points of `publishConfig`, every `catalog:` range replaced by the version
 * pinned in pnpm-workspace.yaml, no scripts, no devDependencies), and runs `npm pack` on that
 * folder. The tarball (`tpi-client-<version>.tgz`) lands in packages/client, or in
 * `--pack-destination` (relative to the directory the command was started from). Only Node and npm
 * are needed besides the installed workspace (for TypeScript).
 *
 * `npm pack` or `pnpm pack` run in packages/client directly would pack the workspace manifest;
 * its `prepack` calls this script with `--refuse`, which stops them with this command instead.
 */
import { spawnSync } from "node:child_process";
import {
  copyFileSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

export const packageDir = join(dirname(fileURLToPath(import.meta.url)), "..");
const COMMAND = "pnpm --filter @tpi/client pack:tarball";

/** The `catalog:` block of pnpm-workspace.yaml as a map of package name to pinned version. */
export function readCatalog(workspaceYaml) {
  const catalog = new Map();
  let inCatalog = false;
  for (const line of workspaceYaml.split(/\r?\n/)) {
    if (/^\S/.test(line) && !line.startsWith("#")) {
      inCatalog = /^catalog:\s*$/.test(line);
      continue;
    }
    if (!inCatalog) continue;
    const entry = /^\s+("?)([^"\s:]+)\1:\s*"?([^"\s#]+)"?\s*(#.*)?$/.exec(line);
    if (entry) catalog.set(entry[2], entry[3]);
  }
  return catalog;
}

/** The pnpm-workspace.yaml above packages/client (the repository root's). */
export function workspaceCatalog() {
  for (let dir = packageDir; ; dir = dirname(dir)) {
    const file = join(dir, "pnpm-workspace.yaml");
    if (existsSync(file)) return readCatalog(readFileSync(file, "utf8"));
    if (dirname(dir) === dir) throw new Error("pack: no pnpm-workspace.yaml above packages/client");
  }
}

/**
 * The manifest of the packed copy: the workspace manifest with `publishConfig`'s entry points
 * (main, types, exports) in place of the sources, catalog ranges resolved, and nothing that only
 * the workspace uses (scripts, devDependencies, publishConfig itself).
 */
export function packedManifest(manifest, catalog) {
  const { scripts: _scripts, devDependencies: _dev, publishConfig = {}, ...rest } = manifest;
  const entryPoints = {};
  for (const field of ["main", "types", "exports"]) {
    if (publishConfig[field] === undefined)
      throw new Error(`pack: package.json has no publishConfig.${field}`);
    entryPoints[field] = publishConfig[field];
  }
  const packed = {};
  for (const [field, value] of Object.entries(rest)) {
    // The entry points go where the workspace's `exports` was (keys already set keep their place).
    if (field === "exports") Object.assign(packed, entryPoints);
    else if (!(field in entryPoints)) packed[field] = value;
  }
  Object.assign(packed, entryPoints);
  for (const kind of ["dependencies", "peerDependencies", "optionalDependencies"]) {
    if (!packed[kind]) continue;
    packed[kind] = Object.fromEntries(
      Object.entries(packed[kind]).map(([name, range]) => {
        if (range.startsWith("workspace:"))
          throw new Error(`pack: ${name} is a workspace package; it cannot be installed from npm`);
        if (range === "catalog:" || range === "catalog:default") {
          const version = catalog.get(name);
          if (!version) throw new Error(`pack: ${name} is not in pnpm-workspace.yaml's catalog`);
          return [name, version];
        }
        if (range.startsWith("catalog:"))
          throw new Error(`pack: ${name}: named catalogs (${range}) are not supported`);
        return [name, range];
      }),
    );
  }
  return packed;
}

/** Builds and packs the package; returns the tarball's absolute path. */
export function packClient(destination = packageDir) {
  const manifest = JSON.parse(readFileSync(join(packageDir, "package.json"), "utf8"));
  const stage = mkdtempSync(join(tmpdir(), "tpi-client-pack-"));
  try {
    const tsc = createRequire(join(packageDir, "package.json")).resolve("typescript/bin/tsc");
    run(process.execPath, [tsc, "-p", "tsconfig.build.json", "--outDir", join(stage, "dist")], {
      cwd: packageDir,
    });
    writeFileSync(
      join(stage, "package.json"),
      `${JSON.stringify(packedManifest(manifest, workspaceCatalog()), null, 2)}\n`,
    );
    copyFileSync(join(packageDir, "README.md"), join(stage, "README.md"));
    const packed = run("npm", ["pack", "--json", "--pack-destination", destination], {
      cwd: stage,
      shell: process.platform === "win32",
    });
    const [{ filename }] = JSON.parse(packed);
    return join(destination, filename);
  } finally {
    rmSync(stage, { recursive: true, force: true });
  }
}

function run(command, args, options) {
  const result = spawnSync(command, args, { ...options, encoding: "utf8" });
  if (result.status !== 0)
    throw new Error(
      `pack: ${command} ${args.join(" ")} failed (${result.error?.message ?? `exit status ${result.status}`})\n` +
        `${result.stdout ?? ""}${result.stderr ?? ""}`,
    );
  return result.stdout;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const args = process.argv.slice(2);
  if (args[0] === "--refuse") {
    console.error(
      "@tpi/client: this manifest is the workspace's (TypeScript sources, catalog: ranges) and" +
        ` packs into a tarball that cannot be installed elsewhere. Run \`${COMMAND}\` instead.`,
    );
    process.exit(1);
  }
  const at = args.indexOf("--pack-destination");
  if ((at !== -1 && !args[at + 1]) || args.length !== (at === -1 ? 0 : 2)) {
    console.error(`usage: ${COMMAND} [--pack-destination <dir>]`);
    process.exit(2);
  }
  // pnpm and npm run scripts in the package's folder; a relative destination means the caller's.
  const from = process.env.INIT_CWD || process.cwd();
  try {
    console.log(packClient(at === -1 ? packageDir : resolve(from, args[at + 1])));
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
