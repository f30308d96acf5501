export declare function isLoopbackHost(host: string): boolean;
export declare function installLoopbackGuard(options?: { logTo?: string }): void;
export declare function recordRefused(what: string): void;
export declare function takeRefused(): string[];
export declare function guardedProcessEnv(logFile: string): {
  NODE_OPTIONS: string;
  TPI_LOOPBACK_GUARD_LOG: string;
};
export declare function refusedIn(logFile: string): string[];
