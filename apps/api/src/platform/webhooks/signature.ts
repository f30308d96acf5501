import { createHmac, randomBytes } from "node:crypto";

/**
 * Webhook signatures as the Standard Webhooks specification (version 1.0.0, "Verifying webhook
 * authenticity") lays them out, so that a receiver verifies a delivery with that specification's
 * own libraries. The rules implemented here:
 *
 * - Three headers travel with every delivery: `webhook-id` (the event's id: the same on every
 *   attempt, so a receiver can drop a duplicate), `webhook-timestamp` (when this attempt is made,
 *   as integer Unix seconds: receivers refuse one older or newer than their tolerance, 5 minutes in
 *   the official libraries, against replays) and `webhook-signature`.
 * - The signed content is `${id}.${timestamp}.${body}`: the id, the header's timestamp and the
 *   body exactly as sent (its UTF-8 bytes), joined by full stops. So neither the id nor the
 *   timestamp may hold a full stop.
 * - A signature is HMAC-SHA256 of that content under the secret's bytes, written `v1,` followed by
 *   its standard base64 (`v1` names the symmetric scheme; `v1a`, ed25519, is not used here).
 * - `webhook-signature` is a space-separated list of such entries, one per active secret: during a
 *   secret's rotation both the new and the old secret sign, so a receiver holding either verifies
 *   the delivery (it tries each entry until one matches).
 * - A secret is `whsec_` followed by the standard base64 (padded) of 24 to 64 random bytes
 *   (192 to 512 bits); the bytes, not the text, are the HMAC key. One secret per subscription.
 */

export const WEBHOOK_SECRET_PREFIX = "whsec_";

/** Bytes of a new secret: 256 bits, the size of an HMAC-SHA256 output. */
const NEW_SECRET_BYTES = 32;

/** The specification's bounds on a secret's bytes (192 and 512 bits). */
const MIN_SECRET_BYTES = 24;
const MAX_SECRET_BYTES = 64;

/** Standard base64 with its padding: the only form the official libraries decode. */
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/**
 * What an event's id may hold: letters, digits, `_`, `-` and `~` (the domain's event ids join
 * their escaped parts with `~`: `value-settled~gpu~H100_20SXM~2026-11-28`). No full stop, which
 * would make the signed content ambiguous, and nothing a header cannot carry. At most 1,000
 * characters: the longest event id the domain makes (a 100-character series key escaped to three
 * times its length, with the type, market, period and threshold rule) stays well under it, so a
 * real event never fails to sign and stalls its subscription's queue.
 */
const WEBHOOK_ID = /^[A-Za-z0-9_~-]{1,1000}$/;

/** The headers of one delivery attempt, named as the specification names them. */
export interface WebhookHeaders {
  readonly "webhook-id": string;
  readonly "webhook-timestamp": string;
  readonly "webhook-signature": string;
}

export interface WebhookToSign {
  /** The event's id, the same on every attempt and redelivery of that event to an endpoint. */
  readonly id: string;
  /** When this attempt is made (not when the event happened); sent as whole Unix seconds. */
  readonly timestamp: Date;
  /** The body exactly as it will be sent (minified JSON): any other byte breaks the signature. */
  readonly body: string;
  /**
   * The subscription's active secrets: one, or two while a rotation's overlap lasts (the new
   * and the old). Each signs the delivery, in this order.
   */
  readonly secrets: readonly string[];
}

/** A new subscription secret: `whsec_` and the base64 of 32 random bytes. */
export function newWebhookSecret(): string {
  return WEBHOOK_SECRET_PREFIX + randomBytes(NEW_SECRET_BYTES).toString("base64");
}

/**
 * The HMAC key a secret stands for. Throws when the secret is not one this service made (a
 * programming or storage error, never a receiver's fault); the message never repeats the secret.
 */
function secretKey(secret: string): Buffer {
  if (!secret.startsWith(WEBHOOK_SECRET_PREFIX)) {
    throw new Error(`a webhook secret starts with "${WEBHOOK_SECRET_PREFIX}"`);
  }
  const encoded = secret.slice(WEBHOOK_SECRET_PREFIX.length);
  if (!BASE64.test(encoded)) {
    throw new Error(`a webhook secret is "${WEBHOOK_SECRET_PREFIX}" and standard padded base64`);
  }
  const key = Buffer.from(encoded, "base64");
  if (key.length < MIN_SECRET_BYTES || key.length > MAX_SECRET_BYTES) {
    throw new Error(
      `a webhook secret holds ${MIN_SECRET_BYTES} to ${MAX_SECRET_BYTES} bytes, not ${key.length}`,
    );
  }
  return key;
}

/** The headers of one delivery attempt: its id, its timestamp and one signature per secret. */
export function signWebhook({ id, timestamp, body, secrets }: WebhookToSign): WebhookHeaders {
  if (!WEBHOOK_ID.test(id)) {
    throw new Error("a webhook id is 1 to 1,000 letters, digits, '_', '-' or '~'");
  }
  const epochMs = timestamp.getTime();
  if (!Number.isFinite(epochMs)) throw new Error("a webhook timestamp is a valid date");
  if (secrets.length === 0) throw new Error("a webhook is signed with at least one secret");
  const seconds = Math.floor(epochMs / 1000).toString();
  const signatures = secrets.map((secret) => {
    const digest = createHmac("sha256", secretKey(secret))
      .update(`${id}.${seconds}.`, "utf8")
      .update(body, "utf8")
      .digest("base64");
    return `v1,${digest}`;
  });
  return {
    "webhook-id": id,
    "webhook-timestamp": seconds,
    "webhook-signature": signatures.join(" "),
  };
}
