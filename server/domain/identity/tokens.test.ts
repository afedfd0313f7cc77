import { describe, expect, it } from "vitest";
import { generateToken, hashToken, parseToken } from "./tokens";

describe("tokens", () => {
  it("have the contract's shape: prefix, 36 random and 6 checksum base62 characters", () => {
    expect(generateToken("programmatic_api")).toMatch(/^pfa_[0-9A-Za-z]{42}$/);
    expect(generateToken("mcp")).toMatch(/^pfm_[0-9A-Za-z]{42}$/);
    expect(generateToken("session")).toMatch(/^pfs_[0-9A-Za-z]{42}$/);
  });

  it("are different every time", () => {
    const tokens = new Set(Array.from({ length: 1000 }, () => generateToken("programmatic_api")));
    expect(tokens.size).toBe(1000);
  });

  it("are recognised by kind, and a changed character fails the checksum", () => {
    const token = generateToken("programmatic_api");
    expect(parseToken(token)).toBe("programmatic_api");
    expect(parseToken(generateToken("session"))).toBe("session");
    for (const position of [4, 20, 39, 45]) {
      const original = token[position]!;
      const changed = token.slice(0, position) + (original === "x" ? "y" : "x") + token.slice(position + 1);
      expect(parseToken(changed)).toBeNull();
    }
    expect(parseToken(token.slice(0, -1))).toBeNull();
    expect(parseToken(`pfz_${token.slice(4)}`)).toBeNull();
    expect(parseToken("")).toBeNull();
  });

  it("are stored as a SHA-256 hex digest, never as themselves", () => {
    const token = generateToken("programmatic_api");
    const hash = hashToken(token);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toContain(token.slice(4, 20));
    expect(hashToken(token)).toBe(hash);
  });
});
