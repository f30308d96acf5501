import { parseUtcDay, type UtcDay } from "@tpi/domain";
import type { Env } from "../../env";
import type { Logger } from "../observability/logger";
import { openRuntime, type Runtime } from "../../runtime";

/** A CLI command: parses its own arguments, prints what it did, throws on failure. */
export type Command = (args: string[], env: Env, log: Logger) => Promise<void>;

/** A mistake in how the command was called: exit code 2 and the usage text. */
export class UsageError extends Error {}

/** A setting the command needs is missing or unusable: exit code 2, without the usage text. */
export class ConfigurationError extends Error {}

/** A `--name YYYY-MM-DD` option that must name a real UTC day; a usage error otherwise. */
export function dayOption(name: string, value: string | undefined): UtcDay {
  const day = parseUtcDay(value ?? "");
  if (day === undefined)
    throw new UsageError(
      `--${name} must be a real date in YYYY-MM-DD format; got '${value ?? ""}'`,
    );
  return day;
}

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
