import { describe, expect, it } from "vitest";
import type { DataSources } from "../provenance/data-sources";
import { PublishedReadModel, servedDataSources, type LoadedData } from "./published-read-model";

/** A set over an in-memory "store": rows, or the sample while none is stored and it is allowed. */
class CountedRows extends PublishedReadModel {
  rows: string[] = [];
  loads = 0;

  constructor(
    private readonly store: { rows: string[]; writes: number },
    private readonly sampleDay: () => string,
  ) {
    super("counted rows", () => Promise.resolve(String(store.writes)), {
      allowedAtFirst: true,
      edition: () => sampleDay(),
    });
  }

  protected load(sampleAllowed: boolean): Promise<LoadedData> {
    this.loads++;
    const sample = this.store.rows.length === 0 && sampleAllowed;
    this.rows = sample ? [`sample through ${this.sampleDay()}`] : [...this.store.rows];
    return Promise.resolve(sample ? "sample" : "stored");
  }

  get dataSources(): DataSources {
    return servedDataSources(this.isSample, [], () => ({ firstDay: "", lastDay: "", days: 0 }));
  }

  describe(): string {
    return `${this.rows.length} row(s)`;
  }
}

describe("a published read model", () => {
  it("serves the sample while nothing is stored, and reloads only when the store or the sample moves", async () => {
    const store = { rows: [] as string[], writes: 0 };
    let day = "2026-01-01";
    const set = new CountedRows(store, () => day);
    let changes = 0;
    set.onChange(() => changes++);

    expect(await set.refresh()).toBe(true);
    expect(set.isSample).toBe(true);
    expect(set.dataSources.sample).toBe(true);
    expect(set.dataSources.notice).not.toBeNull();
    const sampleVersion = set.version;
    expect(await set.refresh()).toBe(false);

    day = "2026-01-02";
    expect(await set.refresh()).toBe(true);
    expect(set.rows).toEqual(["sample through 2026-01-02"]);
    expect(set.version).not.toBe(sampleVersion);

    store.rows.push("a");
    store.writes++;
    expect(await set.refresh()).toBe(true);
    expect(set.isSample).toBe(false);
    expect(set.rows).toEqual(["a"]);
    expect(set.dataSources).toEqual({ sample: false, notice: null, sources: [] });
    expect(changes).toBe(3);
    expect(set.refreshFailureMessage).toBe(
      "counted rows refresh failed; serving the last loaded values",
    );
  });

  it("shows an empty store as empty once the sample is not allowed", async () => {
    const set = new CountedRows({ rows: [], writes: 0 }, () => "2026-01-01");
    set.allowSample(false);
    await set.refresh();
    expect(set.isSample).toBe(false);
    expect(set.rows).toEqual([]);
    expect(set.describe()).toBe("0 row(s)");
  });
});
