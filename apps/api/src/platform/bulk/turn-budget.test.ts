import type { Transform } from "node:stream";
import { describe, expect, it } from "vitest";
import { TurnBudget } from "./turn-budget";

/** Resolves in the check phase of the event loop's next turn, after the budget's own release. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Every chunk `stream` lets through, labelled `name`, appended to `out` as it arrives. */
function collect(stream: Transform, name: string, out: string[]): void {
  stream.on("data", (chunk: Buffer) => out.push(`${name}:${chunk.toString()}`));
}

/** What has arrived after each of `turns` event-loop turns. */
async function arrivalsPerTurn(out: string[], turns: number): Promise<string[][]> {
  const perTurn: string[][] = [];
  let seen = 0;
  for (let turn = 0; turn < turns; turn++) {
    await nextTurn();
    perTurn.push(out.slice(seen));
    seen = out.length;
  }
  return perTurn;
}

describe("TurnBudget", () => {
  it("lets through at most its bytes per turn across every stream", async () => {
    const budget = new TurnBudget(100);
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
    const budget = new TurnBudget(10);
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
    const budget = new TurnBudget(1);
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
});
