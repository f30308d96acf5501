import { describe, expect, it } from "vitest";
import { COMMAND_MODULES, USAGE } from "./commands";

describe("pnpm tpi help", () => {
  it("has a help line for every command, in its module's block", () => {
    for (const module of COMMAND_MODULES) {
      for (const name of Object.keys(module.commands))
        expect(module.usage).toMatch(new RegExp(`^  ${name} `, "m"));
    }
  });

  it("prints every module's help lines", () => {
    for (const module of COMMAND_MODULES) expect(USAGE).toContain(module.usage);
  });
});
