import type { AddressInfo } from "node:net";
import type { AnyTRPCRouter } from "@trpc/server";
import { createHTTPServer } from "@trpc/server/adapters/standalone";
import { vi } from "vitest";

/** Serves a tRPC router over real HTTP at `/trpc` and points the website's TPI_API_URL at it. */
export async function serveRouterAsApi(router: AnyTRPCRouter): Promise<() => void> {
  const server = createHTTPServer({ router, basePath: "/trpc/" });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  vi.stubEnv("TPI_API_URL", `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  return () => {
    server.close();
    vi.unstubAllEnvs();
  };
}
