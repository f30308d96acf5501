import { describe, expect, it } from "vitest";
import { PublishedReload } from "./published-reload";

/** A store another instance writes to: `writes` is its fingerprint, `rows` what a load reads. */
type Store = { rows: string[]; writes: number };

function publish(store: Store, row: string): void {
  store.rows.push(row);
  store.writes++;
}

describe("reloading a published copy", () => {
  it("loads again on the next refresh when values kept being published through every load", async () => {
    const store: Store = { rows: [], writes: 0 };
    let copy: string[] = [];
    let busyLoads = 3;
    const reload = new PublishedReload(
      "rows",
      () => Promise.resolve(String(store.writes)),
      () => {
        copy = [...store.rows];
        // Another instance publishes right after this load read the store, three loads running.
        if (busyLoads-- > 0) publish(store, `published during load ${3 - busyLoads}`);
        return Promise.resolve();
      },
    );

    expect(await reload.refresh()).toBe(true);
    expect(copy).toHaveLength(2);
    expect(store.rows).toHaveLength(3);
    const unsettledVersion = reload.version;
    expect(unsettledVersion).toMatch(/~/);

    // Nothing is published any more: the next refresh must still load what the copy missed.
    expect(await reload.refresh()).toBe(true);
    expect(copy).toEqual(store.rows);
    expect(reload.version).toBe("3");
    expect(await reload.refresh()).toBe(false);
  });

  it("runs refreshes asked for at once one after another, so an older load never replaces a newer", async () => {
    const store: Store = { rows: ["a"], writes: 1 };
    let copy: string[] = [];
    const pendingLoads: Array<() => void> = [];
    const reload = new PublishedReload(
      "rows",
      () => Promise.resolve(String(store.writes)),
      async () => {
        const read = [...store.rows];
        await new Promise<void>((resolve) => pendingLoads.push(resolve));
        copy = read;
      },
    );

    const first = reload.refresh();
    await waitFor(() => pendingLoads.length === 1);
    publish(store, "b");
    const second = reload.refresh();
    // The second refresh waits for the first instead of loading beside it.
    await Promise.resolve();
    expect(pendingLoads).toHaveLength(1);
    // The first load read ["a"]; its fingerprint check sees "b" and it loads again.
    pendingLoads.shift()?.();
    await waitFor(() => pendingLoads.length === 1);
    pendingLoads.shift()?.();
    expect(await first).toBe(true);
    expect(await second).toBe(false);
    expect(copy).toEqual(["a", "b"]);
    expect(reload.version).toBe("2");
  });
});

/** Resolves once `condition` holds, checked after each turn of the event loop's microtasks. */
async function waitFor(condition: () => boolean): Promise<void> {
  for (let turn = 0; turn < 1000 && !condition(); turn++)
    await new Promise<void>((resolve) => setImmediate(resolve));
  expect(condition()).toBe(true);
}
