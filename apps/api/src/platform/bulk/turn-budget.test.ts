import type { Transform } from "node:stream";
import { describe, expect, it } from "vitest";
import { TurnBudget, type TurnClock } from "./turn-budget";

/** A clock the test moves: CPU and wall time in milliseconds. */
function testClock(): TurnClock & { cpu: number; now: number } {
  const clock = { cpu: 0, now: 0, cpuMs: () => clock.cpu, nowMs: () => clock.now };
  return clock;
}

/** A budget of `bytesPerTurn` on `clock`: busy above 0.2 ms of other CPU, 20 ms apart when busy. */
function budgetOf(bytesPerTurn: number, clock: TurnClock = testClock()): TurnBudget {
  return new TurnBudget({ bytesPerTurn, busyTurnCpuMs: 0.2, busyIntervalMs: 20, clock });
}

/** Resolves in the check phase of the event loop's next turn, after the budget's own release. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Every chunk `stream` lets through, labelled `name`, appended to `out` as it arrives. */
function collect(stream: Transform, name: string, out: string[]): void {
  stream.on("data", (chunk: Buffer) => out.push(`${name}:${chunk.toString()}`));
}

/** What has arrived after each of `turns` event-loop turns; `beforeTurn` runs before each. */
async function arrivalsPerTurn(
  out: string[],
  turns: number,
  beforeTurn: (turn: number) => void = () => undefined,
): Promise<string[][]> {
  const perTurn: string[][] = [];
  let seen = 0;
  for (let turn = 0; turn < turns; turn++) {
    beforeTurn(turn);
    await nextTurn();
    perTurn.push(out.slice(seen));
    seen = out.length;
  }
  return perTurn;
}

describe("TurnBudget", () => {
  it("lets through at most its bytes per turn across every stream", async () => {
    const budget = budgetOf(100);
    const out: string[] = [];
    const streams = ["a", "b", "c", "d", "e"].map((name) => {
      const stream = budget.paced();
      collect(stream, name, out);
      // 40 bytes each: two fit a turn's 100, a third would not.
      stream.write(name.repeat(40));
      return stream;
    });
    expect(out).toEqual([]);
    const perTurn = await arrivalsPerTurn(out, 4);
    expect(perTurn.map((chunks) => chunks.length)).toEqual([2, 2, 1, 0]);
    for (const stream of streams) stream.destroy();
  });

  it("lets a chunk larger than the budget through alone, one per turn", async () => {
    const budget = budgetOf(10);
    const out: string[] = [];
    const stream = budget.paced();
    collect(stream, "a", out);
    stream.write("x".repeat(40));
    stream.write("y".repeat(40));
    const perTurn = await arrivalsPerTurn(out, 3);
    expect(perTurn).toEqual([[`a:${"x".repeat(40)}`], [`a:${"y".repeat(40)}`], []]);
    stream.destroy();
  });

  it("takes the streams in turn, so a stream with many chunks does not hold the others back", async () => {
    const budget = budgetOf(1);
    const out: string[] = [];
    const first = budget.paced();
    const second = budget.paced();
    collect(first, "first", out);
    collect(second, "second", out);
    for (const chunk of ["1", "2", "3"]) first.write(chunk);
    second.write("1");
    await arrivalsPerTurn(out, 5);
    expect(out).toEqual(["first:1", "second:1", "first:2", "first:3"]);
    first.destroy();
    second.destroy();
  });

  it("sends nothing in a turn after other work, until the busy interval has passed", async () => {
    const clock = testClock();
    const budget = budgetOf(40, clock);
    const out: string[] = [];
    const streams = ["a", "b", "c"].map((name) => {
      const stream = budget.paced();
      collect(stream, name, out);
      stream.write(name.repeat(40));
      return stream;
    });
    // Every turn the api spends 1 ms of CPU on other work; the wall clock moves 10 ms a turn.
    const perTurn = await arrivalsPerTurn(out, 5, (turn) => {
      clock.cpu += 1;
      clock.now = turn * 10;
    });
    // Turn 0: files never went out, so they may; then one turn's budget per 20 ms.
    expect(perTurn.map((chunks) => chunks.length)).toEqual([1, 0, 1, 0, 1]);
    for (const stream of streams) stream.destroy();
  });

  it("sends every turn again once the api is idle", async () => {
    const clock = testClock();
    const budget = budgetOf(40, clock);
    const out: string[] = [];
    const streams = ["a", "b", "c", "d"].map((name) => {
      const stream = budget.paced();
      collect(stream, name, out);
      stream.write(name.repeat(40));
      return stream;
    });
    // Busy for the first two turns, idle (no CPU but the files') after; the wall clock stands.
    const perTurn = await arrivalsPerTurn(out, 5, (turn) => {
      if (turn < 2) clock.cpu += 1;
    });
    expect(perTurn.map((chunks) => chunks.length)).toEqual([1, 0, 1, 1, 1]);
    for (const stream of streams) stream.destroy();
  });
});
