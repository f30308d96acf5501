import { err, noData, ok } from "@tpi/domain";
import { describe, expect, it } from "vitest";
import { ANONYMOUS } from "../auth/api-key-authenticator";
import type { AppDeps } from "../core/deps";
import { answerPublishedOrReleased } from "./release-parameter";

describe("an answer from the published rows or a release's", () => {
  const clockReads: Date[] = [];
  let tick = 0;
  const deps = {
    clock: () => {
      const now = new Date(Date.UTC(2026, 10, 1, 0, 0, tick++));
      clockReads.push(now);
      return now;
    },
  } as unknown as AppDeps;
  const asOfCalls: { release: number; now: Date }[] = [];
  const answer = answerPublishedOrReleased<{ release?: number }, object, string[], string>({
    published: () => ["published"],
    asOf: async (_deps, release, _input, now) => {
      asOfCalls.push({ release, now });
      return release === 9 ? err(noData("Release 9 does not exist.")) : ok(["held"]);
    },
    answer: (rows, _input, now) => ok(`${rows.join(",")} at ${now.toISOString()}`),
  })(deps);
  const ask = (release?: number) =>
    answer({ query: release === undefined ? {} : { release }, params: {}, caller: ANONYMOUS });

  it("answers from the published rows without `release`, reading no release", async () => {
    expect(await ask()).toEqual(ok(`published at ${clockReads.at(-1)?.toISOString()}`));
    expect(asOfCalls).toEqual([]);
  });

  it("answers from the release's rows with one, both at the one instant the clock was read", async () => {
    clockReads.length = 0;
    const answered = await ask(3);
    expect(clockReads).toHaveLength(1);
    expect(asOfCalls).toEqual([{ release: 3, now: clockReads[0] }]);
    expect(answered).toEqual(ok(`held at ${clockReads[0]?.toISOString()}`));
  });

  it("gives the release's refusal as the answer", async () => {
    expect(await ask(9)).toMatchObject({ ok: false, error: { code: "no_data" } });
  });
});
