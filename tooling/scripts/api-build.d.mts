import type { SpawnSyncReturns, StdioOptions } from "node:child_process";

export declare const API_DIR: string;
export declare const COMPILED: { main: string; cli: string; bulkFileWorker: string };
export declare function isStale(entry: keyof typeof COMPILED): boolean;
export declare function buildApi(stdio?: StdioOptions): SpawnSyncReturns<string>;
