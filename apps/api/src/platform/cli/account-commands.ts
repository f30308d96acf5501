import { parseArgs } from "node:util";
import {
  ACCOUNT_PLANS,
  API_KEY_NAME_MAX_LENGTH,
  isAccountPlan,
  normalizeEmail,
  parseRefusalReason,
  trialEndFor,
  type AccountPlan,
} from "@tpi/domain";
import {
  createAccount,
  deleteUnverifiedAccounts,
  findAccount,
  listAccounts,
  listApiKeys,
  listPendingUpgradeRequests,
  revokeApiKey,
  setAccountPlan,
  setAccountRole,
  type AccountRecord,
  type ApiKeyRecord,
} from "@tpi/db";
import type { Env } from "../core/env";
import { KEY_CACHE_TTL_MS, KEY_USAGE_FLUSH_MS } from "../auth/api-key-authenticator";
import { recordAdminAction } from "../accounts/web-accounts";
import { createApiKey } from "../accounts/create-key";
import { decideUpgrade } from "../accounts/upgrades";
import { UsageError, withRuntime } from "./command";
import type { Command, CommandModule } from "../core/command";

/** Operator commands for accounts and their API keys. Each prints what it did. */

const PROPAGATION = `every api instance applies it within ${KEY_CACHE_TTL_MS / 1000} seconds`;

/** `accounts purge-unverified` without --older-than-days: a month to confirm, then gone. */
const UNVERIFIED_PURGE_DEFAULT_DAYS = 30;
const MS_PER_DAY = 86_400_000;

/** Help lines of the account and key commands. */
export const ACCOUNT_USAGE = `  accounts create --name NAME --plan trial|premium|full
                                       create an account (a trial ends after TRIAL_PERIOD_HOURS)
  accounts list                        list accounts with their plans and active key counts
  accounts set-plan --account ID --plan trial|premium|full
                                       change an account's plan (to trial: the trial restarts now)
  accounts grant-admin EMAIL|ACCOUNT_ID
                                       give a website account the admin role (recorded as by cli)
  accounts revoke-admin EMAIL|ACCOUNT_ID
                                       take the admin role back (applies at the account's next request)
  accounts purge-unverified [--older-than-days N]
                                       delete website accounts never confirmed, N days old or more
                                       (default ${UNVERIFIED_PURGE_DEFAULT_DAYS}), without keys or admin role
  keys create --name NAME [--account ID | --account-name NAME --plan trial|premium|full]
                                       create an API key (printed once; only its hash is stored);
                                       without --account, a new account (default plan full)
  keys list [--account ID]             list keys: id, display prefix, name, last use, state
  keys revoke --id KEY_ID              revoke a key (every instance refuses it within ${KEY_CACHE_TTL_MS / 1000} seconds)
  upgrades list                        list trial accounts' pending upgrade requests, oldest first
  upgrades approve --id REQUEST_ID     give the account the plan it asked for (trial end cleared); mails it
  upgrades refuse --id REQUEST_ID --reason TEXT
                                       refuse a request; the account is mailed the reason`;

function planOf(value: string | undefined): AccountPlan {
  if (value === undefined || !isAccountPlan(value))
    throw new UsageError(`--plan must be one of ${ACCOUNT_PLANS.join(", ")}`);
  return value;
}

function keyNameOf(value: string | undefined): string {
  const name = value?.trim() ?? "";
  if (name.length < 1 || name.length > API_KEY_NAME_MAX_LENGTH)
    throw new UsageError(`--name is required (1 to ${API_KEY_NAME_MAX_LENGTH} characters)`);
  return name;
}

function required(value: string | undefined, option: string): string {
  if (value === undefined || value.trim() === "") throw new UsageError(`${option} is required`);
  return value.trim();
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Account and key ids are UUIDs; anything else is a typing mistake, not a missing row. */
function idOf(value: string | undefined, option: string): string {
  const id = required(value, option);
  if (!UUID_PATTERN.test(id))
    throw new UsageError(`${option} must be an id as printed by the list commands (a UUID)`);
  return id;
}

const when = (date: Date | null, never = "-"): string =>
  date === null ? never : date.toISOString();

function describeAccount(account: AccountRecord): string {
  const trial =
    account.trialEndsAt === null ? "" : `, trial ends ${account.trialEndsAt.toISOString()}`;
  const email = account.email === null ? "" : ` <${account.email}>`;
  const role = account.role === "admin" ? ", admin" : "";
  return `${account.id} '${account.name}'${email} (plan ${account.plan}${trial}${role})`;
}

function describeKey(key: ApiKeyRecord): string {
  const state = key.revokedAt === null ? "active" : `revoked ${key.revokedAt.toISOString()}`;
  return `${key.id}  ${key.displayPrefix}…  '${key.name}'  account ${key.accountId}  created ${key.createdAt.toISOString()}  last used ${when(key.lastUsedAt, "never")}  ${state}`;
}

function trialEnd(env: Env, plan: AccountPlan, now: Date): Date | null {
  return trialEndFor(plan, now, env.TRIAL_PERIOD_HOURS);
}

const accountCommands: Record<string, Command> = {
  async upgrades(args, context) {
    const { env } = context;
    const [subcommand, ...rest] = args;
    switch (subcommand) {
      case "list": {
        parseArgs({ args: rest, options: {}, strict: true });
        await withRuntime(context, async (runtime) => {
          const pending = await listPendingUpgradeRequests(runtime.database.db);
          for (const request of pending) {
            const who = request.account.email ?? request.account.name;
            const note =
              request.message === null ? "" : `  message: ${JSON.stringify(request.message)}`;
            console.log(
              `${request.id}  ${who} (account ${request.accountId}, plan ${request.account.plan}) asks for ${request.plan}  since ${request.createdAt.toISOString()}${note}`,
            );
          }
          console.log(`${pending.length} pending upgrade request(s)`);
        });
        return;
      }
      case "approve":
      case "refuse": {
        const { values } = parseArgs({
          args: rest,
          options: { id: { type: "string" }, reason: { type: "string" } },
          strict: true,
        });
        const requestId = idOf(values.id, "--id");
        let reason: string | null = null;
        if (subcommand === "refuse") {
          const parsed = parseRefusalReason(values.reason ?? "");
          if (!parsed.ok) throw new UsageError(`--reason: ${parsed.error.message}`);
          reason = parsed.value;
        } else if (values.reason !== undefined) {
          throw new UsageError("--reason is for upgrades refuse only");
        }
        await withRuntime(context, async (runtime) => {
          const decided = await decideUpgrade(
            { db: runtime.database.db, clock: runtime.clock, siteUrl: env.TPI_PUBLIC_SITE_URL },
            {
              requestId,
              decision: subcommand === "approve" ? "approved" : "refused",
              reason,
              actor: "cli",
            },
          );
          console.log(
            subcommand === "approve"
              ? `approved: account ${decided.accountId} is now on plan ${decided.plan}; ${PROPAGATION}; the user is mailed`
              : `refused: account ${decided.accountId} keeps its plan; the user is mailed the reason`,
          );
        });
        return;
      }
      default:
        throw new UsageError(`unknown upgrades subcommand '${subcommand ?? ""}'`);
    }
  },

  async accounts(args, context) {
    const { env } = context;
    const [subcommand, ...rest] = args;
    switch (subcommand) {
      case "create": {
        const { values } = parseArgs({
          args: rest,
          options: { name: { type: "string" }, plan: { type: "string" } },
          strict: true,
        });
        const name = required(values.name, "--name");
        const plan = planOf(values.plan);
        await withRuntime(context, async (runtime) => {
          const account = await createAccount(runtime.database.db, {
            name,
            plan,
            trialEndsAt: trialEnd(env, plan, runtime.clock()),
          });
          console.log(`created account ${describeAccount(account)}`);
        });
        return;
      }
      case "list": {
        parseArgs({ args: rest, options: {}, strict: true });
        await withRuntime(context, async (runtime) => {
          const accounts = await listAccounts(runtime.database.db);
          for (const account of accounts) {
            console.log(
              `${describeAccount(account)}  ${account.activeKeys} active key(s)  created ${account.createdAt.toISOString()}`,
            );
          }
          console.log(`${accounts.length} account(s)`);
        });
        return;
      }
      case "set-plan": {
        const { values } = parseArgs({
          args: rest,
          options: { account: { type: "string" }, plan: { type: "string" } },
          strict: true,
        });
        const id = idOf(values.account, "--account");
        const plan = planOf(values.plan);
        await withRuntime(context, async (runtime) => {
          const now = runtime.clock();
          const account = await runtime.database.db.$transaction(async (tx) => {
            const before = await findAccount(tx, id);
            if (before === null) return null;
            const after = await setAccountPlan(tx, id, plan, trialEnd(env, plan, now));
            await recordAdminAction(
              tx,
              "cli",
              "set-plan",
              `account:${id}`,
              {
                from: before.plan,
                to: plan,
              },
              now,
            );
            return after;
          });
          if (account === null) throw new Error(`no account has the id '${id}'`);
          console.log(`account ${describeAccount(account)}: plan set to ${plan}; ${PROPAGATION}`);
        });
        return;
      }
      case "grant-admin":
      case "revoke-admin": {
        const { positionals } = parseArgs({
          args: rest,
          options: {},
          strict: true,
          allowPositionals: true,
        });
        const [who, ...extra] = positionals;
        if (who === undefined || extra.length > 0)
          throw new UsageError(`accounts ${subcommand} takes one email address or account id`);
        const isId = UUID_PATTERN.test(who);
        const role = subcommand === "grant-admin" ? "admin" : "user";
        await withRuntime(context, async (runtime) => {
          const now = runtime.clock();
          const account = await runtime.database.db.$transaction(async (tx) => {
            const updated = await setAccountRole(
              tx,
              isId ? { id: who } : { email: normalizeEmail(who) },
              role,
            );
            if (updated !== null)
              await recordAdminAction(
                tx,
                "cli",
                subcommand,
                `account:${updated.id}`,
                { role },
                now,
              );
            return updated;
          });
          if (account === null)
            throw new Error(`no account has the ${isId ? "id" : "email address"} '${who}'`);
          console.log(
            role === "admin"
              ? `granted the admin role to account ${describeAccount(account)}`
              : `revoked the admin role of account ${describeAccount(account)}`,
          );
          if (account.email === null)
            console.log(
              "note: this account has no email address, so it cannot sign in to the website",
            );
        });
        return;
      }
      case "purge-unverified": {
        const { values } = parseArgs({
          args: rest,
          options: { "older-than-days": { type: "string" } },
          strict: true,
        });
        const raw = values["older-than-days"] ?? String(UNVERIFIED_PURGE_DEFAULT_DAYS);
        const days = Number(raw);
        if (!/^\d+$/.test(raw) || !Number.isSafeInteger(days) || days < 1)
          throw new UsageError(
            `--older-than-days takes a whole number of days, 1 or more; got '${raw}'`,
          );
        await withRuntime(context, async (runtime) => {
          const now = runtime.clock();
          const cutoff = new Date(now.getTime() - days * MS_PER_DAY);
          const deleted = await runtime.database.db.$transaction(async (tx) => {
            const gone = await deleteUnverifiedAccounts(tx, cutoff);
            if (gone.length > 0)
              await recordAdminAction(
                tx,
                "cli",
                "purge-unverified",
                `accounts:${gone.length}`,
                { createdBefore: cutoff.toISOString(), accountIds: gone.map((a) => a.id) },
                now,
              );
            return gone;
          });
          for (const account of deleted)
            console.log(
              `deleted ${account.id} ${account.email} (created ${account.createdAt.toISOString()})`,
            );
          console.log(
            `deleted ${deleted.length} unconfirmed account(s) created before ${cutoff.toISOString()}`,
          );
        });
        return;
      }
      default:
        throw new UsageError(`unknown accounts subcommand '${subcommand ?? ""}'`);
    }
  },

  async keys(args, context) {
    const { env } = context;
    const [subcommand, ...rest] = args;
    switch (subcommand) {
      case "create": {
        const { values } = parseArgs({
          args: rest,
          options: {
            name: { type: "string" },
            account: { type: "string" },
            "account-name": { type: "string" },
            plan: { type: "string" },
          },
          strict: true,
        });
        const name = keyNameOf(values.name);
        if (values.account !== undefined) idOf(values.account, "--account");
        if (
          values.account !== undefined &&
          (values["account-name"] !== undefined || values.plan !== undefined)
        ) {
          throw new UsageError(
            "give either --account ID, or --account-name and --plan for a new account",
          );
        }
        const newPlan = values.account === undefined ? planOf(values.plan ?? "full") : undefined;
        await withRuntime(context, async (runtime) => {
          const db = runtime.database.db;
          let accountId = values.account;
          if (accountId === undefined) {
            const plan = newPlan ?? "full";
            const account = await createAccount(db, {
              name: values["account-name"] ?? name,
              plan,
              trialEndsAt: trialEnd(env, plan, runtime.clock()),
            });
            accountId = account.id;
            console.log(`created account ${describeAccount(account)}`);
          }
          const created = await createApiKey(db, {
            accountId,
            name,
            maxKeysPerAccount: env.MAX_KEYS_PER_ACCOUNT,
          });
          if (!created.ok) throw new Error(created.error.message);
          const key = created.value;
          console.log(
            `created API key ${key.id} '${key.name}' (${key.displayPrefix}…) for account ${key.accountId}`,
          );
          console.log("the key, shown this once (only its hash is stored):");
          console.log(key.key);
        });
        return;
      }
      case "list": {
        const { values } = parseArgs({
          args: rest,
          options: { account: { type: "string" } },
          strict: true,
        });
        if (values.account !== undefined) idOf(values.account, "--account");
        await withRuntime(context, async (runtime) => {
          const keys = await listApiKeys(runtime.database.db, values.account);
          for (const key of keys) console.log(describeKey(key));
          const scope = values.account === undefined ? "" : ` for account ${values.account}`;
          console.log(
            `${keys.length} key(s)${scope}; last use is recorded every ${KEY_USAGE_FLUSH_MS / 1000} seconds`,
          );
        });
        return;
      }
      case "revoke": {
        const { values } = parseArgs({
          args: rest,
          options: { id: { type: "string" } },
          strict: true,
        });
        const id = idOf(values.id, "--id");
        await withRuntime(context, async (runtime) => {
          const now = runtime.clock();
          const revoked = await runtime.database.db.$transaction(async (tx) => {
            const result = await revokeApiKey(tx, id, now);
            if (result !== null)
              await recordAdminAction(
                tx,
                "cli",
                "revoke-key",
                `key:${id}`,
                {
                  accountId: result.key.accountId,
                  alreadyRevoked: result.alreadyRevoked,
                },
                now,
              );
            return result;
          });
          if (revoked === null) throw new Error(`no API key has the id '${id}'`);
          const { key, alreadyRevoked } = revoked;
          console.log(
            alreadyRevoked
              ? `API key ${key.id} '${key.name}' (${key.displayPrefix}…) was already revoked at ${when(key.revokedAt)}`
              : `revoked API key ${key.id} '${key.name}' (${key.displayPrefix}…) of account ${key.accountId}; ${PROPAGATION}`,
          );
        });
        return;
      }
      default:
        throw new UsageError(`unknown keys subcommand '${subcommand ?? ""}'`);
    }
  },
};

/** Accounts and keys of the api, for operators. */
export const ACCOUNT_COMMANDS: CommandModule = { usage: ACCOUNT_USAGE, commands: accountCommands };
