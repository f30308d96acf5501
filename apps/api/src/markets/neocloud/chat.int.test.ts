import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { NEOCLOUD_DATASET_INFO, NEOCLOUD_REQUIRES_FULL_MESSAGE, SAMPLE_NOTICE } from "@tpi/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startJsonStub, type JsonStub } from "../../testing/json-stub";
import { geocoder, neocloudFiles } from "../../testing/neocloud-files";
import { askChat } from "../../testing/chat";
import { startTestApi, type TestApi } from "../../testing/test-api";
import { importSites } from "./jobs/epoch-import";
import { NEOCLOUD } from "./read-model/state";

/**
 * The chat's Neo-Cloud answer ("how many H100s are in sites under construction in Texas": the
 * chips of that family in the matching sites, each site listed, the source named and cited) and
 * the MCP tools, both through the routes for their caller: Full keys get the data, Premium keys
 * the REST 403 in its words.
 */
const NOW = new Date("2026-01-15T12:00:00.000Z");
const QUESTION = "How many H100s are in sites under construction in Texas?";
let api: TestApi;
let stub: JsonStub;
let full: Record<string, string>;
let premium: Record<string, string>;

beforeAll(async () => {
  api = await startTestApi({ now: NOW });
  full = { authorization: `Bearer ${(await api.createKey("full")).key}` };
  premium = { authorization: `Bearer ${(await api.createKey("premium")).key}` };
  const files = neocloudFiles();
  stub = await startJsonStub((request) => ({
    text: request.path.endsWith("clusters.csv")
      ? files.clusters
      : request.path.endsWith("timelines.csv")
        ? files.timelines
        : files.centers,
  }));
});
afterAll(async () => {
  await stub?.close();
  await api?.close();
});

const ask = (message: string, headers: Record<string, string>) => askChat(api, message, headers);

describe("the chat", () => {
  it("says it answers from the sample while nothing is imported", async () => {
    const sites = NEOCLOUD.of(api.deps).sites;
    sites.allowSample(true);
    await sites.refresh();
    const answer = await ask(QUESTION, full);
    expect(answer.intent).toBe("neocloud_chips_in_sites");
    // The sample's Abilene site: 16,000 H100 under construction in Texas.
    expect(answer.answer).toContain("generated SAMPLE");
    expect(answer.answer).toContain(
      "16,000 H100 chips in 1 site(s) that are under construction in Texas",
    );
    expect(answer.notices).toEqual([SAMPLE_NOTICE]);
  });

  it("sums the H100s of the Texas sites under construction after an import, naming the sites and the source", async () => {
    const report = await importSites(
      api.db,
      {
        gpuClusters: `${stub.url}/gpu_clusters.csv`,
        dataCenters: `${stub.url}/data_centers.csv`,
        timelines: `${stub.url}/data_center_timelines.csv`,
      },
      { trigger: "manual", now: NOW, fetchTimeoutMs: 5_000, geocoder },
    );
    expect(report).toMatchObject({ outcome: "ok" });
    await NEOCLOUD.of(api.deps).sites.refresh();
    const answer = await ask(QUESTION, full);
    // Texas, under construction: CoreWeave Plano (6,000 GB200 + 2,000 H100, estimated) and the
    // Goodnight hub site (no chip type): 2,000 H100 in one site.
    expect(answer.answer).toContain(
      "2,000 H100 chips in 1 site(s) that are under construction in Texas (0 confirmed by Epoch AI, 2,000 estimated):",
    );
    expect(answer.answer).toContain(
      "- CoreWeave Plano Two-Chip (CoreWeave, Plano, TX): 2,000 H100, gpu-clusters",
    );
    expect(answer.answer).not.toContain("SAMPLE");
    expect(answer.notices).toEqual([
      NEOCLOUD_DATASET_INFO["data-centers"].citation,
      NEOCLOUD_DATASET_INFO["gpu-clusters"].citation,
    ]);
  });

  it("ends with its own sources' notices only, though the H100 it names is also a GPU index subject", async () => {
    // The GPU index serving its sample must not put its sample notice under a neo-cloud answer.
    const gpu = api.deps.markets.get("gpu") as { provenance: () => unknown };
    const provenance = gpu.provenance;
    gpu.provenance = () => ({
      ...(provenance() as object),
      dataSources: { sample: true, notice: "GPU SAMPLE NOTICE", sources: [] },
    });
    try {
      const answer = await ask(QUESTION, full);
      expect(answer.intent).toBe("neocloud_chips_in_sites");
      expect(answer.notices).not.toContain("GPU SAMPLE NOTICE");
      expect(answer.answer).not.toContain("GPU SAMPLE NOTICE");
    } finally {
      gpu.provenance = provenance;
    }
  });
});

describe("the MCP tools", () => {
  async function withClient<T>(
    headers: Record<string, string>,
    use: (client: Client) => Promise<T>,
  ) {
    const client = new Client({ name: "neocloud-test", version: "1.0.0" });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${api.url}/mcp`), { requestInit: { headers } }),
    );
    try {
      return await use(client);
    } finally {
      await client.close();
    }
  }

  it("search and aggregate sites for a Full key, as REST answers", async () => {
    await withClient(full, async (client) => {
      const search = (await client.callTool({
        name: "search_neocloud_sites",
        arguments: { country: "IS" },
      })) as CallToolResult;
      expect(search.isError ?? false).toBe(false);
      expect(search.structuredContent).toMatchObject({
        data: (await api.get("/api/neocloud/sites?country=IS", full)).body,
      });
      const aggregate = (await client.callTool({
        name: "aggregate_neocloud_sites",
        arguments: { by: "gpu_type", scope: "all" },
      })) as CallToolResult;
      expect(aggregate.structuredContent).toMatchObject({
        data: (await api.get("/api/neocloud/sites/aggregate?by=gpu_type&scope=all", full)).body,
      });
    });
  });

  it("refuse a Premium key with the REST 403", async () => {
    await withClient(premium, async (client) => {
      const result = (await client.callTool({
        name: "search_neocloud_sites",
        arguments: {},
      })) as CallToolResult;
      expect(result.isError).toBe(true);
      expect(result.structuredContent).toEqual({
        error: "Forbidden",
        message: NEOCLOUD_REQUIRES_FULL_MESSAGE,
      });
    });
  });
});
