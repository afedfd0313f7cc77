/**
 * Standard Webhooks signatures (https://www.standardwebhooks.com): a secret is "whsec_" and the
 * base64 of 32 random bytes, the key; a message is signed as `v1,` + base64(HMAC-SHA256(key,
 * "{webhook-id}.{webhook-timestamp}.{body}")). While a rotated secret's predecessor still signs,
 * `webhook-signature` carries both signatures, space-separated, and a receiver accepts either.
 */
import { createHmac, randomBytes } from "node:crypto";

const SECRET_PREFIX = "whsec_";

/** A new signing key (base64), stored; the secret a person is shown is SECRET_PREFIX + it. */
export function newSigningKey(): string {
  return randomBytes(32).toString("base64");
}

export function secretOf(key: string): string {
  return SECRET_PREFIX + key;
}

/** `v1,<signature>` of one message under one key. */
function signatureOf(key: string, messageId: string, timestampSeconds: number, body: string): string {
  const digest = createHmac("sha256", Buffer.from(key, "base64"))
    .update(`${messageId}.${timestampSeconds}.${body}`)
    .digest("base64");
  return `v1,${digest}`;
}

export interface SignedHeaders extends Record<string, string> {
  "webhook-id": string;
  "webhook-timestamp": string;
  "webhook-signature": string;
}

/** The three Standard Webhooks headers of one attempt, signed with every key that signs now. */
export function signedHeaders(
  keys: string[],
  messageId: string,
  timestampSeconds: number,
  body: string,
): SignedHeaders {
  return {
    "webhook-id": messageId,
    "webhook-timestamp": String(timestampSeconds),
    "webhook-signature": keys.map((key) => signatureOf(key, messageId, timestampSeconds, body)).join(" "),
  };
}
