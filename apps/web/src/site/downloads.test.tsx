import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ReleaseManifest, ReleasePage } from "../server/releases";
import { DownloadsPage } from "./downloads";

const API = "https://api.example.com";
afterEach(() => vi.unstubAllEnvs());

const file = (release: number, variant: "full" | "free", format: "csv" | "parquet") => {
  const fileName = `token-lab-index-daily-r${release}-${variant}.${format}`;
  return {
    variant,
    format,
    fileName,
    rows: 1234,
    bytes: 1_234_567,
    sha256: "ab".repeat(32),
    url: `/api/v1/releases/${release}/files/${fileName}`,
  };
};

const manifestOf = (release: number): ReleaseManifest => ({
  success: true,
  release,
  day: "2026-11-28",
  cutAt: "2026-11-29T01:00:00.000Z",
  citation: `Token Price Index, release ${release} (2026-11-28), https://example.com/downloads?release=${release}.`,
  methodologyVersions: { token: "1.1" },
  sources: [],
  datasets: [
    {
      market: "token",
      name: "lab-index-daily",
      title: "Token Price Index, daily, per lab",
      description: "One row per lab and settled UTC day.",
      historyRoute: "/api/otpi",
      columns: [{ name: "date", type: "date", nullable: false, description: "The UTC day" }],
      files: [file(release, "free", "csv"), file(release, "full", "csv")],
    },
  ],
});

const list = (numbers: number[], hasOlder = false): ReleasePage => ({
  hasOlder,
  success: true,
  count: numbers.length,
  data: numbers.map((release) => ({
    release,
    day: "2026-11-28",
    cutAt: "2026-11-29T01:00:00.000Z",
    files: 2,
    url: `/api/v1/releases/${release}`,
  })),
});

const render = (props: Parameters<typeof DownloadsPage>[0]) => {
  vi.stubEnv("TPI_PUBLIC_API_URL", API);
  return renderToStaticMarkup(<DownloadsPage {...props} />);
};
const plans = new Map([["token/lab-index-daily", ["premium", "full"] as const]]);

describe("/downloads", () => {
  it("links the latest release's free file and gives its full file a keyed command naming the plans", () => {
    const html = render({
      manifest: manifestOf(12),
      latest: 12,
      releases: list([12, 11]),
      before: undefined,
      plans,
    });
    expect(html).toContain(
      `href="${API}/api/v1/releases/12/files/token-lab-index-daily-r12-free.csv"`,
    );
    expect(html).not.toContain(
      `href="${API}/api/v1/releases/12/files/token-lab-index-daily-r12-full.csv"`,
    );
    expect(html).toContain("-o &#x27;token-lab-index-daily-r12-full.csv&#x27;");
    expect(html).toContain("With a key of the Premium or Full plans");
    expect(html).toContain('data-bytes="1234567"><span>1.23 MB');
    expect(html).toContain('id="token-lab-index-daily"');
    expect(html).not.toContain("data-older-release");
  });

  it("needs a key for every file of an older release, and says so", () => {
    const html = render({
      manifest: manifestOf(11),
      latest: 12,
      releases: list([12, 11]),
      before: undefined,
      plans,
    });
    expect(html).not.toContain("data-free-link");
    expect(html).toContain("data-older-release");
    expect(html).toContain("token-lab-index-daily-r11-free.csv&quot; \\");
    expect(html).toContain('<a href="/downloads?release=11" aria-current="page">Release 11</a>');
    expect(html).toContain('<a href="/downloads">Release 12</a>');
  });

  it("pages the list: older releases after a full page, the newest again from an older page", () => {
    const full = list([20, 19, 18, 17, 16, 15, 14, 13, 12, 11], true);
    const first = render({
      manifest: manifestOf(20),
      latest: 20,
      releases: full,
      before: undefined,
      plans,
    });
    expect(first).toContain('href="/downloads?before=11"');
    expect(first).not.toContain("data-newer-releases");
    const older = render({
      manifest: manifestOf(20),
      latest: 20,
      releases: list([10, 9]),
      before: 11,
      plans,
    });
    expect(older).not.toContain("data-older-releases");
    expect(older).toContain("data-newer-releases");
    // A full page with no older release kept offers none.
    const last = render({
      manifest: manifestOf(10),
      latest: 10,
      releases: list(
        [10, 9, 8, 7, 6, 5, 4, 3, 2, 1].map((n) => n + 10),
        false,
      ),
      before: undefined,
      plans,
    });
    expect(last).not.toContain("data-older-releases");
  });

  it("says no release is cut yet", () => {
    const html = render({
      manifest: undefined,
      latest: undefined,
      releases: list([]),
      before: undefined,
      plans,
    });
    expect(html).toContain("data-no-release");
  });
});
