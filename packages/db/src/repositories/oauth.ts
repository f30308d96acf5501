import type { AccountPlan } from "@tpi/domain";
import type { Db, Prisma, Tx } from "../client";

/**
 * The OAuth authorization server's records: clients, pending authorization requests, grants
 * (one consent each), codes and tokens. Codes and tokens arrive here as SHA-256 hashes; the
 * secrets never reach the database.
 */

export type OAuthRegistration = "metadata-document" | "dynamic";

export type OAuthClientRecord = {
  clientId: string;
  registration: OAuthRegistration;
  clientName: string;
  clientUri: string | null;
  redirectUris: string[];
  /** The client's metadata as registered (the SDK's OAuthClientInformationFull). */
  metadata: Record<string, unknown>;
  updatedAt: Date;
};

function asClient(row: {
  clientId: string;
  registration: string;
  clientName: string;
  clientUri: string | null;
  redirectUris: string[];
  metadata: Prisma.JsonValue;
  updatedAt: Date;
}): OAuthClientRecord {
  return {
    ...row,
    registration: row.registration as OAuthRegistration,
    metadata: (row.metadata ?? {}) as Record<string, unknown>,
  };
}

export async function findOAuthClient(db: Db, clientId: string): Promise<OAuthClientRecord | null> {
  const row = await db.oAuthClient.findUnique({ where: { clientId } });
  return row && asClient(row);
}

/** Stores a client, or refreshes one read again from its metadata document. */
export async function saveOAuthClient(
  db: Db,
  client: Omit<OAuthClientRecord, "updatedAt">,
  now: Date,
): Promise<void> {
  const data = {
    registration: client.registration,
    clientName: client.clientName,
    clientUri: client.clientUri,
    redirectUris: client.redirectUris,
    metadata: client.metadata as Prisma.InputJsonObject,
    updatedAt: now,
  };
  await db.oAuthClient.upsert({
    where: { clientId: client.clientId },
    create: { clientId: client.clientId, createdAt: now, ...data },
    update: data,
  });
}

export type OAuthRequestRecord = {
  id: string;
  clientId: string;
  redirectUri: string;
  /** Whether the request named redirect_uri (else the client's only one): the exchange must too. */
  redirectUriSent: boolean;
  state: string | null;
  codeChallenge: string;
  resource: string;
  scopes: string[];
  expiresAt: Date;
  decidedAt: Date | null;
};

export async function createOAuthRequest(
  db: Db,
  request: Omit<OAuthRequestRecord, "id" | "decidedAt">,
  now: Date,
): Promise<string> {
  const row = await db.oAuthAuthorizationRequest.create({
    data: { ...request, createdAt: now },
    select: { id: true },
  });
  return row.id;
}

export async function findOAuthRequest(
  db: Db,
  id: string,
): Promise<(OAuthRequestRecord & { client: OAuthClientRecord }) | null> {
  const row = await db.oAuthAuthorizationRequest.findUnique({
    where: { id },
    include: { client: true },
  });
  return row && { ...row, client: asClient(row.client) };
}

/** Marks the request decided unless it already was or has expired; false when it was not open. */
export async function decideOAuthRequest(db: Tx, id: string, now: Date): Promise<boolean> {
  const { count } = await db.oAuthAuthorizationRequest.updateMany({
    where: { id, decidedAt: null, expiresAt: { gt: now } },
    data: { decidedAt: now },
  });
  return count === 1;
}

/**
 * Forgets what can no longer be used: requests, codes and tokens that expired before `before`
 * (a spent refresh token is kept until it expires, so that its replay is still recognised).
 * Grants stay: the account page lists them.
 */
export async function pruneOAuthRecords(db: Db, before: Date): Promise<number> {
  const expired = { expiresAt: { lt: before } };
  const [requests, codes, tokens] = await db.$transaction([
    db.oAuthAuthorizationRequest.deleteMany({ where: expired }),
    db.oAuthCode.deleteMany({ where: expired }),
    db.oAuthToken.deleteMany({ where: expired }),
  ]);
  return requests.count + codes.count + tokens.count;
}

export type OAuthGrantRecord = {
  id: string;
  accountId: string;
  clientId: string;
  redirectUri: string;
  resource: string;
  scopes: string[];
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
};

export type NewOAuthCode = {
  codeHash: string;
  codeChallenge: string;
  /** Whether its authorization request named redirect_uri: the exchange must then name it. */
  redirectUriSent: boolean;
  expiresAt: Date;
};

/** A grant and its first code, in one transaction: the code exists only with its grant. */
export async function createOAuthGrantWithCode(
  db: Tx,
  grant: Omit<OAuthGrantRecord, "id" | "createdAt" | "lastUsedAt" | "revokedAt">,
  code: NewOAuthCode,
  now: Date,
): Promise<string> {
  const row = await db.oAuthGrant.create({
    data: { ...grant, createdAt: now, codes: { create: code } },
    select: { id: true },
  });
  return row.id;
}

/**
 * An approval: the request marked decided and its grant and code created, in one transaction,
 * so that a failure between them leaves the request open for the person's next answer. Null,
 * and nothing created, when the request was not open (decided already, or expired).
 */
export async function approveOAuthRequest(
  db: Db,
  requestId: string,
  grant: Omit<OAuthGrantRecord, "id" | "createdAt" | "lastUsedAt" | "revokedAt">,
  code: NewOAuthCode,
  now: Date,
): Promise<string | null> {
  return db.$transaction(async (tx) => {
    if (!(await decideOAuthRequest(tx, requestId, now))) return null;
    return createOAuthGrantWithCode(tx, grant, code, now);
  });
}

export type OAuthCodeLookup = {
  codeHash: string;
  codeChallenge: string;
  redirectUriSent: boolean;
  expiresAt: Date;
  usedAt: Date | null;
  grant: OAuthGrantRecord;
};

export async function findOAuthCode(db: Db, codeHash: string): Promise<OAuthCodeLookup | null> {
  return db.oAuthCode.findUnique({ where: { codeHash }, include: { grant: true } });
}

/** Marks a code used; false when another request used it first (the code is then a replay). */
export async function useOAuthCode(db: Tx, codeHash: string, now: Date): Promise<boolean> {
  const { count } = await db.oAuthCode.updateMany({
    where: { codeHash, usedAt: null },
    data: { usedAt: now },
  });
  return count === 1;
}

export type OAuthTokenKind = "access" | "refresh";

export type NewOAuthToken = {
  tokenHash: string;
  grantId: string;
  kind: OAuthTokenKind;
  expiresAt: Date;
};

export async function insertOAuthTokens(
  db: Tx,
  tokens: readonly NewOAuthToken[],
  now: Date,
): Promise<void> {
  await db.oAuthToken.createMany({ data: tokens.map((token) => ({ ...token, createdAt: now })) });
}

/**
 * Spends a code and stores the tokens it issues, in one transaction: should the insert fail,
 * the code is still unspent, so that the client's retry is not taken for a replay. False, and
 * nothing stored, when the code was already used.
 */
export async function exchangeOAuthCode(
  db: Db,
  codeHash: string,
  tokens: readonly NewOAuthToken[],
  now: Date,
): Promise<boolean> {
  return db.$transaction(async (tx) => {
    if (!(await useOAuthCode(tx, codeHash, now))) return false;
    await insertOAuthTokens(tx, tokens, now);
    return true;
  });
}

/**
 * Rotates a refresh token: spends it and stores the tokens that replace it, in one transaction
 * (as exchangeOAuthCode). False, and nothing stored, when it was already spent or revoked.
 */
export async function rotateOAuthRefreshToken(
  db: Db,
  tokenHash: string,
  tokens: readonly NewOAuthToken[],
  now: Date,
): Promise<boolean> {
  return db.$transaction(async (tx) => {
    if (!(await useOAuthRefreshToken(tx, tokenHash, now))) return false;
    await insertOAuthTokens(tx, tokens, now);
    return true;
  });
}

export type OAuthTokenLookup = {
  tokenHash: string;
  kind: OAuthTokenKind;
  expiresAt: Date;
  usedAt: Date | null;
  revokedAt: Date | null;
  grant: OAuthGrantRecord & {
    account: { id: string; plan: AccountPlan; trialEndsAt: Date | null };
  };
};

/** One indexed read: the token, its grant and the grant's account (plan and trial end). */
export async function findOAuthToken(db: Db, tokenHash: string): Promise<OAuthTokenLookup | null> {
  const row = await db.oAuthToken.findUnique({
    where: { tokenHash },
    include: {
      grant: {
        include: { account: { select: { id: true, plan: true, trialEndsAt: true } } },
      },
    },
  });
  if (row === null) return null;
  return {
    ...row,
    kind: row.kind as OAuthTokenKind,
    grant: {
      ...row.grant,
      account: { ...row.grant.account, plan: row.grant.account.plan as AccountPlan },
    },
  };
}

/** Marks a refresh token rotated; false when it already was (the token is then a replay). */
export async function useOAuthRefreshToken(db: Tx, tokenHash: string, now: Date): Promise<boolean> {
  const { count } = await db.oAuthToken.updateMany({
    where: { tokenHash, kind: "refresh", usedAt: null, revokedAt: null },
    data: { usedAt: now },
  });
  return count === 1;
}

/** Revokes one token (RFC 7009 for an access token). */
export async function revokeOAuthToken(db: Db, tokenHash: string, now: Date): Promise<void> {
  await db.oAuthToken.updateMany({
    where: { tokenHash, revokedAt: null },
    data: { revokedAt: now },
  });
}

/** Revokes a grant: every token and code of it ends with it. True when it was still live. */
export async function revokeOAuthGrant(db: Db, grantId: string, now: Date): Promise<boolean> {
  const { count } = await db.oAuthGrant.updateMany({
    where: { id: grantId, revokedAt: null },
    data: { revokedAt: now },
  });
  return count === 1;
}

export type OAuthConnection = OAuthGrantRecord & { clientName: string };

/** An account's grants, newest first, revoked ones included. */
export async function listOAuthGrants(db: Db, accountId: string): Promise<OAuthConnection[]> {
  const rows = await db.oAuthGrant.findMany({
    where: { accountId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    include: { client: { select: { clientName: true } } },
  });
  return rows.map(({ client, ...grant }) => ({ ...grant, clientName: client.clientName }));
}

export async function findOAuthGrant(db: Db, grantId: string): Promise<OAuthGrantRecord | null> {
  return db.oAuthGrant.findUnique({ where: { id: grantId } });
}

/** Revokes every live grant of an account (an operator's decision); how many were live. */
export async function revokeAccountOAuthGrants(
  db: Tx,
  accountId: string,
  now: Date,
): Promise<number> {
  const { count } = await db.oAuthGrant.updateMany({
    where: { accountId, revokedAt: null },
    data: { revokedAt: now },
  });
  return count;
}

/** Batched last-use writes, as for API keys: never moves a grant's last use backwards. */
export async function touchOAuthGrants(db: Db, uses: ReadonlyMap<string, Date>): Promise<void> {
  for (const [id, at] of uses) {
    await db.oAuthGrant.updateMany({
      where: { id, OR: [{ lastUsedAt: null }, { lastUsedAt: { lt: at } }] },
      data: { lastUsedAt: at },
    });
  }
}
