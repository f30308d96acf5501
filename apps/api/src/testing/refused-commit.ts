import type { Db } from "@tpi/db";

/**
 * Runs `act` while every transaction that inserts into `table` fails at its commit, then removes
 * what made it fail: a deferred constraint trigger raises 'commit refused by the test' at commit
 * time, after the transaction's other writes, so a test sees that a store's writes are all or
 * nothing.
 */
export async function withCommitsRefused<T>(
  db: Db,
  table: string,
  act: () => Promise<T>,
): Promise<T> {
  const refuse = `refuse_commit_on_${table}`;
  await db.$executeRawUnsafe(
    `create function ${refuse}() returns trigger language plpgsql as
     $$ begin raise exception 'commit refused by the test'; end $$`,
  );
  await db.$executeRawUnsafe(
    `create constraint trigger ${refuse} after insert on ${table}
     deferrable initially deferred for each row execute function ${refuse}()`,
  );
  try {
    return await act();
  } finally {
    await db.$executeRawUnsafe(`drop trigger ${refuse} on ${table}`);
    await db.$executeRawUnsafe(`drop function ${refuse}()`);
  }
}
