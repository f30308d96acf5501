import { execFile } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, realpathSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { promisify } from "node:util";

/**
 * A loopback stand-in for the npm registry, so that a test installs packages the way a user does
 * (`npm install` resolving versions and fetching tarballs) without leaving the machine. It answers
 * in the registry's documented shapes (abbreviated package metadata, "Package Metadata",
 * https://github.com/npm/registry/blob/main/docs/responses/package-metadata.md):
 * `GET /<name>` (a scope's slash sent as `%2f`) gives `{ name, modified, "dist-tags": { latest },
 * versions: { <version>: { name, version, dependencies, ..., dist: { tarball, shasum,
 * integrity } } } }`, and the tarball URL gives the `.tgz`.
 *
 * It serves the packages named and everything they depend on, each at the version installed in
 * this workspace, packed from that installed copy with `npm pack` (which reads no network).
 */
export type NpmRegistryStub = {
  url: string;
  /** The paths asked for, in order. */
  requests: string[];
  close(): Promise<void>;
};

type Manifest = {
  name: string;
  version: string;
  dependencies?: Record<string, string>;
  [field: string]: unknown;
};
type Packed = { manifest: Manifest; file: string; shasum: string; integrity: string };

const execFileAsync = promisify(execFile);
/** The manifest fields npm reads to install (the abbreviated document's). */
const INSTALL_FIELDS = [
  "name",
  "version",
  "dependencies",
  "optionalDependencies",
  "peerDependencies",
  "peerDependenciesMeta",
  "bundleDependencies",
  "bin",
  "directories",
  "engines",
  "os",
  "cpu",
] as const;

/** The installed copy of `name` that a module in `fromDir` would load (Node's node_modules walk). */
function installedPackageDir(name: string, fromDir: string): string {
  for (let dir = fromDir; ; dir = dirname(dir)) {
    const candidate = join(dir, "node_modules", name);
    if (existsSync(join(candidate, "package.json"))) return realpathSync(candidate);
    if (dirname(dir) === dir) throw new Error(`${name} is not installed where ${fromDir} looks`);
  }
}

/**
 * Packs an installed package. From a copy: pnpm's store hard-links files of equal content (a
 * package's `.d.ts`, `.d.mts` and `.d.cts`), `npm pack` writes a second link to one inode as a
 * link entry, and `npm install` extracts no link entries, so the declarations went missing.
 */
async function pack(packageDir: string, destination: string): Promise<Packed> {
  const manifest = JSON.parse(readFileSync(join(packageDir, "package.json"), "utf8")) as Manifest;
  const copy = mkdtempSync(join(destination, "copy-"));
  cpSync(packageDir, copy, { recursive: true });
  const { stdout } = await execFileAsync(
    "npm",
    ["pack", copy, "--pack-destination", destination, "--ignore-scripts", "--json"],
    { cwd: destination, encoding: "utf8", maxBuffer: 16 * 1024 * 1024 },
  );
  const [result] = JSON.parse(stdout) as { filename: string; shasum: string; integrity: string }[];
  if (result === undefined) throw new Error(`npm pack ${packageDir} printed no result`);
  return {
    manifest,
    file: join(destination, result.filename),
    shasum: result.shasum,
    integrity: result.integrity,
  };
}

/** Starts the registry with `names` (and their dependencies) as installed from `fromDir`. */
export async function startNpmRegistryStub(
  names: readonly string[],
  fromDir: string,
): Promise<NpmRegistryStub> {
  const scratch = mkdtempSync(join(tmpdir(), "tpi-npm-registry-"));
  const packages = new Map<string, Packed>();
  const pending: { name: string; fromDir: string }[] = names.map((name) => ({ name, fromDir }));
  while (pending.length > 0) {
    const next = pending.shift();
    if (next === undefined || packages.has(next.name)) continue;
    const dir = installedPackageDir(next.name, next.fromDir);
    const packed = await pack(dir, scratch);
    packages.set(next.name, packed);
    for (const dependency of Object.keys(packed.manifest.dependencies ?? {}))
      pending.push({ name: dependency, fromDir: dir });
  }

  const requests: string[] = [];
  let baseUrl = "";
  const server: Server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? "/", "http://registry.invalid").pathname);
    requests.push(path);
    const tarball = /^\/(.+)\/-\/[^/]+\.tgz$/.exec(path);
    const name = tarball ? tarball[1] : path.slice(1);
    const found = name === undefined ? undefined : packages.get(name);
    if (found === undefined) {
      res.writeHead(404, { "content-type": "application/json" }).end('{"error":"Not found"}');
      return;
    }
    if (tarball) {
      res
        .writeHead(200, { "content-type": "application/octet-stream" })
        .end(readFileSync(found.file));
      return;
    }
    const version = Object.fromEntries(
      INSTALL_FIELDS.filter((field) => found.manifest[field] !== undefined).map((field) => [
        field,
        found.manifest[field],
      ]),
    );
    const document = {
      name: found.manifest.name,
      modified: new Date(0).toISOString(),
      "dist-tags": { latest: found.manifest.version },
      versions: {
        [found.manifest.version]: {
          ...version,
          dist: {
            tarball: `${baseUrl}/${found.manifest.name}/-/${found.file.split("/").at(-1) ?? ""}`,
            shasum: found.shasum,
            integrity: found.integrity,
          },
        },
      },
    };
    res
      .writeHead(200, { "content-type": "application/vnd.npm.install-v1+json" })
      .end(JSON.stringify(document));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: baseUrl,
    requests,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(scratch, { recursive: true, force: true });
    },
  };
}
