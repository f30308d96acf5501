import { EventEmitter } from "node:events";
import { describe, expect, it } from "vitest";
import { TurnBudget, type TurnClock } from "./turn-budget";

/** A clock the test moves (milliseconds), whose timers the test fires with `fire`. */
function testClock() {
  const timers: (() => void)[] = [];
  const clock = {
    now: 0,
    /** The delay of every timer set, in order (milliseconds). */
    delays: [] as number[],
    nowMs: () => clock.now,
    after: (ms: number, run: () => void) => {
      clock.delays.push(ms);
      timers.push(run);
    },
    /** Runs the timers set so far; how many there were. */
    fire: () => timers.splice(0).map((run) => run()).length,
  };
  return clock;
}

/** A budget of `bytesPerTurn` on `clock`, files at 2 bytes per ms while requests arrive. */
function budgetOf(bytesPerTurn: number, clock: TurnClock = testClock()): TurnBudget {
  return new TurnBudget({ bytesPerTurn, busyBytesPerMs: 2, clock });
}

/** Resolves in the check phase of the event loop's next turn, after the budget's own release. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * A download as sendFileChunks drives the budget: `chunks` one after the other, each appended to
 * `out` (labelled `name`) when the budget releases it, the next asked for only after that (as
 * the next read follows the socket's callback, never within the releasing turn).
 */
function send(budget: TurnBudget, name: string, chunks: string[], out: string[]): void {
  const next = () => {
    const chunk = chunks.shift();
    if (chunk === undefined) return;
    budget.whenAllowed(chunk.length, () => {
      out.push(`${name}:${chunk}`);
      queueMicrotask(next);
    });
  };
  next();
}

/** What has arrived after each of `turns` event-loop turns; `beforeTurn` runs before each. */
async function arrivalsPerTurn(
  out: string[],
  turns: number,
  beforeTurn: (turn: number) => void = () => undefined,
): Promise<string[][]> {
  const perTurn: string[][] = [];
  let seen = out.length;
  for (let turn = 0; turn < turns; turn++) {
    beforeTurn(turn);
    await nextTurn();
    perTurn.push(out.slice(seen));
    seen = out.length;
  }
  return perTurn;
}

describe("TurnBudget", () => {
  it("lets through at most its bytes per turn across every download", async () => {
    const budget = budgetOf(100);
    const out: string[] = [];
    // 40 bytes each: two fit a turn's 100, a third would not.
    for (const name of ["a", "b", "c", "d", "e"]) send(budget, name, [name.repeat(40)], out);
    expect(out).toEqual([]);
    const perTurn = await arrivalsPerTurn(out, 4);
    expect(perTurn.map((chunks) => chunks.length)).toEqual([2, 2, 1, 0]);
  });

  it("lets a chunk larger than the budget through alone, one per turn", async () => {
    const budget = budgetOf(10);
    const out: string[] = [];
    send(budget, "a", ["x".repeat(40), "y".repeat(40)], out);
    const perTurn = await arrivalsPerTurn(out, 3);
    expect(perTurn).toEqual([[`a:${"x".repeat(40)}`], [`a:${"y".repeat(40)}`], []]);
  });

  it("takes the downloads in turn, so one with many chunks does not hold the others back", async () => {
    const budget = budgetOf(1);
    const out: string[] = [];
    send(budget, "first", ["1", "2", "3"], out);
    send(budget, "second", ["1"], out);
    await arrivalsPerTurn(out, 5);
    expect(out).toEqual(["first:1", "second:1", "first:2", "first:3"]);
  });

  it("while requests arrive, waits on a timer until the busy interval has passed", async () => {
    const clock = testClock();
    const budget = budgetOf(40, clock);
    const server = new EventEmitter();
    budget.watch(server);
    const out: string[] = [];
    for (const name of ["a", "b", "c"]) send(budget, name, [name.repeat(40)], out);
    // A request before every turn; files never went out, so the first turn sends.
    const request = () => server.emit("request");
    expect((await arrivalsPerTurn(out, 3, request)).map((chunks) => chunks.length)).toEqual([
      1, 0, 0,
    ]);
    // The second turn set a timer (no turn sends while it runs); at 20 ms it sends.
    clock.now = 20;
    expect(clock.fire()).toBe(1);
    expect(out).toHaveLength(2);
    // Requests keep coming: the next chunk waits for the next 20 ms as well.
    expect((await arrivalsPerTurn(out, 2, request)).map((chunks) => chunks.length)).toEqual([0, 0]);
    clock.now = 40;
    expect(clock.fire()).toBe(1);
    expect(out).toHaveLength(3);
  });

  it("while requests arrive, waits in proportion to the bytes that last went out", async () => {
    const clock = testClock();
    const budget = budgetOf(40, clock);
    const server = new EventEmitter();
    budget.watch(server);
    const out: string[] = [];
    // 10 bytes, then 40: at 2 bytes per ms the first wait is 5 ms, the second 20 ms.
    send(budget, "a", ["x".repeat(10), "y".repeat(40), "z"], out);
    const request = () => server.emit("request");
    await arrivalsPerTurn(out, 2, request);
    expect(out).toEqual([`a:${"x".repeat(10)}`]);
    clock.now = 4;
    clock.fire();
    // Too early by a millisecond: it waits the rest.
    expect(out).toHaveLength(1);
    clock.now = 5;
    clock.fire();
    expect(out).toHaveLength(2);
    await arrivalsPerTurn(out, 2, request);
    clock.now = 25;
    expect(clock.fire()).toBe(1);
    expect(out).toHaveLength(3);
    expect(clock.delays).toEqual([5, 1, 20]);
  });

  it("sends every turn again once requests stop", async () => {
    const clock = testClock();
    const budget = budgetOf(40, clock);
    const server = new EventEmitter();
    budget.watch(server);
    const out: string[] = [];
    for (const name of ["a", "b", "c", "d"]) send(budget, name, [name.repeat(40)], out);
    await arrivalsPerTurn(out, 2, () => server.emit("request"));
    expect(out).toHaveLength(1);
    clock.now = 20;
    clock.fire();
    // No request since: every turn sends.
    const perTurn = await arrivalsPerTurn(out, 3);
    expect(perTurn.map((chunks) => chunks.length)).toEqual([1, 1, 0]);
    expect(out).toHaveLength(4);
  });
});
