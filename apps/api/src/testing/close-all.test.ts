import { describe, expect, it } from "vitest";
import { closeAll } from "./close-all";

describe("closeAll", () => {
  it("closes every resource even when one fails, then reports that failure", async () => {
    const closed: string[] = [];
    const resource = (name: string, fails = false) => ({
      close: () => {
        closed.push(name);
        return fails ? Promise.reject(new Error(`${name} did not close`)) : Promise.resolve();
      },
    });
    await expect(
      closeAll(resource("api"), resource("stub", true), undefined, resource("proxy")),
    ).rejects.toThrow("stub did not close");
    expect(closed).toEqual(["api", "stub", "proxy"]);
  });
});
