#!/usr/bin/env node
/**
 * Folder cycles: two folders whose files import each other, directly or through other folders,
 * cannot be read, tested or moved one without the other. ESLint sees one file at a time; this
 * check sees the whole tree: every relative import of every source file (tests excluded: they
 * assemble whole apps), folded to the folder of each end, and every strongly connected group of
 * two or more folders is reported with the imports that close it.
 *
 *   node tooling/eslint/folder-cycles.mjs apps/api/src     (exit 1 when a cycle exists)
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";

const SOURCE = /\.(ts|tsx|mts|mjs)$/;
const TEST = /\.test\.(ts|tsx)$|(^|\/)testing\//;
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)["'](\.{1,2}\/[^"']+)["']/g;

function sourceFiles(dir, out = []) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) sourceFiles(path, out);
    else if (SOURCE.test(entry.name)) out.push(path);
  }
  return out;
}

function resolveImport(from, specifier) {
  const base = resolve(dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}.mjs`, join(base, "index.ts")])
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  return undefined;
}

/** The folder edges of a source tree: folder -> folder -> one import that makes the edge. */
export function folderGraph(root) {
  const edges = new Map();
  for (const file of sourceFiles(root)) {
    const fromRel = relative(root, file).split(sep).join("/");
    if (TEST.test(fromRel)) continue;
    const text = readFileSync(file, "utf8");
    for (const match of text.matchAll(IMPORT)) {
      const target = resolveImport(file, match[1]);
      if (target === undefined || !target.startsWith(root)) continue;
      const toRel = relative(root, target).split(sep).join("/");
      const from = dirname(fromRel);
      const to = dirname(toRel);
      if (from === to) continue;
      if (!edges.has(from)) edges.set(from, new Map());
      const out = edges.get(from);
      if (!out.has(to)) out.set(to, `${fromRel} -> ${toRel}`);
    }
  }
  return edges;
}

/** Strongly connected groups of two or more folders (Tarjan). */
export function folderCycles(edges) {
  const nodes = new Set([...edges.keys(), ...[...edges.values()].flatMap((m) => [...m.keys()])]);
  let counter = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const groups = [];
  const visit = (node) => {
    index.set(node, counter);
    low.set(node, counter);
    counter++;
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node)?.keys() ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node), index.get(next)));
    }
    if (low.get(node) === index.get(node)) {
      const group = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1) groups.push(group.sort());
    }
  };
  for (const node of [...nodes].sort()) if (!index.has(node)) visit(node);
  return groups.map((group) => ({
    folders: group,
    imports: group.flatMap((from) =>
      [...(edges.get(from) ?? new Map()).entries()]
        .filter(([to]) => group.includes(to))
        .map(([, example]) => example),
    ),
  }));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = resolve(process.argv[2] ?? "src");
  const cycles = folderCycles(folderGraph(root));
  if (cycles.length === 0) {
    console.log(`folder cycles: none under ${relative(process.cwd(), root) || "."}`);
  } else {
    for (const cycle of cycles) {
      console.error(`folder cycle: ${cycle.folders.join(" <-> ")}`);
      for (const line of cycle.imports) console.error(`  ${line}`);
    }
    process.exit(1);
  }
}
