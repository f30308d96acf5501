import { readFileSync, unlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { BulkRow } from "@tpi/domain";
import { pruneReleases } from "@tpi/db";
import { databaseReleaseReader } from "../releases/database-release-reader";
import {
  heldRows,
  releasingApiForFile,
  widgetPriceDataset,
  widgetPriceRow as priceRow,
} from "../../testing/release-fixture";
import { cutDueRelease, pruneOldReleases, releaseFileCache } from "./releases";
import { createLogger } from "../observability/logger";
import { releaseCutJob } from "./cut-job";

/**
 * Releases over a fixture market whose one dataset's rows the test sets: immutability (a value
 * restated after release R reads old as of R and new at R+1, through the reader and the files),
 * a stopped cut leaves nothing, concurrent cuts give one release, retention keeps kept files
 * byte-identical, and the file access rules.
 */

let current: BulkRow[] = [];
/** Set by a test to make the dataset's read fail part way (a source failing mid-cut). */
let failAfter: number | undefined;
/** Called as each row is read (a test stops the cut from there). */
let onRow: ((n: number) => void) | undefined;

const dataset = widgetPriceDataset(async function* rows() {
  let n = 0;
  for (const row of current) {
    if (failAfter !== undefined && n >= failAfter) throw new Error("source failed mid-cut");
    n += 1;
    onRow?.(n);
    yield row;
  }
});

const INTERNAL_TOKEN = "internal-token-for-releases-0123456789";
const { api, context, cacheDir } = await releasingApiForFile([dataset], {
  now: new Date("2026-03-10T12:00:00Z"),
  internalToken: INTERNAL_TOKEN,
});
const key = (await api.createKey()).key;

const DELAY = 60;
const at = (instant: string) => {
  api.clock.now = new Date(instant);
};
const rowsOf = (release: number) =>
  heldRows(api.db, "widget-price-daily", release, ["widget", "day", "usdPerWidget"]);
const count = async (table: string) =>
  Number(
    (await api.db.$queryRawUnsafe<{ n: number }[]>(`select count(*)::int as n from ${table}`))[0]
      ?.n,
  );
const manifestOf = async (release: number | "latest") =>
  (await api.get(`/api/v1/releases/${release}`)).body as {
    release: number;
    citation: string;
    datasets: {
      files: { fileName: string; variant: string; format: string; sha256: string; url: string }[];
    }[];
  };
const fileOf = async (release: number, variant: string) => {
  const file = (await manifestOf(release)).datasets[0]?.files.find(
    (f) => f.variant === variant && f.format === "csv",
  );
  if (file === undefined) throw new Error(`release ${release} has no ${variant} CSV file`);
  return file;
};

describe("releases", () => {
  it("a cut stopped part way (a failing source, an abort, files that cannot be written) leaves nothing", async () => {
    current = [
      priceRow("gizmo", "2026-03-08", "7.25"),
      priceRow("sprocket", "2026-03-08", "2.50"),
      priceRow("sprocket", "2026-03-09", "2.60"),
    ];
    at("2026-03-10T02:00:00Z");
    failAfter = 2;
    await expect(cutDueRelease(context, DELAY)).rejects.toThrow("source failed mid-cut");
    failAfter = undefined;
    const stop = new AbortController();
    onRow = (n) => {
      if (n === 2) stop.abort(new Error("stopping"));
    };
    await expect(cutDueRelease(context, DELAY, stop.signal)).rejects.toThrow("stopping");
    onRow = undefined;
    // Failing after the vintage rows and the release were written: its files cannot be written.
    const notADirectory = join(cacheDir, "not-a-directory");
    writeFileSync(notADirectory, "");
    await expect(
      cutDueRelease({ ...context, cacheDir: join(notADirectory, "files") }, DELAY),
    ).rejects.toThrow(/ENOTDIR/);
    expect(await count("data_release")).toBe(0);
    expect(await count("release_vintage_row")).toBe(0);
    expect(await count("release_file")).toBe(0);
  });

  it("two concurrent cuts of the due day (a restart, two instances) give one release", async () => {
    // Each cut shows its progress; only the one that cuts reads and writes.
    const finished: string[] = [];
    const progress = () => ({ update: () => undefined, finish: (s: string) => finished.push(s) });
    const outcomes = await Promise.all([
      cutDueRelease({ ...context, progress }, DELAY),
      cutDueRelease({ ...context, progress }, DELAY),
    ]);
    expect(finished).toEqual([
      expect.stringMatching(/^\d+ dataset\(s\) of release 1 read$/),
      expect.stringMatching(/^\d+ file\(s\) of release 1 written$/),
    ]);
    expect(outcomes.filter((o) => o.cut)).toEqual([
      expect.objectContaining({ cut: true, release: 1, day: "2026-03-09", opened: 3 }),
    ]);
    expect(outcomes.filter((o) => !o.cut)).toEqual([
      { cut: false, reason: "exists", latestDay: "2026-03-09" },
    ]);
    expect(await count("data_release")).toBe(1);
  });

  it("a value restated after release R reads old as of R and new at R+1, through the reader and the files", async () => {
    const r1Full = await fileOf(1, "full");
    current = [
      priceRow("gizmo", "2026-03-08", "7.25"),
      priceRow("sprocket", "2026-03-08", "2.55"),
      priceRow("sprocket", "2026-03-09", "2.60"),
      priceRow("sprocket", "2026-03-10", "2.70"),
    ];
    at("2026-03-11T02:00:00Z");
    const outcome = await cutDueRelease(context, DELAY);
    expect(outcome).toMatchObject({ cut: true, release: 2, opened: 2, closed: 1 });
    expect(await rowsOf(1)).toEqual([
      "gizmo 2026-03-08 7.25",
      "sprocket 2026-03-08 2.50",
      "sprocket 2026-03-09 2.60",
    ]);
    expect(await rowsOf(2)).toEqual([
      "gizmo 2026-03-08 7.25",
      "sprocket 2026-03-08 2.55",
      "sprocket 2026-03-09 2.60",
      "sprocket 2026-03-10 2.70",
    ]);
    const old = await api.get(r1Full.url, { authorization: `Bearer ${key}` });
    expect(old.status, old.text).toBe(200);
    expect(old.text).toContain("sprocket,2026-03-08,2.50,");
    expect(old.headers.get("etag")).toBe(`"${r1Full.sha256}"`);
    const now = await api.get((await fileOf(2, "full")).url, { authorization: `Bearer ${key}` });
    expect(now.text).toContain("sprocket,2026-03-08,2.55,");
    expect(createHash("sha256").update(old.text).digest("hex")).toBe(r1Full.sha256);
  });

  it("the manifest names the release, its files and a citation line", async () => {
    const manifest = await manifestOf("latest");
    expect(manifest.release).toBe(2);
    expect(manifest.citation).toMatch(
      /^Token Price Index, release 2 \(2026-03-10\), http:\/\/localhost:3000\/downloads\?release=2\./,
    );
    const list = (await api.get("/api/v1/releases")).body as {
      count: number;
      data: { release: number }[];
    };
    expect(list.data.map((r) => r.release)).toEqual([2, 1]);
    const unknown = await api.get("/api/v1/releases/9");
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({
      error: "Not found",
      message: "Release 9 does not exist or is past retention. Releases kept: 1 to 2.",
    });
  });

  it("files: full needs a key, a free file is keyless for the latest release only, ETag answers 304", async () => {
    const fullLatest = await fileOf(2, "full");
    expect((await api.get(fullLatest.url)).status).toBe(401);
    const freeOld = await fileOf(1, "free");
    const refused = await api.get(freeOld.url);
    expect(refused.status).toBe(401);
    expect((refused.body as { message: string }).message).toContain(
      "only the latest release's free files",
    );
    const freeLatest = await fileOf(2, "free");
    const free = await api.get(freeLatest.url);
    expect(free.status, free.text).toBe(200);
    expect(free.text).not.toContain("gizmo");
    // Keyless only while release 2 is the latest: no shared cache keeps it for longer than a minute.
    expect(free.headers.get("cache-control")).toBe("public, no-cache");
    const keyed = await api.get(freeLatest.url, { authorization: `Bearer ${key}` });
    expect(keyed.headers.get("cache-control")).toBe("private, max-age=31536000, immutable");
    const again = await api.get(freeLatest.url, { "if-none-match": `"${freeLatest.sha256}"` });
    expect(again.status).toBe(304);
    expect((await api.get(freeOld.url, { authorization: `Bearer ${key}` })).status).toBe(200);
  });

  it("a cached file whose bytes are not the recorded ones is rebuilt from the vintage store", async () => {
    const file = await fileOf(2, "full");
    const path = join(cacheDir, file.fileName);
    writeFileSync(path, "tampered\n");
    releaseFileCache(context.cacheDir).forget();
    const rebuilt = await api.get(file.url, { authorization: `Bearer ${key}` });
    expect(createHash("sha256").update(rebuilt.text).digest("hex")).toBe(file.sha256);
  });

  it("retention removes old releases and leaves kept ones byte-identical", async () => {
    current = [...current, priceRow("gizmo", "2026-03-11", "7.30")];
    at("2026-03-12T02:00:00Z");
    await cutDueRelease(context, DELAY);
    const kept = await fileOf(2, "full");
    const before = await api.get(kept.url, { authorization: `Bearer ${key}` });
    const pruned = await pruneOldReleases(context, 2);
    expect(pruned.releases).toEqual([1]);
    expect(pruned.vintageRows).toBe(1);
    expect((await api.get("/api/v1/releases/1")).status).toBe(404);
    const after = await api.get(kept.url, { authorization: `Bearer ${key}` });
    expect(after.text).toBe(before.text);
    expect(createHash("sha256").update(after.text).digest("hex")).toBe(kept.sha256);
    expect(readFileSync(join(cacheDir, kept.fileName), "utf8")).toBe(before.text);
    const gone = await databaseReleaseReader(api.db).rowsAsOf({
      market: "fixture",
      dataset: "widget-price-daily",
      release: 1,
    });
    expect(gone.ok).toBe(false);
  });

  it("the release job cuts the due day when missing, then applies retention, and says so", async () => {
    at("2026-03-13T02:00:00Z");
    const lines: string[] = [];
    const job = releaseCutJob(
      context,
      { cutDelayMinutes: DELAY, retentionDays: 2 },
      createLogger("info", (line) => lines.push(line), "json"),
    );
    await job.run(new AbortController().signal);
    const messages = lines.map((line) => (JSON.parse(line) as { msg: string }).msg);
    expect(messages).toEqual([
      "release 4 (2026-03-12) cut: 0 row(s) new or restated, 0 closed, 4 file(s)",
      "releases past retention removed: 2 (0 vintage row(s), 4 cached file(s))",
    ]);
    lines.length = 0;
    await job.run(new AbortController().signal);
    expect(lines).toEqual([]);
  });

  it("a remembered file that retention removed is the release's 404, never a 500; a kept one's is rebuilt", async () => {
    const old = await fileOf(3, "full");
    const kept = await fileOf(4, "full");
    const auth = { authorization: `Bearer ${key}` };
    // Both files' lookups are remembered by this instance.
    expect((await api.get(old.url, auth)).status).toBe(200);
    expect((await api.get(kept.url, auth)).status).toBe(200);
    // Another instance's retention removes release 3 (this instance forgets nothing), and the
    // file leaves this instance's disk; a kept release's file leaves it too.
    expect((await pruneReleases(api.db, "2026-03-12")).releases).toEqual([3]);
    unlinkSync(join(cacheDir, old.fileName));
    unlinkSync(join(cacheDir, kept.fileName));
    const gone = await api.get(old.url, auth);
    expect(gone.status).toBe(404);
    expect((gone.body as { message: string }).message).toMatch(/^Release 3 does not exist/);
    const rebuilt = await api.get(kept.url, auth);
    expect(rebuilt.status).toBe(200);
    expect(createHash("sha256").update(rebuilt.text).digest("hex")).toBe(kept.sha256);
  });
});
