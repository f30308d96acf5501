import { describe, expect, it } from "vitest";
import { MARKETS } from "../../markets";
import { commandModules, commandsOf, usageOf } from "./commands";

describe("pnpm tpi help", () => {
  const modules = commandModules(MARKETS);

  it("has a help line for every command, in its module's block", () => {
    for (const module of modules) {
      for (const name of Object.keys(module.commands))
        expect(module.usage).toMatch(new RegExp(`^  ${name} `, "m"));
    }
  });

  it("prints every module's help lines", () => {
    const usage = usageOf(MARKETS);
    for (const module of modules) expect(usage).toContain(module.usage);
  });

  it("names each command once across the platform and every market", () => {
    const names = modules.flatMap((module) => Object.keys(module.commands));
    expect(Object.keys(commandsOf(MARKETS)).sort()).toEqual([...names].sort());
    expect(new Set(names).size).toBe(names.length);
  });
});
