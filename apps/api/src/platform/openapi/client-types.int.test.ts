import openapiTS, { astToString, type OpenAPI3 } from "openapi-typescript";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startTestApi, type TestApi } from "../../testing/test-api";

/**
 * packages/client's types are generated from the document this api serves: this test fetches
 * GET /openapi.json from a running api, runs openapi-typescript on it and compares the result with
 * the committed file, so a route or schema change that is not regenerated fails here. Regenerate
 * with `pnpm --filter @tpi/client types:generate` (that is this test with `--update`).
 */
const GENERATED_FILE = "../../../../../packages/client/src/generated/openapi.ts";
const HEADER = [
  "/**",
  " * Generated from the api's GET /openapi.json by openapi-typescript: do not edit.",
  " * Regenerate with `pnpm --filter @tpi/client types:generate`; a test fails while it differs.",
  " */",
  "",
  "",
].join("\n");

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ now: new Date("2026-03-10T12:30:00Z") });
});
afterAll(async () => {
  await api?.close();
});

it("the client's generated types are those of the served OpenAPI document", async () => {
  const res = await api.get("/openapi.json");
  expect(res.status).toBe(200);
  const types = HEADER + astToString(await openapiTS(res.body as OpenAPI3));
  await expect(
    types,
    "packages/client's types differ from GET /openapi.json: run `pnpm --filter @tpi/client types:generate`",
  ).toMatchFileSnapshot(GENERATED_FILE);
});
