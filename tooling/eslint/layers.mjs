#!/usr/bin/env node
/**
 * The layer check of a source tree, beside ESLint (which sees one file at a time): every folder
 * must belong to a layer, an import may only go to the same layer or a lower one (type-only
 * imports too: a lower layer's types must not be shaped by a higher one's), some imports are
 * forbidden outright (a market never imports another, the platform never imports a market), and
 * no two folders may import each other at run time, directly or through others (folder cycles;
 * types of one layer may refer to each other).
 *
 *   node tooling/eslint/layers.mjs <layers config module>     (exit 1 on any problem)
 *
 * The config module exports `LAYERS = { root, layers, forbidden }`: `root` the source folder; `layers`
 * lowest first, each `{ name, folders }` with folder patterns (`*` one path segment, a trailing
 * `/**` the folder and everything below); `forbidden` a list of `{ from, to, message }` patterns.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const SOURCE = /\.(ts|tsx|mts|mjs)$/;
const TEST = /\.test\.(ts|tsx)$/;

/**
 * `import … from "./x"`, `export … from "./x"`, `import("./x")`, `import "./x"`; `kind` says
 * whether the import is erased by the compiler (`import type { … }`, `import { type A }`).
 */
const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s+([^;]*?)\s+from\s*["'](\.{1,2}\/[^"']+)["']|\bimport\s*\(\s*["'](\.{1,2}\/[^"']+)["']\s*\)|(?:^|\n)\s*import\s+["'](\.{1,2}\/[^"']+)["']/g;

function typeOnly(clause) {
  if (clause === undefined) return false;
  const trimmed = clause.trim();
  if (trimmed.startsWith("type ")) return true;
  if (!/^\{[^}]*\}$/.test(trimmed)) return false;
  const names = trimmed
    .slice(1, -1)
    .split(",")
    .map((name) => name.trim())
    .filter(Boolean);
  return names.length > 0 && names.every((name) => name.startsWith("type "));
}

function sourceFiles(dir, out = []) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) sourceFiles(path, out);
    else if (SOURCE.test(entry.name) && !TEST.test(entry.name)) out.push(path);
  }
  return out;
}

function resolveImport(from, specifier) {
  const base = resolve(dirname(from), specifier);
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    `${base}.mjs`,
    join(base, "index.ts"),
  ])
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  return undefined;
}

/** Every relative import between files of `root`: `{ from, to, typeOnly }`, paths relative to root. */
export function importsOf(root) {
  const edges = [];
  const toRel = (path) => relative(root, path).split(sep).join("/");
  for (const file of sourceFiles(root)) {
    const text = readFileSync(file, "utf8");
    for (const match of text.matchAll(IMPORT)) {
      const [, clause, fromSpecifier, dynamicSpecifier, sideEffectSpecifier] = match;
      const target = resolveImport(file, fromSpecifier ?? dynamicSpecifier ?? sideEffectSpecifier);
      if (target === undefined || !target.startsWith(root)) continue;
      edges.push({ from: toRel(file), to: toRel(target), typeOnly: typeOnly(clause) });
    }
  }
  return edges;
}

const folderOf = (path) => (path.includes("/") ? dirname(path) : ".");

/** `*` is one path segment; a trailing `/**` is the folder and everything below it. */
function matches(pattern, folder) {
  const deep = pattern.endsWith("/**");
  const parts = (deep ? pattern.slice(0, -3) : pattern).split("/");
  const segments = folder.split("/");
  if (deep ? segments.length < parts.length : segments.length !== parts.length) return false;
  return parts.every((part, i) => part === "*" || part === segments[i]);
}

/** Strongly connected groups of two or more folders (Tarjan), from runtime imports. */
export function folderCycles(edges) {
  const graph = new Map();
  for (const { from, to, typeOnly: erased } of edges) {
    const a = folderOf(from);
    const b = folderOf(to);
    if (erased || a === b) continue;
    if (!graph.has(a)) graph.set(a, new Map());
    if (!graph.get(a).has(b)) graph.get(a).set(b, `${from} -> ${to}`);
  }
  const nodes = [
    ...new Set([...graph.keys(), ...[...graph.values()].flatMap((m) => [...m.keys()])]),
  ];
  let counter = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const groups = [];
  const visit = (node) => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node)?.keys() ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node), index.get(next)));
    }
    if (low.get(node) !== index.get(node)) return;
    const group = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      group.push(member);
    } while (member !== node);
    if (group.length > 1) groups.push(group.sort());
  };
  for (const node of nodes.sort()) if (!index.has(node)) visit(node);
  return groups.map((folders) => ({
    folders,
    imports: folders.flatMap((from) =>
      [...(graph.get(from) ?? new Map()).entries()]
        .filter(([to]) => folders.includes(to))
        .map(([, example]) => example),
    ),
  }));
}

/** Every problem of a tree against a layer config, as lines. */
export function layerProblems(root, config) {
  const edges = importsOf(root);
  const problems = [];
  const rankOf = new Map();
  const layerOf = (folder) => {
    if (rankOf.has(folder)) return rankOf.get(folder);
    const rank = config.layers.findIndex((layer) => layer.folders.some((p) => matches(p, folder)));
    rankOf.set(folder, rank === -1 ? undefined : rank);
    return rankOf.get(folder);
  };
  const folders = new Set(
    sourceFiles(root).map((file) => folderOf(relative(root, file).split(sep).join("/"))),
  );
  for (const folder of [...folders].sort())
    if (layerOf(folder) === undefined) problems.push(`folder in no layer: ${folder}/`);
  for (const { from, to, typeOnly: erased } of edges) {
    for (const rule of config.forbidden ?? [])
      if (
        matches(rule.from, folderOf(from)) &&
        matches(rule.to, folderOf(to)) &&
        !sameMarket(rule, from, to)
      )
        problems.push(`${from} -> ${to}: ${rule.message}`);
    const a = layerOf(folderOf(from));
    const b = layerOf(folderOf(to));
    if (a !== undefined && b !== undefined && b > a)
      problems.push(
        `${from} -> ${to}: layer '${config.layers[a].name}' may not import ${erased ? "types " : ""}from the higher layer '${config.layers[b].name}'`,
      );
  }
  for (const cycle of folderCycles(edges))
    problems.push(
      `folder cycle: ${cycle.folders.join(" <-> ")}\n${cycle.imports.map((line) => `    ${line}`).join("\n")}`,
    );
  return problems;
}

/** A rule with `sameSegmentAllowed: n` lets a folder import its own n-th segment's subtree (a market itself). */
function sameMarket(rule, from, to) {
  if (rule.sameSegmentAllowed === undefined) return false;
  const n = rule.sameSegmentAllowed;
  return from.split("/")[n] === to.split("/")[n];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const configPath = resolve(process.argv[2] ?? "layers.config.mjs");
  const { LAYERS: config } = await import(pathToFileURL(configPath).href);
  const root = resolve(dirname(configPath), config.root);
  const problems = layerProblems(root, config);
  if (problems.length === 0) {
    console.log(
      `layers: ${relative(process.cwd(), root) || "."} holds to its ${config.layers.length} layers, without folder cycles`,
    );
  } else {
    for (const problem of problems) console.error(problem);
    console.error(
      `layers: ${problems.length} problem(s) (see ${relative(process.cwd(), configPath)})`,
    );
    process.exit(1);
  }
}
