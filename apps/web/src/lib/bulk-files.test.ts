import { describe, expect, it } from "vitest";
import { datasetAnchor, datasetHref, fileAccess, formatBytes, releaseHref } from "./bulk-files";
import { plansSentence } from "./bulk-plans";

describe("formatBytes", () => {
  it("writes bytes below a kilobyte as bytes, one byte singular", () => {
    expect(formatBytes(0)).toBe("0 bytes");
    expect(formatBytes(1)).toBe("1 byte");
    expect(formatBytes(999)).toBe("999 bytes");
  });
  it("uses decimal units with three significant digits at most", () => {
    expect(formatBytes(1000)).toBe("1 kB");
    expect(formatBytes(1234)).toBe("1.23 kB");
    expect(formatBytes(45_600)).toBe("45.6 kB");
    expect(formatBytes(512_000)).toBe("512 kB");
    expect(formatBytes(1_234_567)).toBe("1.23 MB");
    expect(formatBytes(3_000_000_000)).toBe("3 GB");
  });
  it("moves to the next unit where rounding would write 1000", () => {
    expect(formatBytes(999_950)).toBe("1 MB");
    expect(formatBytes(999_499)).toBe("999 kB");
  });
});

describe("fileAccess", () => {
  const API = "https://api.example.com";
  const free = {
    variant: "free" as const,
    url: "/api/v1/releases/12/files/token-lab-index-daily-r12-free.csv",
    fileName: "token-lab-index-daily-r12-free.csv",
  };
  const full = {
    variant: "full" as const,
    url: "/api/v1/releases/12/files/token-lab-index-daily-r12-full.parquet",
    fileName: "token-lab-index-daily-r12-full.parquet",
  };

  it("links a free file of the latest release at the api's public address", () => {
    expect(fileAccess(free, true, API)).toEqual({ kind: "link", href: `${API}${free.url}` });
  });
  it("gives a full file a curl command with the key and the file name", () => {
    expect(fileAccess(full, true, API)).toEqual({
      kind: "key",
      command: [
        `curl -s "${API}${full.url}"`,
        `-H "Authorization: Bearer $TPI_API_KEY"`,
        `-o 'token-lab-index-daily-r12-full.parquet'`,
      ].join(" \\\n  "),
    });
  });
  it("needs a key for an older release's free file (it holds days past today's free window)", () => {
    expect(fileAccess(free, false, API).kind).toBe("key");
  });
});

describe("anchors and addresses", () => {
  it("names a dataset's section by market and dataset, the latest release without a query", () => {
    const dataset = { market: "token", name: "lab-index-daily" };
    expect(datasetAnchor(dataset)).toBe("token-lab-index-daily");
    expect(datasetHref(dataset)).toBe("/downloads#token-lab-index-daily");
    expect(releaseHref(12, true)).toBe("/downloads");
    expect(releaseHref(11, false)).toBe("/downloads?release=11");
  });
});

describe("plansSentence", () => {
  it("names the plans whose keys read a full file, every plan as any", () => {
    expect(plansSentence(["full"])).toBe("the Full plan");
    expect(plansSentence(["premium", "full"])).toBe("the Premium or Full plans");
    expect(plansSentence(["trial", "premium", "full"])).toBe("any plan");
    expect(plansSentence(undefined)).toBe("any plan");
  });
});
