import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import helmet from "helmet";
import { afterAll, describe, expect, it } from "vitest";
import { securityHeaders } from "./security-headers";

const servers: Server[] = [];
afterAll(() => servers.forEach((server) => server.close()));

async function headersOf(middleware: express.RequestHandler): Promise<Record<string, string>> {
  const app = express();
  app.disable("x-powered-by");
  app.use(middleware);
  app.get("/", (_req, res) => res.end());
  const server = createServer(app).listen(0, "127.0.0.1");
  servers.push(server);
  await new Promise((resolve) => server.once("listening", resolve));
  const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    if (name !== "date") headers[name] = value;
  });
  return headers;
}

describe("security headers", () => {
  it("are exactly the headers helmet sets on a response", async () => {
    const recorded = await headersOf(securityHeaders());
    expect(recorded).toEqual(await headersOf(helmet()));
    expect(recorded).toHaveProperty("content-security-policy");
    expect(recorded).toHaveProperty("strict-transport-security");
  });
});
