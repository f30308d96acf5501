import { request } from "node:http";
import { describe, expect, it } from "vitest";
import { MARKETS } from "../../markets";
import { closedAfterFile } from "../../testing/file-fixtures";
import { startTestApi } from "../../testing/test-api";
import { routesOf } from "../routes";

/**
 * Every path the api serves answers every method it does not define with 405 and an `Allow`
 * header naming those it does (OPTIONS: 204 with the same header). fetch refuses to send TRACE,
 * so the requests go through node:http.
 */

const ROUTES = routesOf(MARKETS);
/** Methods Node's HTTP parser accepts that no route defines (GET and POST are tried per path). */
const OTHER_METHODS = ["PUT", "PATCH", "DELETE", "TRACE", "PROPFIND", "SEARCH", "QUERY", "PURGE"];

const api = closedAfterFile(await startTestApi({ now: new Date("2026-11-22T12:00:00Z") }));

type Raw = { status: number; headers: Record<string, string | string[] | undefined>; body: string };

function send(method: string, path: string): Promise<Raw> {
  const url = new URL(api.url);
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, method, path }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

/** A path of each route as a client writes it: its first example's, without the query. */
const servedPaths = ROUTES.map((route) => {
  const [example] = route.docs.examples({ start: "2026-11-14", end: "2026-11-20" });
  if (example === undefined) throw new Error(`${route.path} has no example`);
  return { template: route.path, path: example.pathAndQuery.split("?")[0] as string };
});
const paths = [...new Map(servedPaths.map((p) => [p.template, p.path])).entries()];

describe("methods a path does not define", () => {
  it.each(paths)(
    "%s: 405 with Allow for each, 204 with Allow for OPTIONS",
    async (template, path) => {
      const defined = ROUTES.filter((route) => route.path === template).map((route) =>
        route.method.toUpperCase(),
      );
      const allow = [...defined, ...(defined.includes("GET") ? ["HEAD"] : []), "OPTIONS"].join(
        ", ",
      );
      const refused = [...OTHER_METHODS, ...["GET", "POST"].filter((m) => !defined.includes(m))];
      for (const method of refused) {
        const res = await send(method, path);
        expect(res.status, `${method} ${path}`).toBe(405);
        expect(res.headers.allow, `${method} ${path}`).toBe(allow);
        expect(JSON.parse(res.body), `${method} ${path}`).toMatchObject({
          error: "Method not allowed",
          message: `${method} is not supported on ${path}. Allowed: ${allow}.`,
        });
      }
      const options = await send("OPTIONS", path);
      expect(options.status).toBe(204);
      expect(options.headers.allow).toBe(allow);
      if (defined.includes("GET")) expect((await send("HEAD", path)).status).not.toBe(405);
    },
  );

  it.each(["/docs/init.js", "/docs/assets/swagger-ui.css", "/docs/assets/swagger-ui-bundle.js"])(
    "%s (the reference's own files): 405 with Allow",
    async (path) => {
      for (const method of ["POST", ...OTHER_METHODS]) {
        const res = await send(method, path);
        expect(res.status, `${method} ${path}`).toBe(405);
        expect(res.headers.allow).toBe("GET, HEAD, OPTIONS");
        expect(JSON.parse(res.body)).toMatchObject({
          message: `${method} is not supported on ${path}. Allowed: GET, HEAD, OPTIONS.`,
        });
      }
      expect((await send("GET", path)).status).toBe(200);
      expect((await send("HEAD", path)).status).toBe(200);
    },
  );

  it("leaves unknown paths, and unknown files of the reference, a 404 whatever the method", async () => {
    for (const path of ["/nothing", "/api/nothing", "/docs/assets/nothing.css"])
      for (const method of ["GET", "POST", "TRACE"])
        expect((await send(method, path)).status, `${method} ${path}`).toBe(404);
  });
});
