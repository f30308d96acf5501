import { invalidDayMessage, parseUtcDay, type UtcDay } from "@tpi/domain";
import type { CommandContext } from "../core/command";
import { openRuntime, type Runtime } from "../runtime/runtime";

/** A mistake in how the command was called: exit code 2 and the usage text. */
export class UsageError extends Error {}

/** A setting the command needs is missing or unusable: exit code 2, without the usage text. */
export class ConfigurationError extends Error {}

/** A `--name YYYY-MM-DD` option that must name a real UTC day; a usage error otherwise. */
export function dayOption(name: string, value: string | undefined): UtcDay {
  const day = parseUtcDay(value ?? "");
  if (day === undefined) throw new UsageError(invalidDayMessage(`--${name}`, value ?? ""));
  return day;
}

/** Runs `run` with the database and every market's state open, and closes them after. */
export async function withRuntime<T>(
  context: CommandContext,
  run: (runtime: Runtime) => Promise<T>,
): Promise<T> {
  const runtime = await openRuntime(context.env, context.log, context.markets);
  try {
    return await run(runtime);
  } finally {
    await runtime.close();
  }
}

/**
 * `--from` and `--to` as an inclusive range of UTC days: each a real day, `--to` defaulting to
 * `defaults.to` and `--from` to `defaults.from(to)`, and the start never after the end.
 */
export function dayRangeOptions(
  values: { from?: string; to?: string },
  defaults: { to: UtcDay; from: (to: UtcDay) => UtcDay },
): { from: UtcDay; to: UtcDay } {
  const to = values.to === undefined ? defaults.to : dayOption("to", values.to);
  const from = values.from === undefined ? defaults.from(to) : dayOption("from", values.from);
  if (from > to) throw new UsageError(`--from ${from} is after --to ${to}`);
  return { from, to };
}
