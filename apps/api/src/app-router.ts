import { MARKETS } from "./markets";
import { buildAppRouter } from "./platform/trpc/app-router";

/**
 * The internal tRPC router of the served markets. The website imports its type only
 * (`import type { AppRouter } from "@tpi/api/trpc"`); the api builds the same router from the
 * market list it serves (platform/app.ts).
 */
export const appRouter = buildAppRouter(MARKETS);
export type AppRouter = typeof appRouter;
export type { TrpcContext } from "./platform/trpc/init";
