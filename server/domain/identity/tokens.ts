import { createHash, randomBytes } from "node:crypto";
import { crc32 } from "node:zlib";

/**
 * Opaque bearer tokens: prefix + 36 random base62 characters + 6 base62 characters of the
 * CRC32 of the random part (CONTRACT "Personal access tokens"). The checksum lets us reject a
 * mistyped or truncated token without a database read, and lets secret scanners recognise ours.
 */
const TOKEN_PREFIXES = {
  programmatic_api: "pfa_",
  mcp: "pfm_",
  session: "pfs_",
  password_reset: "pfr_",
} as const;

export type TokenKind = keyof typeof TOKEN_PREFIXES;

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const RANDOM_LENGTH = 36;
const CHECKSUM_LENGTH = 6;
const TOKEN_PATTERN = /^(pfa_|pfm_|pfs_|pfr_)([0-9A-Za-z]{36})([0-9A-Za-z]{6})$/;

function randomBase62(length: number): string {
  let out = "";
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      // 248 = 4 * 62: rejecting larger bytes keeps every character equally likely.
      if (byte < 248 && out.length < length) out += BASE62[byte % 62];
    }
  }
  return out;
}

function checksum(body: string): string {
  let value = crc32(body);
  let out = "";
  for (let i = 0; i < CHECKSUM_LENGTH; i += 1) {
    out = BASE62[value % 62] + out;
    value = Math.floor(value / 62);
  }
  return out;
}

export function generateToken(kind: TokenKind): string {
  const body = randomBase62(RANDOM_LENGTH);
  return `${TOKEN_PREFIXES[kind]}${body}${checksum(body)}`;
}

/** The kind of a well-formed token with a valid checksum, else null. */
export function parseToken(token: string): TokenKind | null {
  const match = TOKEN_PATTERN.exec(token);
  if (!match || checksum(match[2]!) !== match[3]) return null;
  const prefix = match[1];
  return (Object.keys(TOKEN_PREFIXES) as TokenKind[]).find((kind) => TOKEN_PREFIXES[kind] === prefix) ?? null;
}

/** Tokens are stored only as this hash. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}
