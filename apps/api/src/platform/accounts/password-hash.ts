import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";

/**
 * Password hashes: scrypt (memory-hard) with explicit parameters, stored with its parameters and
 * salt as `scrypt$<log2 N>$<r>$<p>$<salt base64url>$<hash base64url>`, so that the cost can be
 * raised later without invalidating stored hashes.
 */

/** N = 2^15, r = 8, p = 1: 32 MiB and about 50 to 100 ms per hash on a server core (OWASP's minimum is 2^17 with less memory per pass; this is the common scrypt baseline). */
export const SCRYPT_PARAMS = { log2N: 15, r: 8, p: 1 } as const;
const KEY_BYTES = 32;
const SALT_BYTES = 16;

type Params = { log2N: number; r: number; p: number };

/** scrypt's own bound on memory must exceed 128 * N * r bytes; twice that leaves headroom. */
function optionsFor(params: Params): ScryptOptions {
  const N = 2 ** params.log2N;
  return { N, r: params.r, p: params.p, maxmem: 256 * N * params.r };
}

/**
 * The one key derivation every hash and every check runs. An object's method so that tests can
 * count derivations (the sign-in of an unknown address must cost one too).
 */
export const passwordHashing = {
  derive(password: string, salt: Buffer, params: Params): Promise<Buffer> {
    return new Promise((resolve, reject) =>
      scrypt(password.normalize("NFC"), salt, KEY_BYTES, optionsFor(params), (error, key) =>
        error ? reject(error) : resolve(key),
      ),
    );
  },
};

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await passwordHashing.derive(password, salt, SCRYPT_PARAMS);
  const { log2N, r, p } = SCRYPT_PARAMS;
  return `scrypt$${log2N}$${r}$${p}$${salt.toString("base64url")}$${key.toString("base64url")}`;
}

/** Whether `password` matches `stored`; false (never an exception) for a malformed stored value. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split("$");
  const [scheme, log2N, r, p, salt, hash] = parts;
  if (parts.length !== 6 || scheme !== "scrypt" || !salt || !hash) return false;
  const params = { log2N: Number(log2N), r: Number(r), p: Number(p) };
  if (![params.log2N, params.r, params.p].every((n) => Number.isInteger(n) && n > 0)) return false;
  const expected = Buffer.from(hash, "base64url");
  const key = await passwordHashing.derive(password, Buffer.from(salt, "base64url"), params);
  return key.length === expected.length && timingSafeEqual(key, expected);
}

let dummyHash: Promise<string> | undefined;

/**
 * A hash of a random password, made once: a sign-in for an address without an account checks
 * against it, so that it costs one derivation like any other sign-in.
 */
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(18).toString("base64url"));
  return dummyHash;
}
