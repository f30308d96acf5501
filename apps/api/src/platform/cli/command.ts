import { parseArgs } from "node:util";
import { invalidDayMessage, parseUtcDay, type UtcDay } from "@tpi/domain";
import type { Command, CommandContext } from "../core/command";
import { recentRunLines } from "../jobs/source-sync";
import type { PublishedReadModel } from "../publication/published-read-model";
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

/**
 * A command that takes a subcommand (`neocloud import`, `neocloud status`): its first argument
 * picks one of `subcommands`, which gets the rest; anything else is a usage error naming them.
 */
export function withSubcommands(
  name: string,
  subcommands: Readonly<Record<string, Command>>,
): Record<string, Command> {
  const names = Object.keys(subcommands).map((subcommand) => `'${subcommand}'`);
  const last = names.pop() ?? "";
  const taken = names.length === 0 ? last : `${names.join(", ")} or ${last}`;
  return {
    [name]: async (args, context) => {
      const [subcommand = "", ...rest] = args;
      const command = Object.hasOwn(subcommands, subcommand) ? subcommands[subcommand] : undefined;
      if (command === undefined)
        throw new UsageError(`${name} takes ${taken}; got '${subcommand}'`);
      await command(rest, context);
    },
  };
}

/**
 * A market's published set reloaded as the api would serve it now (the sample while nothing is
 * stored, when SEED_SAMPLE_ON_EMPTY allows), for a command that says what is served.
 */
export async function reloadAsServed(
  published: Pick<PublishedReadModel, "allowSample" | "refresh">,
  runtime: Runtime,
): Promise<void> {
  published.allowSample(runtime.env.SEED_SAMPLE_ON_EMPTY);
  await published.refresh();
}

/**
 * A market's `status` command (no options): with the runtime open and the published set
 * reloaded as served, the market's own lines (`describe`), then its source's latest runs.
 */
export function statusCommand(spec: {
  published(runtime: Runtime): Pick<PublishedReadModel, "allowSample" | "refresh">;
  describe(runtime: Runtime, context: CommandContext): readonly string[];
  /** The source whose runs are listed, and what a run is called ("sync", "import"). */
  source: string;
  runNoun?: string;
}): Command {
  return async (args, context) => {
    parseArgs({ args, options: {}, strict: true });
    await withRuntime(context, async (runtime) => {
      await reloadAsServed(spec.published(runtime), runtime);
      const runs = await recentRunLines(runtime.database.db, spec.source, spec.runNoun);
      for (const line of [...spec.describe(runtime, context), ...runs]) console.log(line);
    });
  };
}
