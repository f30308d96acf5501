import type { Env } from "../env";
import type { Logger } from "../logger";
import { openRuntime, type Runtime } from "../runtime";

/** A CLI command: parses its own arguments, prints what it did, throws on failure. */
export type Command = (args: string[], env: Env, log: Logger) => Promise<void>;

/** A mistake in how the command was called: exit code 2 and the usage text. */
export class UsageError extends Error {}

export async function withRuntime<T>(
  env: Env,
  log: Logger,
  run: (runtime: Runtime) => Promise<T>,
): Promise<T> {
  const runtime = await openRuntime(env, log);
  try {
    return await run(runtime);
  } finally {
    await runtime.close();
  }
}
