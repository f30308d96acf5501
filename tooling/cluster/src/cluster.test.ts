import { createHash, randomBytes } from "node:crypto";
import { chmodSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer as createHttpServer, type Server } from "node:http";
import { createServer as createNetServer, type AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startEmbeddedTestPostgres, withDatabase, type TestPostgres } from "@tpi/db";
import { Redis } from "ioredis";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jsonOf, send, type Reply } from "./http";
import { LoadLoop, answered } from "./load";
import { findNginx, startNginx, type RunningNginx } from "./nginx";
import {
  listTools,
  listToolsReply,
  pkcePair,
  postForm,
  trpc,
  type Internal,
  type Tokens,
} from "./oauth";
import { REPO_ROOT } from "./paths";
import { ApiInstance, runCli } from "./processes";
import { WebhookReceiver } from "./webhook-receiver";

/**
 * Many instances, for real: three api processes (started as production starts them) on one
 * PostgreSQL database and one Redis, behind nginx running deploy/nginx/tpi.conf itself, under
 * steady GET traffic. An instance is killed, each is restarted in turn, a key is revoked, and all
 * three settle the same days at once; the balancer must not fail a single GET.
 */
const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
/** CI installs nginx and runs Redis: there a missing one fails the run instead of skipping. */
const required = process.env.TPI_REQUIRE_CLUSTER_TESTS === "1" || Boolean(process.env.CI);
const INSTANCES = 3;
/** Browser origin the load clients send; listed in RATE_LIMIT_TRUSTED_ORIGINS (no per-IP limit). */
const LOAD_ORIGIN = "http://cluster-load.test";
const HEALTHY_WITHIN_MS = 180_000;
/**
 * The instances' webhook delivery time limit (WEBHOOK_DELIVERY_TIMEOUT_MS): the loopback receiver
 * answers at once, and a claim (four limits, 12 s) an instance died with lapses within the test.
 */
const WEBHOOK_DELIVERY_TIMEOUT_MS = 3_000;
/** The internal location deploy/nginx/tpi.conf serves the release cache at (TPI_RELEASE_FILES_ACCEL_PREFIX). */
const RELEASE_FILES_PREFIX = "/internal/release-files/";
/** How long the instances may take to cut their first release (milliseconds). */
const RELEASE_WITHIN_MS = 240_000;
/**
 * Headers that differ between two answers of the same file for reasons other than who sent its
 * bytes: per request (date, request id, rate-limit counts), or per hop (nginx's own Server and
 * connection headers on its side, Node's keep-alive on the instance's).
 */
const PER_ANSWER_HEADERS = new Set([
  "date",
  "x-request-id",
  "ratelimit",
  "connection",
  "keep-alive",
  "server",
  "transfer-encoding",
]);

async function redisUnavailableReason(): Promise<string | undefined> {
  const client = new Redis(REDIS_URL, {
    lazyConnect: true,
    connectTimeout: 1_000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  client.on("error", () => undefined);
  try {
    await client.connect();
    await client.ping();
    return undefined;
  } catch (error) {
    return `no Redis answers at ${REDIS_URL} (${error instanceof Error ? error.message : String(error)})`;
  } finally {
    client.disconnect();
  }
}

const nginxPath = findNginx();
const missing =
  nginxPath === undefined
    ? "no nginx on PATH or in /usr/sbin (install it with: apt-get install -y nginx-light)"
    : await redisUnavailableReason();
if (missing !== undefined && !required)
  console.warn(`[cluster] SKIPPED: ${missing}; CI runs it (TPI_REQUIRE_CLUSTER_TESTS=1)`);

/** "takes effect everywhere within N seconds", as docs/operations/deployment.md promises for revocations. */
function documentedRevocationSeconds(): number {
  const docs = readFileSync(join(REPO_ROOT, "docs", "operations", "deployment.md"), "utf8");
  const match = /revoked key[^.]*takes effect everywhere\s+within (\d+) seconds/.exec(docs);
  if (match?.[1] === undefined)
    throw new Error(
      "docs/operations/deployment.md no longer states how fast a revocation takes effect",
    );
  return Number(match[1]);
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createNetServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Stands in for the website upstream: answers 200 with the request headers nginx sent. */
async function startHeaderEcho(port: number): Promise<Server> {
  const server = createHttpServer((req, res) => {
    res.setHeader("content-type", "application/json");
    res.end(JSON.stringify({ path: req.url, headers: req.headers }));
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", () => resolve()));
  return server;
}

async function sleep(ms: number): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, ms));
}

/** Sums one number of a log line over every match in `text` ("1,234" counts as 1234). */
function sumOf(text: string, pattern: RegExp, group: number): number {
  let total = 0;
  for (const match of text.matchAll(pattern))
    total += Number((match[group] ?? "0").replace(/,/g, ""));
  return total;
}

describe.runIf(missing !== undefined && required)("cluster requirement", () => {
  it("has nginx and Redis, because CI / TPI_REQUIRE_CLUSTER_TESTS requires the cluster test", () => {
    expect.fail(missing);
  });
});

describe.skipIf(missing !== undefined)("three api instances behind deploy/nginx/tpi.conf", () => {
  let tempDir = "";
  let postgres: TestPostgres | undefined;
  let adminUrl = "";
  let databaseName = "";
  let databaseUrl = "";
  let redisPrefix = "";
  let internalToken = "";
  let web: Server | undefined;
  let nginx: RunningNginx | undefined;
  let publicUrl = "";
  let internalUrl = "";
  const instances: ApiInstance[] = [];
  let load: LoadLoop | undefined;
  let loadKey = "";
  let revokedKey = { id: "", key: "" };
  const figures: string[] = [];
  const receiver = new WebhookReceiver();
  const cliEnv = () => ({ DATABASE_URL: databaseUrl });

  async function createKey(name: string): Promise<{ id: string; key: string }> {
    const run = await runCli(["keys", "create", "--name", name, "--plan", "full"], cliEnv());
    expect(run.status, run.stderr).toBe(0);
    const id = /created API key (\S+) /.exec(run.stdout)?.[1];
    const key = /^(tpi_\S+)$/m.exec(run.stdout)?.[1];
    if (id === undefined || key === undefined) throw new Error(`unexpected output:\n${run.stdout}`);
    return { id, key };
  }

  beforeAll(async () => {
    tempDir = mkdtempSync(join(tmpdir(), "tpi-cluster-"));
    // nginx's workers run as an unprivileged user when the test runs as root.
    chmodSync(tempDir, 0o755);
    // Its own embedded PostgreSQL server, as `npm start` runs one, whatever DATABASE_URL says: the
    // db and api suites cover a PostgreSQL server of the operator's.
    postgres = await startEmbeddedTestPostgres();
    adminUrl = postgres.adminUrl;
    // An empty database, not even migrated: the three instances migrate, seed and settle it together.
    databaseName = `tpi_cluster_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database "${databaseName}"`);
    await admin.end();
    databaseUrl = withDatabase(adminUrl, databaseName);
    redisPrefix = `tpi-test:cluster:${randomBytes(6).toString("hex")}:`;
    internalToken = randomBytes(24).toString("hex");

    const [publicPort, internalPort, webPort] = [
      await freePort(),
      await freePort(),
      await freePort(),
    ];
    const env = {
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      DATABASE_URL: databaseUrl,
      REDIS_URL,
      RATE_LIMIT_REDIS_PREFIX: redisPrefix,
      // One proxy hop: the client address is the one nginx appends to X-Forwarded-For.
      TRUST_PROXY: "1",
      RATE_LIMIT_TRUSTED_ORIGINS: LOAD_ORIGIN,
      INTERNAL_API_TOKEN: internalToken,
      // The website's address, nginx's public one: also the MCP OAuth issuer of every instance.
      TPI_PUBLIC_SITE_URL: `http://127.0.0.1:${publicPort}`,
      // Short intervals so that what one instance publishes reaches the others within the test.
      SETTLEMENT_INTERVAL_SECONDS: "2",
      INDEX_REFRESH_SECONDS: "1",
      GPU_PRINT_INTERVAL_SECONDS: "5",
      LOG_LEVEL: "info",
      OPENROUTER_API_KEY: "",
      // The samples, whether or not this machine reaches the outside sources: the
      // test counts what the instances published, which must not depend on a remote host.
      OUTSIDE_SOURCES_ENABLED: "false",
      TPI_WEB_URL: "",
      TPI_TEST_CLOCK: "",
      // Production refuses the log mail transport unless told what to do with the links; this
      // test reads no mail: logged with the links' tokens redacted.
      MAIL_LOG_LINKS: "false",
      // The webhook receiver is this test's, on loopback over plain http.
      WEBHOOK_ALLOW_HTTP: "true",
      WEBHOOK_ALLOW_PRIVATE_TARGETS: "true",
      WEBHOOK_DELIVERY_TIMEOUT_MS: String(WEBHOOK_DELIVERY_TIMEOUT_MS),
      // One data directory for the three, as on one server: their release cache is the
      // directory nginx's internal location sends the files from.
      TPI_DATA_DIR: join(tempDir, "data"),
      TPI_RELEASE_FILES_ACCEL_PREFIX: RELEASE_FILES_PREFIX,
    };
    for (let index = 0; index < INSTANCES; index++)
      instances.push(new ApiInstance(`api-${index + 1}`, await freePort(), env));
    // All at once on the empty database: migrations, sample seeding and settlement race.
    for (const instance of instances) instance.start();
    await Promise.all(instances.map((instance) => instance.waitHealthy(HEALTHY_WITHIN_MS)));

    web = await startHeaderEcho(webPort);
    nginx = await startNginx(nginxPath ?? "nginx", join(tempDir, "nginx"), {
      publicPort,
      internalPort,
      apiPorts: instances.map((instance) => instance.port),
      webPort,
      logDir: join(tempDir, "nginx", "logs"),
      releaseFilesDir: join(tempDir, "data", "releases"),
    });
    publicUrl = `http://127.0.0.1:${publicPort}`;
    internalUrl = `http://127.0.0.1:${internalPort}`;

    const [forLoad, toRevoke] = await Promise.all([
      createKey("cluster load"),
      createKey("cluster revoked"),
    ]);
    loadKey = forLoad.key;
    revokedKey = toRevoke;

    const headers = { origin: LOAD_ORIGIN };
    load = new LoadLoop(
      publicUrl,
      [
        { path: "/api/otpi", headers },
        { path: "/api/gpu/H100%20SXM", headers },
        { path: "/health" },
        {
          path: "/api/otpi?lab=anthropic",
          headers: { ...headers, authorization: `Bearer ${loadKey}` },
        },
        { path: "/api/gpu-types", headers },
        {
          path: "/api/daily-index/all",
          headers: { ...headers, authorization: `Bearer ${loadKey}` },
        },
      ],
      { clients: 3, pauseMs: 10 },
    );
    load.start();
  });

  afterAll(async () => {
    await load?.stop();
    if (figures.length > 0) console.log(`[cluster] figures\n  ${figures.join("\n  ")}`);
    await nginx?.stop();
    await Promise.all(instances.map((instance) => instance.stop("SIGKILL")));
    await new Promise<void>((resolve) => (web ? web.close(() => resolve()) : resolve()));
    await receiver.close();
    await postgres?.stop();
    if (redisPrefix !== "") {
      const redis = new Redis(REDIS_URL);
      let cursor = "0";
      do {
        const [next, keys] = await redis.scan(cursor, "MATCH", `${redisPrefix}*`, "COUNT", 100);
        if (keys.length > 0) await redis.del(...keys);
        cursor = next;
      } while (cursor !== "0");
      redis.disconnect();
    }
    if (tempDir !== "") rmSync(tempDir, { recursive: true, force: true });
  });

  it("serves the api and the website on their paths, and hides the internal routes", async () => {
    const apiHost = { host: "api.example.com" };
    const websiteHost = { host: "example.com" };
    for (const host of [apiHost, websiteHost]) {
      for (const path of ["/health", "/openapi.json", "/api/token-types"]) {
        const reply = await send(`${publicUrl}${path}`, {
          headers: { ...host, origin: LOAD_ORIGIN },
        });
        expect(reply.status, `${host.host}${path}`).toBe(200);
        expect(reply.headers["content-type"], path).toMatch(/^application\/json/);
      }
    }
    // /docs is the api's reference (Swagger UI) on the api's name, its assets included...
    const reference = await send(`${publicUrl}/docs/`, { headers: apiHost });
    expect(reference.status).toBe(200);
    expect(reference.headers["content-type"]).toMatch(/^text\/html/);
    expect(reference.body).toContain("swagger-ui");
    const stylesheet = await send(`${publicUrl}/docs/assets/swagger-ui.css`, { headers: apiHost });
    expect(stylesheet.status).toBe(200);
    expect(stylesheet.headers["content-type"]).toMatch(/^text\/css/);
    // ...and the website's guide on any other name; the rest is the website's everywhere (here a
    // stand-in that echoes the path and headers it received).
    for (const path of ["/docs", "/docs/", "/labs/anthropic"]) {
      const page = await send(`${publicUrl}${path}`, { headers: websiteHost });
      expect(page.status, path).toBe(200);
      expect(jsonOf(page), path).toMatchObject({ path });
    }

    // /trpc and /metrics are internal: a JSON 404 outside, the api itself on the internal listener.
    for (const path of ["/trpc/sourceDays", "/metrics"]) {
      const reply = await send(`${publicUrl}${path}`, {
        headers: { authorization: `Bearer ${internalToken}` },
      });
      expect(reply.status, path).toBe(404);
      expect(reply.headers["content-type"]).toMatch(/^application\/json/);
      expect(jsonOf(reply)).toMatchObject({ error: "Not found" });
    }
    // Large answers are compressed for clients that ask; the one that returns a new key is too
    // small to be (gzip_min_length), even with the longest name.
    const gzip = { origin: LOAD_ORIGIN, "accept-encoding": "gzip" };
    const compressed = await send(`${publicUrl}/openapi.json`, { headers: gzip });
    expect(compressed.headers["content-encoding"]).toBe("gzip");
    const created = await send(`${publicUrl}/api/create-api-key`, {
      method: "POST",
      headers: { ...gzip, "content-type": "application/json", authorization: `Bearer ${loadKey}` },
      body: JSON.stringify({ name: "n".repeat(100) }),
    });
    expect(created.status).toBe(201);
    expect(created.headers["content-encoding"]).toBeUndefined();

    const internal = await send(`${internalUrl}/trpc/sourceDays`);
    expect(internal.status).toBe(401);
    expect(jsonOf(internal)).toHaveProperty("message");
    expect((await send(`${internalUrl}/health`)).status).toBe(200);
  });

  it("passes X-Forwarded-For, X-Forwarded-Proto and X-Request-Id upstream", async () => {
    const generated = jsonOf(await send(`${publicUrl}/`)) as { headers: Record<string, string> };
    expect(generated.headers["x-forwarded-for"]).toBe("127.0.0.1");
    expect(generated.headers["x-forwarded-proto"]).toBe("http");
    expect(generated.headers["x-request-id"]).toMatch(/^[0-9a-f]{32}$/);
    const given = jsonOf(
      await send(`${publicUrl}/`, {
        headers: { "x-request-id": "client-chosen-id", "x-forwarded-for": "203.0.113.9" },
        localAddress: "127.0.0.7",
      }),
    ) as { headers: Record<string, string> };
    expect(given.headers["x-request-id"]).toBe("client-chosen-id");
    // nginx appends the address it saw; the api (TRUST_PROXY=1) uses that last one.
    expect(given.headers["x-forwarded-for"]).toBe("203.0.113.9, 127.0.0.7");
  });

  it("limits each client by the address nginx saw, once across all instances (Redis)", async () => {
    // 60 requests a minute per client IP: the 61st from one address is refused whichever instance
    // serves it, while another address is still served, and a forged X-Forwarded-For changes nothing.
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) {
      const reply = await send(`${publicUrl}/api/token-types`, {
        localAddress: "127.0.0.2",
        headers: { "x-forwarded-for": `198.51.100.${i}` },
      });
      statuses.push(reply.status);
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(60);
    expect(statuses.at(-1)).toBe(429);
    const other = await send(`${publicUrl}/api/token-types`, { localAddress: "127.0.0.3" });
    expect(other.status).toBe(200);
  });

  it("answers nginx's own errors on api paths in JSON (413)", async () => {
    const reply = await send(`${publicUrl}/api/create-api-key`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${loadKey}` },
      body: JSON.stringify({ name: "x".repeat(100 * 1024) }),
    });
    expect(reply.status).toBe(413);
    expect(jsonOf(reply)).toMatchObject({ error: "Payload too large" });
  });

  it("answers nginx's 413 on /mcp as a JSON-RPC error, and passes the MCP metadata to the api", async () => {
    const tooLarge = await send(`${publicUrl}/mcp`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
      },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "ping",
        params: { x: "x".repeat(100 * 1024) },
      }),
    });
    expect(tooLarge.status).toBe(413);
    expect(jsonOf(tooLarge)).toMatchObject({ jsonrpc: "2.0", error: { code: -32000 } });
    for (const path of [
      "/.well-known/oauth-protected-resource",
      "/.well-known/oauth-protected-resource/mcp",
    ]) {
      const metadata = await send(`${publicUrl}${path}`);
      expect(metadata.status, path).toBe(200);
      // The address the client used, through the proxy (X-Forwarded-Proto, Host).
      expect(jsonOf(metadata), path).toMatchObject({ resource: `${publicUrl}/mcp` });
    }
  });

  it("routes the MCP server's OAuth sign-in to the api: metadata, registration, the 401, the consent redirect", async () => {
    const metadata = await send(`${publicUrl}/.well-known/oauth-authorization-server`);
    expect(metadata.status).toBe(200);
    expect(jsonOf(metadata)).toMatchObject({
      issuer: publicUrl,
      registration_endpoint: `${publicUrl}/oauth/register`,
      client_id_metadata_document_supported: true,
    });
    const resource = await send(`${publicUrl}/.well-known/oauth-protected-resource`);
    expect(jsonOf(resource)).toMatchObject({ authorization_servers: [publicUrl] });
    const redirectUri = "http://127.0.0.1:48127/callback";
    const registered = await send(`${publicUrl}/oauth/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ client_name: "cluster", redirect_uris: [redirectUri] }),
    });
    expect(registered.status, registered.body).toBe(201);
    const clientId = (jsonOf(registered) as { client_id: string }).client_id;
    const signIn = await send(`${publicUrl}/mcp/oauth`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
      },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    expect(signIn.status).toBe(401);
    expect(String(signIn.headers["www-authenticate"])).toContain(
      `resource_metadata="${publicUrl}/.well-known/oauth-protected-resource"`,
    );
    const query = new URLSearchParams({
      response_type: "code",
      client_id: clientId,
      redirect_uri: redirectUri,
      code_challenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
      code_challenge_method: "S256",
      state: "cluster",
      resource: `${publicUrl}/mcp`,
    });
    const authorize = await send(`${publicUrl}/oauth/authorize?${query.toString()}`);
    expect(authorize.status, authorize.body).toBe(302);
    expect(String(authorize.headers.location)).toMatch(
      new RegExp(`^${publicUrl}/account/authorize\\?request=[0-9a-f-]{36}$`),
    );
  });

  it("signs in through nginx: a token issued there works on every instance, a revocation or a rotated refresh token on one holds on all at once", async () => {
    const startedAt = Date.now();
    // Its own client address, so that this test's requests share no per-IP allowance with others.
    const localAddress = "127.0.0.4";
    const internal: Internal = { baseUrl: internalUrl, token: internalToken, localAddress };
    const publicHost = new URL(publicUrl).host;
    const resource = `${publicUrl}/mcp`;
    const redirectUri = "http://127.0.0.1:48128/callback";
    // Straight to each instance, with the headers nginx sends on /mcp/oauth: the resource (the
    // token's audience) is the address the client used, X-Forwarded-Proto and -Host (TRUST_PROXY).
    const asNginx = {
      localAddress,
      headers: {
        host: new URL(publicUrl).hostname,
        "x-forwarded-host": publicHost,
        "x-forwarded-proto": "http",
        "x-forwarded-for": localAddress,
      },
    };
    const targets = [
      ...instances.map((instance) => ({
        name: instance.name,
        url: instance.url,
        options: asNginx,
      })),
      { name: "nginx", url: publicUrl, options: { localAddress } },
    ];
    const statusesOf = async (accessToken: string) => {
      const statuses: Record<string, number> = {};
      for (const target of targets)
        statuses[target.name] = await listTools(target.url, accessToken, target.options);
      return statuses;
    };
    const everywhere = (status: number) =>
      Object.fromEntries(targets.map((target) => [target.name, status]));
    const [first, second, third] = instances;
    if (first === undefined || second === undefined || third === undefined)
      throw new Error("three instances");

    // A person signs up and in through the website's procedures (nginx's internal listener); the
    // confirmation mail's link is the one step taken in the database.
    const email = `cluster-${randomBytes(4).toString("hex")}@example.com`;
    const password = "correct horse battery staple";
    const formToken = async () => {
      const { token } = (await trpc(internal, "query", "account.formToken")) as { token: string };
      return { cookie: token, form: token };
    };
    await trpc(internal, "mutation", "account.signUp", {
      email,
      password,
      formToken: await formToken(),
    });
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const verified = await client.query(
        "update account set email_verified_at = now() where email = $1",
        [email],
      );
      expect(verified.rowCount).toBe(1);
    } finally {
      await client.end();
    }
    const person = (await trpc(internal, "mutation", "account.signIn", {
      email,
      password,
      formToken: await formToken(),
    })) as { sessionToken: string; csrfToken: string };

    const registered = await send(`${publicUrl}/oauth/register`, {
      localAddress,
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ client_name: "cluster sign-in", redirect_uris: [redirectUri] }),
    });
    expect(registered.status, registered.body).toBe(201);
    const clientId = (jsonOf(registered) as { client_id: string }).client_id;

    /** The authorization request, the consent approved, the code exchanged: all through nginx. */
    const signIn = async (): Promise<Tokens> => {
      const pkce = pkcePair();
      const state = randomBytes(8).toString("hex");
      const query = new URLSearchParams({
        response_type: "code",
        client_id: clientId,
        redirect_uri: redirectUri,
        code_challenge: pkce.challenge,
        code_challenge_method: "S256",
        state,
        resource,
      });
      const authorize = await send(`${publicUrl}/oauth/authorize?${query.toString()}`, {
        localAddress,
      });
      expect(authorize.status, authorize.body).toBe(302);
      const requestId = new URL(String(authorize.headers.location)).searchParams.get("request");
      const consent = (await trpc(internal, "query", "account.connections.request", {
        sessionToken: person.sessionToken,
        requestId,
      })) as { clientName: string; resource: string };
      expect(consent).toMatchObject({ clientName: "cluster sign-in", resource });
      const decided = (await trpc(internal, "mutation", "account.connections.decide", {
        sessionToken: person.sessionToken,
        csrfToken: person.csrfToken,
        requestId,
        approve: true,
      })) as { redirectTo: string };
      const back = new URL(decided.redirectTo);
      expect(`${back.origin}${back.pathname}`).toBe(redirectUri);
      expect(back.searchParams.get("state")).toBe(state);
      const exchanged = await postForm(
        `${publicUrl}/oauth/token`,
        {
          grant_type: "authorization_code",
          code: back.searchParams.get("code") ?? "",
          code_verifier: pkce.verifier,
          redirect_uri: redirectUri,
          client_id: clientId,
          resource,
        },
        { localAddress },
      );
      expect(exchanged.status, exchanged.body).toBe(200);
      return jsonOf(exchanged) as Tokens;
    };
    const refreshOn = (url: string, refreshToken: string) =>
      postForm(
        `${url}/oauth/token`,
        { grant_type: "refresh_token", refresh_token: refreshToken, client_id: clientId },
        asNginx,
      );

    const issued = await signIn();
    expect(issued.token_type.toLowerCase()).toBe("bearer");
    expect(await statusesOf(issued.access_token)).toEqual(everywhere(200));
    // Served, not only let in: through nginx the token's tools/list lists the data tools.
    const listed = jsonOf(await listToolsReply(publicUrl, issued.access_token, { localAddress }));
    expect((listed as { result: { tools: unknown[] } }).result.tools.length).toBeGreaterThan(10);
    // The audience is checked: the same token at the instance's own address is another resource.
    expect(await listTools(first.url, issued.access_token, { localAddress })).toBe(401);

    // Refreshed on the first instance: the new token works everywhere.
    const refreshed = await refreshOn(first.url, issued.refresh_token);
    expect(refreshed.status, refreshed.body).toBe(200);
    const rotated = jsonOf(refreshed) as Tokens;
    expect(await statusesOf(rotated.access_token)).toEqual(everywhere(200));

    // The person ends the connection through the second instance's procedures: the very next
    // request to each instance is refused, and so is its refresh token.
    const [connection] = (await trpc(
      { ...internal, baseUrl: second.url },
      "query",
      "account.connections.list",
      { sessionToken: person.sessionToken },
    )) as { grantId: string }[];
    const revokeStartedAt = Date.now();
    expect(
      await trpc({ ...internal, baseUrl: second.url }, "mutation", "account.connections.revoke", {
        sessionToken: person.sessionToken,
        csrfToken: person.csrfToken,
        grantId: connection?.grantId,
      }),
    ).toEqual({ revoked: true });
    const revokedAnswered = Date.now();
    expect(await statusesOf(rotated.access_token)).toEqual(everywhere(401));
    const refusedEverywhere = Date.now();
    const afterRevocation = await refreshOn(third.url, rotated.refresh_token);
    expect(afterRevocation.status).toBe(400);
    expect(jsonOf(afterRevocation)).toMatchObject({ error: "invalid_grant" });

    // A second connection: its refresh token exchanged on the first instance, the rotated
    // predecessor refused on the second, which ends the connection on all three at once.
    const again = await signIn();
    const rotatedAgain = await refreshOn(first.url, again.refresh_token);
    expect(rotatedAgain.status, rotatedAgain.body).toBe(200);
    const successor = jsonOf(rotatedAgain) as Tokens;
    expect(successor.refresh_token).not.toBe(again.refresh_token);
    const replayed = await refreshOn(second.url, again.refresh_token);
    expect(replayed.status).toBe(400);
    expect(jsonOf(replayed)).toMatchObject({
      error: "invalid_grant",
      error_description: expect.stringContaining("already used") as string,
    });
    expect(await statusesOf(successor.access_token)).toEqual(everywhere(401));
    const successorRefresh = await refreshOn(third.url, successor.refresh_token);
    expect(successorRefresh.status).toBe(400);

    figures.push(
      `oauth: revocation through ${second.name} answered in ${revokedAnswered - revokeStartedAt} ms, then every instance and nginx refused the token within ${refusedEverywhere - revokedAnswered} ms (one tools/list each); the whole sign-in test ${Date.now() - startedAt} ms`,
    );
  });

  it("(a) fails no GET while one instance is killed with SIGKILL, and takes it back", async () => {
    if (load === undefined) throw new Error("no load");
    const victim = instances[0];
    if (victim === undefined) throw new Error("no instance");
    await sleep(1_000);
    load.phase = "a";
    const errorLogBefore = nginx?.siteErrorLog() ?? "";
    await victim.stop("SIGKILL");
    // Traffic keeps landing on the dead instance's port; nginx must retry it elsewhere.
    await sleep(3_000);
    victim.start();
    await victim.waitHealthy(HEALTHY_WITHIN_MS);
    await sleep(2_000);
    const refused = (nginx?.siteErrorLog() ?? "").slice(errorLogBefore.length);
    expect(refused, "nginx never met the dead instance: the test proved nothing").toMatch(
      /Connection refused|prematurely closed|reset by peer/,
    );
    figures.push(
      `(a) SIGKILL: ${load.sentByPhase.get("a") ?? 0} GETs, ${load.failuresIn("a").length} failed`,
    );
    expect(load.failuresIn("a")).toEqual([]);
  });

  it("(b) fails no GET while each instance is restarted with SIGTERM in turn", async () => {
    if (load === undefined) throw new Error("no load");
    load.phase = "b";
    const exits: string[] = [];
    const codes: (number | null)[] = [];
    for (const instance of instances) {
      const exit = await instance.stop("SIGTERM");
      exits.push(`${instance.name} exit ${exit.code ?? exit.signal}`);
      codes.push(exit.code);
      instance.start();
      await instance.waitHealthy(HEALTHY_WITHIN_MS);
      await sleep(1_000);
    }
    figures.push(
      `(b) SIGTERM restarts: ${load.sentByPhase.get("b") ?? 0} GETs, ${load.failuresIn("b").length} failed (${exits.join(", ")})`,
    );
    expect(load.failuresIn("b")).toEqual([]);
    // A stop on SIGTERM ends in a clean exit (0), not in death by the signal or a forced kill.
    expect(codes).toEqual(instances.map(() => 0));
  });

  it("(c) refuses a key revoked through one instance on every instance within the documented time", async () => {
    if (load === undefined) throw new Error("no load");
    load.phase = "c";
    const documentedMs = documentedRevocationSeconds() * 1000;
    const headers = { origin: LOAD_ORIGIN, authorization: `Bearer ${revokedKey.key}` };
    const targets = [
      ...instances.map((instance) => ({ name: instance.name, url: instance.url })),
      { name: "nginx", url: publicUrl },
    ];
    // Every instance has the key cached as valid when it is revoked.
    for (const target of targets) {
      const reply = await send(`${target.url}/api/otpi`, { headers });
      expect(reply.status, target.name).toBe(200);
    }

    let polling = true;
    const seen = targets.map(() => [] as { atMs: number; status: number }[]);
    const pollers = targets.map(async (target, index) => {
      while (polling) {
        let status = 0;
        try {
          status = (await send(`${target.url}/api/otpi`, { headers })).status;
        } catch {
          status = -1;
        }
        seen[index]?.push({ atMs: Date.now(), status });
        await sleep(50);
      }
    });
    const revoke = await runCli(["keys", "revoke", "--id", revokedKey.id], cliEnv());
    expect(revoke.status, revoke.stderr).toBe(0);
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const row = await client.query<{ revoked_at: Date }>(
      "select revoked_at from api_key where id = $1",
      [revokedKey.id],
    );
    await client.end();
    const revokedAtMs = row.rows[0]?.revoked_at.getTime() ?? Number.NaN;
    // Poll until past the documented time, plus a margin to see that no target answers 200 again.
    await sleep(Math.max(0, revokedAtMs + documentedMs + 1_500 - Date.now()));
    polling = false;
    await Promise.all(pollers);

    const latencies = targets.map((target, index) => {
      const answers = seen[index] ?? [];
      // From the first answer after which every answer was a 401.
      let from = answers.length;
      while (from > 0 && answers[from - 1]?.status === 401) from -= 1;
      const first = answers[from];
      return {
        name: target.name,
        latencyMs: first === undefined ? Number.POSITIVE_INFINITY : first.atMs - revokedAtMs,
        wrong: answers.filter((answer) => answer.status !== 200 && answer.status !== 401),
      };
    });
    figures.push(
      `(c) revocation refused after: ${latencies.map((l) => `${l.name} ${l.latencyMs} ms`).join(", ")} (documented: within ${documentedMs} ms)`,
    );
    for (const latency of latencies) {
      expect(latency.wrong, latency.name).toEqual([]);
      expect(latency.latencyMs, latency.name).toBeLessThanOrEqual(documentedMs);
    }
    expect(load.failuresIn("c")).toEqual([]);
  });

  it("(e) answers a market's data 503 loading on every instance while its first load runs, then serves it", async () => {
    if (load === undefined) throw new Error("no load");
    load.phase = "e";
    // A first load of the memory market, recorded and locked as the instance running it records
    // and locks it (data_load and its advisory lock): the serving instances read the loads'
    // states every INDEX_REFRESH_SECONDS; the test asks until each answers, without sleeping.
    const headers = { origin: LOAD_ORIGIN, authorization: `Bearer ${loadKey}` };
    const path = "/api/memory-index";
    const targets = [
      ...instances.map((instance) => ({ name: instance.name, url: instance.url })),
      { name: "nginx", url: publicUrl },
    ];
    const askUntil = async (url: string, done: (reply: Reply) => boolean): Promise<Reply> => {
      const deadline = Date.now() + 30_000;
      for (;;) {
        const reply = await send(`${url}${path}`, { headers });
        if (done(reply) || Date.now() > deadline) return reply;
      }
    };
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ id: number }>(
        `insert into data_load (market, source, first_day, last_day, status, started_at, updated_at, message)
         values ('memory', 'cluster-test', current_date - 30, current_date, 'running', now(), now(), 'loading')
         returning id`,
      );
      const id = rows[0]?.id ?? 0;
      // The data loads' advisory-lock class (packages/db data-loads.ts), the load's id.
      await client.query("select pg_advisory_lock(7224020, $1::int)", [id]);
      for (const target of targets) {
        const reply = await askUntil(target.url, (r) => r.status === 503);
        expect(reply.status, target.name).toBe(503);
        expect(reply.headers["retry-after"], target.name).toBe("30");
        expect(jsonOf(reply), target.name).toMatchObject({
          error: "Loading",
          message: expect.stringContaining("memory market is loading its published data") as string,
        });
      }
      await client.query(
        "update data_load set status = 'complete', completed_at = now(), message = 'done' where id = $1",
        [id],
      );
      await client.query("select pg_advisory_unlock(7224020, $1::int)", [id]);
      for (const target of targets) {
        const reply = await askUntil(target.url, (r) => r.status !== 503);
        expect(reply.status, target.name).toBe(200);
      }
    } finally {
      await client.end();
    }
    expect(load.failuresIn("e")).toEqual([]);
  });

  it("(d) published every day exactly once though all three settled at once", async () => {
    // Every settlement any instance logged, at start or on its timer, in every incarnation (the
    // terminal progress lines that repeat them are left out).
    const output = instances.map((instance) => instance.output).join("\n");
    const settled =
      /(?<!settling days: )settled (\d+) day\(s\) from \S+ to \S+: (\d+) values published, (\d+) lab-days without a value/g;
    const printed =
      /(?<!GPU prints: )published ([\d,]+) hourly GPU print\(s\) \([\d,]+ carried forward\) and ([\d,]+) daily value\(s\)/g;
    figures.push(
      `(d) days settled by each instance: ${instances.map((instance) => `${instance.name} ${sumOf(instance.output, settled, 1)}`).join(", ")}`,
    );
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const count = async (sql: string): Promise<number> =>
        Number((await client.query<{ n: string }>(sql)).rows[0]?.n);
      const days = await count("select count(*) as n from settled_day");
      const span = await count("select (max(date) - min(date) + 1) as n from settled_day");
      const values = await count("select count(*) as n from index_value");
      const suppressions = await count("select count(*) as n from lab_day_suppression");
      const revisions = await count("select count(*) as n from index_revision");
      const prints = await count("select count(*) as n from gpu_hourly_print");
      const gpuDays = await count("select count(*) as n from gpu_daily_value");
      figures.push(
        `(d) ${days} days settled, ${values} values, ${suppressions} suppressions, ${prints} GPU prints, ${gpuDays} GPU daily values, ${revisions} revisions`,
      );
      expect(days).toBeGreaterThan(0);
      expect(span, "settled days have gaps").toBe(days);
      // Each row was written by exactly one settlement: what the instances say they published
      // adds up to what the database holds, and no value was ever rewritten.
      expect(sumOf(output, settled, 1)).toBe(days);
      expect(sumOf(output, settled, 2)).toBe(values);
      expect(sumOf(output, settled, 3)).toBe(suppressions);
      expect(sumOf(output, printed, 1)).toBe(prints);
      expect(sumOf(output, printed, 2)).toBe(gpuDays);
      expect(revisions).toBe(0);
    } finally {
      await client.end();
    }
  });

  it("sends a release file from nginx once an instance has checked the request, with the instance's own headers", async () => {
    const auth = { origin: LOAD_ORIGIN, authorization: `Bearer ${loadKey}` };
    type Manifest = {
      release: number;
      datasets: { files: { fileName: string; variant: string; bytes: number; sha256: string }[] }[];
    };
    let manifest: Manifest | undefined;
    for (const deadline = Date.now() + RELEASE_WITHIN_MS; manifest === undefined; ) {
      const latest = await send(`${publicUrl}/api/v1/releases/latest`);
      if (latest.status === 200) manifest = jsonOf(latest) as Manifest;
      else if (Date.now() > deadline)
        throw new Error(`no release: ${latest.status} ${latest.body}`);
      else await sleep(500);
    }
    // Of each format the largest full file: one a key's plan must read.
    const files = ["csv", "parquet"].map((format) => {
      const largest = manifest.datasets
        .flatMap((dataset) => dataset.files)
        .filter((file) => file.variant === "full" && file.fileName.endsWith(`.${format}`))
        .sort((a, b) => b.bytes - a.bytes)[0];
      if (largest === undefined) throw new Error(`the release has no full ${format} file`);
      return largest;
    });
    const pathOf = (file: { fileName: string }) =>
      `/api/v1/releases/${manifest.release}/files/${file.fileName}`;
    const comparable = (headers: Headers) =>
      Object.fromEntries([...headers].filter(([name]) => !PER_ANSWER_HEADERS.has(name)).sort());
    for (const file of files) {
      const download = await fetch(`${publicUrl}${pathOf(file)}`, { headers: auth });
      const bytes = Buffer.from(await download.arrayBuffer());
      expect(download.status).toBe(200);
      expect([bytes.length, createHash("sha256").update(bytes).digest("hex")]).toEqual([
        file.bytes,
        file.sha256,
      ]);
      // The instances hand the bytes to nginx: their own GET is the headers and an empty body.
      const handedOff = await fetch(`${instances[0]?.url}${pathOf(file)}`, { headers: auth });
      expect(handedOff.headers.get("x-accel-redirect")).toBe(
        `${RELEASE_FILES_PREFIX}${file.fileName}`,
      );
      expect((await handedOff.arrayBuffer()).byteLength).toBe(0);
      // The headers the instance sends when it sends the bytes itself (it answers HEAD itself).
      const own = await fetch(`${instances[0]?.url}${pathOf(file)}`, {
        method: "HEAD",
        headers: auth,
      });
      expect(comparable(download.headers)).toEqual(comparable(own.headers));
      expect(comparable(own.headers)).toMatchObject({
        "content-length": String(file.bytes),
        etag: `"${file.sha256}"`,
        "repr-digest": `sha-256=:${Buffer.from(file.sha256, "hex").toString("base64")}:`,
        "cache-control": "private, max-age=31536000, immutable",
      });
    }
    const [file] = files;
    if (file === undefined) throw new Error("no file");
    // The instance answers the checks: a matching ETag is its 304, a keyless request its 401.
    const notModified = await send(`${publicUrl}${pathOf(file)}`, {
      headers: { ...auth, "if-none-match": `"${file.sha256}"` },
    });
    expect([notModified.status, notModified.body]).toEqual([304, ""]);
    const keyless = await send(`${publicUrl}${pathOf(file)}`, { headers: { origin: LOAD_ORIGIN } });
    expect(keyless.status).toBe(401);
    expect(jsonOf(keyless)).toMatchObject({ error: expect.any(String) });
    // The internal location answers no client, with or without a key: nginx's own 404 page.
    for (const headers of [{}, auth]) {
      const direct = await send(`${publicUrl}${RELEASE_FILES_PREFIX}${file.fileName}`, { headers });
      expect([direct.status, direct.headers["content-type"]]).toEqual([404, "text/html"]);
      expect(direct.headers["x-request-id"]).toBeUndefined();
    }
    figures.push(
      `release files: ${files.map((sent) => `${sent.fileName} (${sent.bytes} bytes)`).join(", ")} sent by nginx, headers equal to ${instances[0]?.name}'s own`,
    );
  });

  it("(f) delivers every event to each webhook endpoint once, in order, though the instance delivering is killed with SIGKILL", async () => {
    if (load === undefined) throw new Error("no load");
    load.phase = "f";
    const startedAt = Date.now();
    await receiver.start();
    const { key } = await createKey("cluster webhooks");
    // Two endpoints through nginx; the first delivery to the first is held until its instance dies.
    const paths = ["/held", "/other"];
    const subscriptions = new Map<string, string>();
    for (const path of paths) {
      const reply = await send(`${publicUrl}/api/v1/webhooks`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${key}` },
        body: JSON.stringify({
          url: `${receiver.url}${path}`,
          filter: { types: ["value.settled"], markets: ["token"] },
        }),
      });
      expect(reply.status, reply.body).toBe(201);
      const created = jsonOf(reply) as { subscription: { id: string }; secret: string };
      subscriptions.set(path, created.subscription.id);
      receiver.verifyWith(path, created.secret);
    }
    const held = receiver.holdNext("/held");

    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      // The two days before the first settled one get that day's observations, in one statement:
      // every instance's settlement timer (2 s) finds them at once, one settles both in one
      // transaction, which appends their events, and every instance's dispatcher delivers them.
      await client.query(
        `insert into observation (date, model_id, lab, input_price_per_mtok, output_price_per_mtok,
           input_tokens, output_tokens, total_tokens, cache_read_price_per_mtok, cache_read_tokens,
           source, price_basis, price_snapshot_id)
         select o.date - k, o.model_id, o.lab, o.input_price_per_mtok, o.output_price_per_mtok,
           o.input_tokens, o.output_tokens, o.total_tokens, o.cache_read_price_per_mtok,
           o.cache_read_tokens, o.source, o.price_basis, o.price_snapshot_id
         from observation o cross join generate_series(1, 2) k
         where o.date = (select min(date) from settled_day)`,
      );
      const first = await held;
      // The claim names its dispatcher: host, process id, a random part.
      const claim = await client.query<{ locked_by: string | null }>(
        `select d.locked_by from webhook_delivery d join webhook_event e on e.position = d.event_position
         where d.subscription_id = $1 and e.event_id = $2`,
        [subscriptions.get("/held"), first.id],
      );
      const pid = Number(claim.rows[0]?.locked_by?.split(":")[1]);
      const victim = instances.find((instance) => instance.pid === pid);
      if (victim === undefined)
        throw new Error(`no instance holds the claim (${claim.rows[0]?.locked_by ?? "none"})`);
      await victim.stop("SIGKILL");
      const killedAt = Date.now();
      // Mid-delivery: the victim was still waiting for the answer, within its time limit.
      expect(killedAt - first.atMs).toBeLessThan(WEBHOOK_DELIVERY_TIMEOUT_MS);
      victim.start();
      const restarted = victim.waitHealthy(HEALTHY_WITHIN_MS);

      // Everything queued for each endpoint, in the order of publication: one transaction
      // appended it all before the first delivery was claimed.
      const expected = new Map<string, string[]>();
      for (const [path, id] of subscriptions) {
        const queued = await client.query<{ event_id: string }>(
          `select e.event_id from webhook_delivery d join webhook_event e on e.position = d.event_position
           where d.subscription_id = $1 order by e.position`,
          [id],
        );
        expected.set(
          path,
          queued.rows.map((row) => row.event_id),
        );
      }
      const missing = () =>
        paths
          .map((path) => {
            const accepted = new Set(receiver.acceptedIds(path));
            const left = (expected.get(path) ?? []).filter((id) => !accepted.has(id));
            return `${path}: ${left.length} of ${expected.get(path)?.length ?? 0} not delivered`;
          })
          .join(", ");
      await receiver.until(
        () =>
          paths.every(
            (path) => receiver.acceptedIds(path).length === (expected.get(path) ?? []).length,
          ),
        60_000,
        missing,
      );
      await restarted;

      const takenOver = receiver.received.find(
        (delivery) => delivery.path === "/held" && delivery.id === first.id && delivery.accepted,
      );
      const deliveries = receiver.received.length;
      const distinct = paths.reduce((sum, path) => sum + receiver.acceptedIds(path).length, 0);
      // Which events came more than once: the endpoint, the event's place in its queue, how often.
      const repeated = paths.flatMap((path) => {
        const ids = receiver.received.filter((d) => d.path === path).map((d) => d.id);
        return [...new Set(ids)]
          .map((id) => ({ id, times: ids.filter((each) => each === id).length }))
          .filter(({ times }) => times > 1)
          .map(({ id, times }) => {
            const place = (expected.get(path) ?? []).indexOf(id) + 1;
            return `${path} event ${String(place)} ×${String(times)}`;
          });
      });
      figures.push(
        `(f) webhooks: ${distinct} events delivered to ${paths.length} endpoints in ${deliveries} requests (${deliveries - distinct} repeated: ${repeated.join(", ")}); the held delivery taken over ${String((takenOver?.atMs ?? Number.NaN) - killedAt)} ms after its instance's SIGKILL; ${String(Date.now() - startedAt)} ms in all`,
      );
      for (const path of paths) {
        const ids = expected.get(path) ?? [];
        expect(ids.length, path).toBeGreaterThan(1);
        // None lost, nothing else, in the order of publication (an id's first acceptance).
        expect(receiver.acceptedIds(path), path).toEqual(ids);
      }
      // Every request verified, and the held event was sent again with the same webhook-id.
      expect(receiver.received.filter((delivery) => !delivery.verified)).toEqual([]);
      expect(takenOver, "the held delivery was never taken over").toBeDefined();
      expect(expected.get("/held")?.[0]).toBe(first.id);
    } finally {
      await client.end();
    }
    expect(load.failuresIn("f")).toEqual([]);
  });

  it("ends the load with no failed GET, then answers JSON 503 when no instance is up", async () => {
    if (load === undefined) throw new Error("no load");
    await load.stop();
    figures.push(`load: ${load.sent} GETs through nginx, ${load.failures.length} failed`);
    expect(load.failures).toEqual([]);
    expect(load.sent).toBeGreaterThan(0);
    for (const instance of instances) await instance.stop("SIGTERM");
    const reply: Reply = await send(`${publicUrl}/api/otpi`, { headers: { origin: LOAD_ORIGIN } });
    expect(answered(reply.status)).toBe(false);
    expect(reply.status).toBe(503);
    expect(reply.headers["retry-after"]).toBe("5");
    expect(jsonOf(reply)).toMatchObject({ error: "Service unavailable" });
  });
});
