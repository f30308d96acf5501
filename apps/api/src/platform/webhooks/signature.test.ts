import { randomBytes } from "node:crypto";
import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { newWebhookSecret, signWebhook, WEBHOOK_SECRET_PREFIX } from "./signature";

/** The receiver's side: the specification's own JavaScript library, as a subscriber would use it. */
function verifies(secret: string, body: string, headers: Record<string, string>): boolean {
  try {
    new Webhook(secret).verify(body, headers);
    return true;
  } catch {
    return false;
  }
}

const body = JSON.stringify({ type: "index.settled", data: { market: "gpu", value: 2.31 } });

function secretOf(bytes: number): string {
  return WEBHOOK_SECRET_PREFIX + randomBytes(bytes).toString("base64");
}

describe("newWebhookSecret", () => {
  it("is whsec_ and the base64 of 32 random bytes, accepted by the official library", () => {
    const secret = newWebhookSecret();
    expect(secret.startsWith("whsec_")).toBe(true);
    expect(Buffer.from(secret.slice("whsec_".length), "base64")).toHaveLength(32);
    expect(newWebhookSecret()).not.toBe(secret);
    expect(() => new Webhook(secret)).not.toThrow();
  });
});

describe("signWebhook", () => {
  it("sends the id, the attempt's time in whole Unix seconds and one v1 signature", () => {
    const headers = signWebhook({
      id: "evt_1",
      timestamp: new Date(1_674_087_231_900),
      body,
      secrets: [newWebhookSecret()],
    });
    expect(headers["webhook-id"]).toBe("evt_1");
    expect(headers["webhook-timestamp"]).toBe("1674087231");
    expect(headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
  });

  it("signs exactly as the official library does", () => {
    const secret = newWebhookSecret();
    const timestamp = new Date(1_674_087_231_000);
    const headers = signWebhook({ id: "evt_2", timestamp, body, secrets: [secret] });
    expect(headers["webhook-signature"]).toBe(new Webhook(secret).sign("evt_2", timestamp, body));
  });

  it("is verified by the official library, and refused for a changed body or a wrong secret", () => {
    const secret = newWebhookSecret();
    const headers = signWebhook({ id: "evt_3", timestamp: new Date(), body, secrets: [secret] });
    expect(verifies(secret, body, { ...headers })).toBe(true);
    expect(verifies(secret, body.replace("2.31", "2.32"), { ...headers })).toBe(false);
    expect(verifies(newWebhookSecret(), body, { ...headers })).toBe(false);
  });

  it("signs with every secret of a rotation, so a receiver holding either one verifies", () => {
    const [next, previous] = [newWebhookSecret(), newWebhookSecret()];
    const headers = signWebhook({
      id: "evt_4",
      timestamp: new Date(),
      body,
      secrets: [next, previous],
    });
    expect(headers["webhook-signature"].split(" ")).toHaveLength(2);
    expect(verifies(next, body, { ...headers })).toBe(true);
    expect(verifies(previous, body, { ...headers })).toBe(true);
    expect(verifies(newWebhookSecret(), body, { ...headers })).toBe(false);
  });

  it("is refused by the receiver when the attempt's timestamp is older than its tolerance", () => {
    const secret = newWebhookSecret();
    const tenMinutesAgo = new Date(Date.now() - 10 * 60 * 1000);
    const headers = signWebhook({ id: "evt_5", timestamp: tenMinutesAgo, body, secrets: [secret] });
    expect(() => new Webhook(secret).verify(body, { ...headers })).toThrow(/too old/);
  });

  it("takes secrets of 24 to 64 bytes, whsec_ and padded base64, and never repeats one", () => {
    const messageOf = (secret: string): string => {
      try {
        signWebhook({ id: "evt_6", timestamp: new Date(), body, secrets: [secret] });
        return "";
      } catch (error) {
        return error instanceof Error ? error.message : String(error);
      }
    };
    expect(messageOf(secretOf(24))).toBe("");
    expect(messageOf(secretOf(64))).toBe("");
    expect(messageOf(secretOf(23))).toMatch(/24 to 64 bytes, not 23/);
    expect(messageOf(secretOf(65))).toMatch(/24 to 64 bytes, not 65/);
    const unprefixed = randomBytes(32).toString("base64");
    expect(messageOf(unprefixed)).toMatch(/starts with "whsec_"/);
    const unpadded = secretOf(32).replace(/=+$/, "");
    expect(messageOf(unpadded)).toMatch(/padded base64/);
    expect(messageOf(`${WEBHOOK_SECRET_PREFIX}not base64!`)).toMatch(/padded base64/);
    for (const secret of [secretOf(23), unprefixed, unpadded]) {
      expect(messageOf(secret)).not.toContain(secret.replace(WEBHOOK_SECRET_PREFIX, ""));
    }
  });

  it("signs the domain's event ids, whose parts are joined with '~', and the library verifies them", () => {
    const secret = newWebhookSecret();
    const id = "value-settled~gpu~H100_20SXM~2026-11-28";
    const headers = signWebhook({ id, timestamp: new Date(), body, secrets: [secret] });
    expect(headers["webhook-id"]).toBe(id);
    expect(verifies(secret, body, { ...headers })).toBe(true);
  });

  it("refuses an id with a full stop (the signed content's separator), and no secret", () => {
    const timestamp = new Date();
    const secrets = [newWebhookSecret()];
    expect(() => signWebhook({ id: "evt.7", timestamp, body, secrets })).toThrow(/webhook id/);
    expect(() => signWebhook({ id: "", timestamp, body, secrets })).toThrow(/webhook id/);
    // The longest event id the domain makes (escaped series keys triple in length) signs.
    expect(() => signWebhook({ id: "a".repeat(1000), timestamp, body, secrets })).not.toThrow();
    expect(() => signWebhook({ id: "a".repeat(1001), timestamp, body, secrets })).toThrow(
      /1 to 1,000/,
    );
    expect(() => signWebhook({ id: "evt_7", timestamp, body, secrets: [] })).toThrow(/one secret/);
    const invalid = new Date(Number.NaN);
    expect(() => signWebhook({ id: "evt_7", timestamp: invalid, body, secrets })).toThrow(/date/);
  });
});
