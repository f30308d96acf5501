/**
 * Website benchmark (run it, it is not a timed test): server response time of `/` and
 * `/labs/anthropic` with a warm cache, and the JavaScript the browser downloads for each
 * page with a chart, compressed. Targets: p50 under 50 ms; JS under 150 KB compressed.
 *
 *   pnpm --filter @tpi/web bench                       # starts the api and the built website itself
 *   BENCH_WEB_URL=http://127.0.0.1:3000 pnpm --filter @tpi/web bench   # against a running site
 */
import { gzipSync, brotliCompressSync } from "node:zlib";
import { startSite, type RunningSite } from "../e2e/harness";

const WARMUP_REQUESTS = 20;
const MEASURED_REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
/** Each page's measurement stops after this long even if fewer requests were made. */
const MAX_SECONDS_PER_PAGE = 60;
const P50_TARGET_MS = 50;
const JS_TARGET_KB = 150;
const JS_PAGES = ["/", "/?range=7D", "/gpus", "/labs/anthropic", "/gpus/H100%20SXM"] as const;

function percentile(sorted: readonly number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

async function timeRequest(url: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(url);
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  return performance.now() - started;
}

async function measurePage(
  baseUrl: string,
  path: string,
): Promise<{ path: string; count: number; p50: number; p90: number; p99: number }> {
  const url = `${baseUrl}${path}`;
  for (let i = 0; i < WARMUP_REQUESTS; i += 1) await timeRequest(url);
  const samples: number[] = [];
  const deadline = Date.now() + MAX_SECONDS_PER_PAGE * 1000;
  while (samples.length < MEASURED_REQUESTS && Date.now() < deadline)
    samples.push(await timeRequest(url));
  samples.sort((a, b) => a - b);
  return {
    path,
    count: samples.length,
    p50: percentile(samples, 50),
    p90: percentile(samples, 90),
    p99: percentile(samples, 99),
  };
}

/**
 * Every script a current browser loads for the page: external chunks (src) and inline scripts
 * (the RSC payload). `nomodule` polyfills are left out: browsers with ES modules never fetch them.
 */
async function shippedJavaScript(baseUrl: string, path: string) {
  const html = await (await fetch(`${baseUrl}${path}`)).text();
  const tags = [...html.matchAll(/<script\b[^>]*\ssrc="([^"]+)"[^>]*>/g)];
  const sources = [
    ...new Set(
      tags.filter((match) => !/\snomodule\b/i.test(match[0])).map((match) => match[1] ?? ""),
    ),
  ].filter(Boolean);
  const inline = [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)]
    .map((match) => match[1] ?? "")
    .join("\n");
  const chunks = await Promise.all(
    sources.map(async (src) =>
      Buffer.from(await (await fetch(new URL(src, baseUrl))).arrayBuffer()),
    ),
  );
  const external = Buffer.concat(chunks);
  const inlineBytes = Buffer.from(inline);
  const kb = (bytes: number) => bytes / 1024;
  return {
    files: sources.length,
    externalRawKb: kb(external.length),
    externalGzipKb: kb(gzipSync(external, { level: 9 }).length),
    externalBrotliKb: kb(brotliCompressSync(external).length),
    inlineRawKb: kb(inlineBytes.length),
    inlineGzipKb: kb(gzipSync(inlineBytes, { level: 9 }).length),
  };
}

async function main(): Promise<void> {
  let site: RunningSite | undefined;
  let baseUrl = process.env.BENCH_WEB_URL;
  if (baseUrl === undefined) {
    console.log("starting the api (embedded PostgreSQL, sample data) and the built website…");
    site = await startSite();
    baseUrl = site.webUrl;
  }
  try {
    console.log(
      `website: ${baseUrl}; ${WARMUP_REQUESTS} warm-up then up to ${MEASURED_REQUESTS} sequential requests per page`,
    );
    let ok = true;
    for (const path of ["/", "/labs/anthropic"]) {
      const result = await measurePage(baseUrl, path);
      const pass = result.p50 < P50_TARGET_MS;
      ok &&= pass;
      console.log(
        `${path.padEnd(16)} n=${result.count}  p50 ${result.p50.toFixed(1)} ms  p90 ${result.p90.toFixed(1)} ms  p99 ${result.p99.toFixed(1)} ms  (target p50 < ${P50_TARGET_MS} ms: ${pass ? "met" : "NOT met"})`,
      );
    }
    // Every page with a chart island, and one with a chart state in its URL (the dynamic view).
    for (const path of JS_PAGES) {
      const js = await shippedJavaScript(baseUrl, path);
      const total = js.externalGzipKb + js.inlineGzipKb;
      const pass = total < JS_TARGET_KB;
      ok &&= pass;
      console.log(
        `JS for ${path}: ${js.files} files, ${js.externalRawKb.toFixed(1)} KB raw, ${js.externalGzipKb.toFixed(1)} KB gzip (${js.externalBrotliKb.toFixed(1)} KB brotli); inline scripts ${js.inlineRawKb.toFixed(1)} KB raw, ${js.inlineGzipKb.toFixed(1)} KB gzip`,
      );
      console.log(
        `JS for ${path} total gzip: ${total.toFixed(1)} KB (target < ${JS_TARGET_KB} KB: ${pass ? "met" : "NOT met"})`,
      );
    }
    process.exitCode = ok ? 0 : 1;
  } finally {
    await site?.stop();
  }
}

await main();
