import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ESLint } from "eslint";
import { afterAll, describe, expect, it } from "vitest";
import { base, utcRules } from "@tpi/eslint-config";

/**
 * The shared lint is type-aware: these rules need the compiler's types, so they catch only when
 * the config gives the parser a project. Each case is linted in a folder of its own with a
 * tsconfig, as a package's files are.
 */
describe("the shared lint (tooling/eslint)", () => {
  const folder = mkdtempSync(join(tmpdir(), "tpi-lint-"));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));
  writeFileSync(
    join(folder, "tsconfig.json"),
    JSON.stringify({ compilerOptions: { strict: true, target: "ES2022", noEmit: true } }),
  );
  const eslint = new ESLint({
    cwd: folder,
    overrideConfigFile: true,
    overrideConfig: [...base, utcRules],
  });

  async function rulesBroken(name: string, source: string): Promise<string[]> {
    const file = join(folder, `${name}.ts`);
    writeFileSync(file, source);
    const [result] = await eslint.lintFiles([file]);
    return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
  }

  it("refuses a promise nobody awaits", async () => {
    const source = `export async function save(): Promise<void> {}\nexport function run(): void {\n  save();\n}\n`;
    expect(await rulesBroken("floating", source)).toEqual([
      "@typescript-eslint/no-floating-promises",
    ]);
  });

  it("refuses a promise handed where its result is ignored", async () => {
    const source = `export function listen(onDone: () => void): void {\n  onDone();\n}\nlisten(async () => {\n  await Promise.resolve();\n});\n`;
    expect(await rulesBroken("misused", source)).toEqual([
      "@typescript-eslint/no-misused-promises",
    ]);
  });

  it("refuses local-time Date methods", async () => {
    const source = `export const hour = new Date(0).getHours();\n`;
    expect(await rulesBroken("local-time", source)).toEqual(["no-restricted-syntax"]);
  });

  it("passes the same code written as it should be", async () => {
    const source = `export async function save(): Promise<void> {}\nexport async function run(): Promise<void> {\n  await save();\n}\nexport const hour = new Date(0).getUTCHours();\n`;
    expect(await rulesBroken("clean", source)).toEqual([]);
  });
});
