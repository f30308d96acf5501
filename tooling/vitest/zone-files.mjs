#!/usr/bin/env node
/**
 * The test files that CI runs again under other time zones (`.ci/run`): every published day and
 * hour is UTC and the 4 PM settlements are read for America/New_York by name, so nothing may
 * depend on the process's `TZ`. The domain suite runs whole under each zone; of the db and api
 * suites, the files tagged `@module-tag zone` (Vitest's file-level tag, in the file's first
 * comment) run.
 *
 * The tag is chosen by hand and kept complete by a rule (`filesThatMustCarryTheZoneTag`,
 * checked by apps/api/src/zone-tags.test.ts): a test file must carry it when it imports, as a
 * value, something that turns an instant into a settlement day, a trading day or a maturity, that
 * is an export of a domain module named `*calendar*`, `*settlement*` or `*maturation*` (the
 * UTC-string arithmetic of `shared/calendar.ts` aside: no zone enters it, and the domain suite
 * holds it), or a module of its own package (test helpers aside) that imports one. Files may carry the tag beyond the
 * rule (the database session's zone, the chat's calendar words).
 *
 * `node tooling/vitest/zone-files.mjs <package dir>` prints the tagged files of that package,
 * one per line, relative to it.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";

export const ZONE_TAG = "zone";
const ZONE_TAG_PATTERN = /(\/\/|\*)\s*@module-tag\s+zone\b/;

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
const DOMAIN_SRC = join(REPO_ROOT, "packages", "domain", "src");
/** Domain modules that turn instants into settlement days, trading days or maturities. */
const ZONE_MODULE_NAME = /(calendar|settlement|maturation)[\w-]*\.ts$/;
/** UTC day strings only (`YYYY-MM-DD` arithmetic through Date.UTC and toISOString). */
const ZONE_FREE_MODULES = new Set([join(DOMAIN_SRC, "shared", "calendar.ts")]);

function sourceFiles(dir, keep) {
  const found = [];
  for (const entry of readdirSync(dir)) {
    if (entry === "node_modules" || entry === "generated") continue;
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) found.push(...sourceFiles(path, keep));
    else if (keep(path)) found.push(path);
  }
  return found.sort();
}

const isTestFile = (path) => /\.test\.tsx?$/.test(path);
/** Tests and their helpers (`testing/` folders) are not the code under test. */
const isHelper = (path) => isTestFile(path) || path.split(sep).includes("testing");

/** Every test file of a package (its `src` folder), absolute. */
export function testFilesOf(packageDir) {
  return sourceFiles(join(resolve(packageDir), "src"), isTestFile);
}

/** The test files of a package that carry `@module-tag zone`, absolute. */
export function zoneTaggedFiles(packageDir) {
  return testFilesOf(packageDir).filter((file) =>
    ZONE_TAG_PATTERN.test(readFileSync(file, "utf8")),
  );
}

/** The names the zone modules of the domain export. */
export function zoneExports() {
  const names = new Set();
  const modules = sourceFiles(
    DOMAIN_SRC,
    (path) => ZONE_MODULE_NAME.test(path) && !isTestFile(path) && !ZONE_FREE_MODULES.has(path),
  );
  for (const module of modules) {
    const text = readFileSync(module, "utf8");
    for (const match of text.matchAll(/^export (?:async )?(?:function\*?|const|let|class) (\w+)/gm))
      names.add(match[1]);
  }
  return names;
}

/**
 * The value imports of a TypeScript module: `{ names, from }` per import declaration (type-only
 * declarations and `type` specifiers left out: a type holds no clock).
 */
export function valueImports(text) {
  const imports = [];
  const declaration = /import\s+(type\s+)?([^;]*?)\s+from\s+["']([^"']+)["']/g;
  for (const match of text.matchAll(declaration)) {
    if (match[1]) continue;
    const clause = match[2] ?? "";
    const braced = /\{([^}]*)\}/.exec(clause)?.[1] ?? "";
    const names = braced
      .split(",")
      .map((specifier) => specifier.trim())
      .filter((specifier) => specifier !== "" && !specifier.startsWith("type "))
      .map((specifier) => specifier.split(/\s+as\s+/)[0]?.trim() ?? "");
    imports.push({ names, from: match[3] ?? "" });
  }
  return imports;
}

function resolveRelative(fromFile, specifier) {
  const base = resolve(dirname(fromFile), specifier);
  for (const candidate of [`${base}.ts`, `${base}.tsx`, join(base, "index.ts")])
    if (existsSync(candidate)) return candidate;
  return undefined;
}

function importsZoneExport(text, names) {
  return valueImports(text).some(
    (declaration) =>
      declaration.from === "@tpi/domain" && declaration.names.some((name) => names.has(name)),
  );
}

/**
 * The test files of a package that the rule above says must carry the zone tag, absolute, each
 * with the import that makes it so.
 */
export function filesThatMustCarryTheZoneTag(packageDir) {
  const names = zoneExports();
  const zoneSource = new Map();
  const isZoneSource = (file) => {
    if (!zoneSource.has(file))
      zoneSource.set(file, importsZoneExport(readFileSync(file, "utf8"), names));
    return zoneSource.get(file);
  };
  const required = [];
  for (const file of testFilesOf(packageDir)) {
    const text = readFileSync(file, "utf8");
    let reason;
    for (const declaration of valueImports(text)) {
      if (declaration.from === "@tpi/domain") {
        const name = declaration.names.find((imported) => names.has(imported));
        if (name !== undefined) reason = `imports ${name} from @tpi/domain`;
      } else if (declaration.from.startsWith(".")) {
        const target = resolveRelative(file, declaration.from);
        if (target !== undefined && !isHelper(target) && isZoneSource(target))
          reason = `imports ${declaration.from}, which computes settlement or trading days`;
      }
      if (reason !== undefined) break;
    }
    if (reason !== undefined) required.push({ file, reason });
  }
  return required;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const packageDir = process.argv[2];
  if (packageDir === undefined) {
    console.error("usage: node tooling/vitest/zone-files.mjs <package dir>");
    process.exit(2);
  }
  for (const file of zoneTaggedFiles(packageDir)) console.log(relative(resolve(packageDir), file));
}
