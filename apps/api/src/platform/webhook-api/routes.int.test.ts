import { API_KEY_REQUIRED_MESSAGE, WEBHOOK_MESSAGES } from "@tpi/domain";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jsonStubForFile } from "../../testing/file-fixtures";
import { bearer, startTestApi, type HttpResult, type TestApi } from "../../testing/test-api";

/** The receiver the subscriptions point at (loopback, allowed by the tests' operator policy). */
const receiver = await jsonStubForFile(() => ({ status: 200, body: { received: true } }));

let api: TestApi;
let owner: { key: string; accountId: string };
let stranger: { key: string; accountId: string };
beforeAll(async () => {
  api = await startTestApi({
    // Near the real time: the receiver's library refuses a timestamp 5 minutes off its clock.
    now: new Date(),
    configure: (deps) => ({
      ...deps,
      webhooks: { policy: { allowHttp: true, allowPrivateAddresses: true } },
    }),
  });
  owner = await api.createKey("full");
  stranger = await api.createKey("full");
});
afterAll(async () => api.close());

const postJson = (path: string, text: string, key: string): Promise<HttpResult> =>
  api.request(path, {
    method: "POST",
    headers: { "content-type": "application/json", ...bearer(key) },
    body: text,
  });

async function created(path: string): Promise<{ id: string; secret: string }> {
  const res = await api.post(
    "/api/v1/webhooks",
    { url: `${receiver.url}${path}` },
    bearer(owner.key),
  );
  expect(res.status).toBe(201);
  const body = res.body as { subscription: { id: string }; secret: string };
  return { id: body.subscription.id, secret: body.secret };
}

describe("/api/v1/webhooks", () => {
  it("needs a key", async () => {
    for (const res of [
      await api.get("/api/v1/webhooks"),
      await api.post("/api/v1/webhooks", { url: `${receiver.url}/x` }),
    ]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: "Unauthorized", message: API_KEY_REQUIRED_MESSAGE });
    }
  });

  it("creates a subscription (201, the secret once, never cached) and lists it", async () => {
    const res = await api.post(
      "/api/v1/webhooks",
      { url: `${receiver.url}/created`, filter: { types: ["value.settled"], markets: ["gpu"] } },
      bearer(owner.key),
    );
    expect(res.status).toBe(201);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.body).toMatchObject({
      success: true,
      secret: expect.stringMatching(/^whsec_/),
      subscription: {
        url: `${receiver.url}/created`,
        status: "active",
        filter: { types: ["value.settled"], markets: ["gpu"], series: null, thresholds: [] },
      },
    });
    const listed = await api.get("/api/v1/webhooks", bearer(owner.key));
    expect(listed.status).toBe(200);
    expect(listed.body).toMatchObject({
      success: true,
      allowance: { plan: "full", deliveriesToday: 0 },
    });
    expect(listed.text).not.toContain((res.body as { secret: string }).secret);
    const theirs = await api.get("/api/v1/webhooks", bearer(stranger.key));
    expect(theirs.body).toMatchObject({ subscriptions: [] });
  });

  it.each([
    ["malformed JSON", "{"],
    ["a JSON array", "[]"],
    ["no url", "{}"],
    ["an unknown field", JSON.stringify({ url: "https://example.com/h", extra: 1 })],
    ["a url of the wrong type", JSON.stringify({ url: 5 })],
    ["a filter of the wrong type", JSON.stringify({ url: "https://example.com/h", filter: [] })],
    [
      "types of the wrong type",
      JSON.stringify({ url: "https://example.com/h", filter: { types: "x" } }),
    ],
    [
      "an unknown event type",
      JSON.stringify({ url: "https://example.com/h", filter: { types: ["x"] } }),
    ],
    ["an empty list", JSON.stringify({ url: "https://example.com/h", filter: { markets: [] } })],
    ["a NUL in the url", JSON.stringify({ url: "https://example.com/\u0000" })],
    ["a url that is not one", JSON.stringify({ url: "example" })],
    [
      "a threshold without a rule",
      JSON.stringify({ url: "https://example.com/h", filter: { thresholds: [{ kind: "level" }] } }),
    ],
  ])("answers 400 with a JSON error for %s", async (_case, text) => {
    const res = await postJson("/api/v1/webhooks", text, owner.key);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: "Bad request", message: expect.any(String) });
  });

  it("answers 404 for another account's subscription, an unknown id and a malformed one", async () => {
    const { id } = await created("/theirs");
    for (const target of [id, "00000000-0000-4000-8000-000000000000", "nope"]) {
      const answers = [
        await api.get(`/api/v1/webhooks/${target}`, bearer(stranger.key)),
        await api.get(`/api/v1/webhooks/${target}/deliveries`, bearer(stranger.key)),
        ...(await Promise.all(
          [
            "pause",
            "resume",
            "enable",
            "rotate-secret",
            "test",
            "delete",
            "deliveries/e/redeliver",
          ].map((action) =>
            api.post(`/api/v1/webhooks/${target}/${action}`, {}, bearer(stranger.key)),
          ),
        )),
      ];
      for (const res of answers) {
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ error: "Not found", message: WEBHOOK_MESSAGES.notFound });
      }
    }
    expect(receiver.requests).toEqual([]);
    expect((await api.get(`/api/v1/webhooks/${id}`, bearer(owner.key))).status).toBe(200);
  });

  it("pauses, resumes, refuses to enable an active one (409), rotates and deletes", async () => {
    const { id } = await created("/life");
    const paused = await api.post(`/api/v1/webhooks/${id}/pause`, {}, bearer(owner.key));
    expect(paused.status).toBe(200);
    expect(paused.body).toMatchObject({ success: true, subscription: { id, status: "paused" } });
    const resumed = await api.post(`/api/v1/webhooks/${id}/resume`, {}, bearer(owner.key));
    expect(resumed.body).toMatchObject({ subscription: { status: "active" } });
    const enabled = await api.post(`/api/v1/webhooks/${id}/enable`, {}, bearer(owner.key));
    expect(enabled.status).toBe(409);
    expect(enabled.body).toEqual({
      error: "Conflict",
      message: WEBHOOK_MESSAGES.enableNotDisabled("active"),
    });
    const rotated = await api.post(`/api/v1/webhooks/${id}/rotate-secret`, {}, bearer(owner.key));
    expect(rotated.status).toBe(200);
    expect(rotated.body).toMatchObject({ secret: expect.stringMatching(/^whsec_/) });
    const deleted = await api.post(`/api/v1/webhooks/${id}/delete`, {}, bearer(owner.key));
    expect(deleted.body).toEqual({ success: true, id, deleted: true });
    expect((await api.get(`/api/v1/webhooks/${id}`, bearer(owner.key))).status).toBe(404);
  });

  it("sends a signed test and shows it in the delivery log", async () => {
    const { id, secret } = await created("/tested");
    const res = await api.post(`/api/v1/webhooks/${id}/test`, {}, bearer(owner.key));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ test: { delivered: true, responseStatus: 200 } });
    const [request] = receiver.requests.filter((each) => each.path === "/tested");
    if (request === undefined) throw new Error("no test sent");
    const verified = new Webhook(secret).verify(request.body, {
      "webhook-id": String(request.headers["webhook-id"]),
      "webhook-timestamp": String(request.headers["webhook-timestamp"]),
      "webhook-signature": String(request.headers["webhook-signature"]),
    });
    expect(verified).toMatchObject({ type: "webhook.test" });
    const log = await api.get(`/api/v1/webhooks/${id}/deliveries?limit=10`, bearer(owner.key));
    expect(log.status).toBe(200);
    expect(log.body).toMatchObject({
      deliveries: [],
      nextBefore: null,
      tests: [{ delivered: true }],
    });
  });

  it.each([
    ["limit=abc", WEBHOOK_MESSAGES.deliveryLogLimit],
    ["limit=0", WEBHOOK_MESSAGES.deliveryLogLimit],
    ["limit=1000", WEBHOOK_MESSAGES.deliveryLogLimit],
    ["before=-3", WEBHOOK_MESSAGES.deliveryLogBefore],
    ["before=99999999999999999999", WEBHOOK_MESSAGES.deliveryLogBefore],
  ])("refuses a bad delivery-log page (%s) with 400", async (query, message) => {
    const { id } = await created("/paged");
    const res = await api.get(`/api/v1/webhooks/${id}/deliveries?${query}`, bearer(owner.key));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: "Bad request", message });
  });

  it("refuses an unknown query parameter and an unknown event to redeliver", async () => {
    const { id } = await created("/other");
    const unknown = await api.get(`/api/v1/webhooks/${id}/deliveries?page=2`, bearer(owner.key));
    expect(unknown.status).toBe(400);
    const redeliver = await api.post(
      `/api/v1/webhooks/${id}/deliveries/no-such-event/redeliver`,
      {},
      bearer(owner.key),
    );
    expect(redeliver.status).toBe(404);
    expect(redeliver.body).toEqual({ error: "Not found", message: WEBHOOK_MESSAGES.eventNotFound });
  });

  it("refuses a loopback or private target unless the operator allows it", async () => {
    // The production policy: https to public addresses only.
    const production = await startTestApi({ now: new Date() });
    try {
      const { key } = await production.createKey("full");
      for (const [url, refusal] of [
        ["https://127.0.0.1/hook", /loopback addresses \(127\.0\.0\.1\)/],
        ["https://[::1]/hook", /loopback addresses \(::1\)/],
        ["https://10.1.2.3/hook", /private addresses \(10\.1\.2\.3\)/],
        [`${receiver.url}/hook`, /must be an https URL, not http:/],
      ] as const) {
        const res = await production.post("/api/v1/webhooks", { url }, bearer(key));
        expect(res.status, url).toBe(400);
        expect(res.body, url).toEqual({
          error: "Bad request",
          message: expect.stringMatching(refusal) as string,
        });
      }
      const listed = await production.get("/api/v1/webhooks", bearer(key));
      expect(listed.body).toMatchObject({ subscriptions: [] });
    } finally {
      await production.close();
    }
    // This file's api: the operator allows http and private targets.
    const { key } = await api.createKey("full");
    for (const url of ["https://10.1.2.3/hook", `${receiver.url}/allowed`]) {
      const res = await api.post("/api/v1/webhooks", { url }, bearer(key));
      expect(res.status, url).toBe(201);
    }
  });

  it("is described in the OpenAPI document", async () => {
    const res = await api.get("/openapi.json");
    const paths = Object.keys((res.body as { paths: Record<string, unknown> }).paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        "/api/v1/webhooks",
        "/api/v1/webhooks/{id}",
        "/api/v1/webhooks/{id}/pause",
        "/api/v1/webhooks/{id}/resume",
        "/api/v1/webhooks/{id}/enable",
        "/api/v1/webhooks/{id}/rotate-secret",
        "/api/v1/webhooks/{id}/test",
        "/api/v1/webhooks/{id}/delete",
        "/api/v1/webhooks/{id}/deliveries",
        "/api/v1/webhooks/{id}/deliveries/{eventId}/redeliver",
      ]),
    );
  });
});
