import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../db";
import { AppError } from "../../errors";
import { createTestWorkspace, useTestDatabase } from "../../testing/fixtures";
import {
  CLAIM_LEASE_MS,
  deleteExpiredRecords,
  earlierAnswer,
  fingerprintOf,
  RETENTION_MS,
  runIdempotent,
  validateIdempotencyKey,
  type IdempotencyKeySpace,
} from "./idempotency";

const db = useTestDatabase();
let workspaceId: string;
let userId: string;

beforeAll(async () => {
  const owned = await createTestWorkspace(db);
  userId = owned.userId;
  workspaceId = owned.workspace.id;
});

const keySpace = (endpoint = "POST /test"): IdempotencyKeySpace => ({ userId, workspaceId, endpoint });
const newKey = () => `key-${randomUUID()}`;

/** The effect under test: creates one group named `name` and answers 201 with its id. */
function createGroup(name: string) {
  return async (tx: Db) => {
    const group = await tx.prisma.group.create({ data: { workspaceId, kind: "wallet", name } });
    return { status: 201, body: { id: group.id, name } };
  };
}

const groupsNamed = (name: string) => db.prisma.group.count({ where: { workspaceId, name } });

describe("Idempotency-Key validation", () => {
  it.each([
    [undefined, /required/],
    ["", /required/],
    ["x".repeat(15), /16 to 128.*15/],
    ["x".repeat(129), /16 to 128.*129/],
    ["has a space in it!!", /printable/],
  ])("refuses %j", (key, message) => {
    expect(() => validateIdempotencyKey(key)).toThrow(message);
    try {
      validateIdempotencyKey(key);
    } catch (error) {
      expect((error as AppError).code).toBe("IDEMPOTENCY_KEY_INVALID");
    }
  });

  it("accepts 16 and 128 characters", () => {
    expect(validateIdempotencyKey("x".repeat(16))).toHaveLength(16);
    expect(validateIdempotencyKey("y".repeat(128))).toHaveLength(128);
  });

  it("fingerprints independently of key order, and differently for other content", () => {
    expect(fingerprintOf({ a: 1, b: { c: [1, 2], d: "x" } })).toBe(fingerprintOf({ b: { d: "x", c: [1, 2] }, a: 1 }));
    expect(fingerprintOf({ a: 1 })).not.toBe(fingerprintOf({ a: 2 }));
  });
});

describe("runIdempotent", () => {
  it("runs the effect once and replays the stored response to a retry", async () => {
    const key = newKey();
    const name = randomUUID();
    const first = await runIdempotent(db, keySpace(), key, "fp", createGroup(name));
    const second = await runIdempotent(db, keySpace(), key, "fp", createGroup(name));
    expect(first.replayed).toBe(false);
    expect(second).toEqual({ ...first, replayed: true });
    expect(await groupsNamed(name)).toBe(1);
  });

  it("answers 409 IDEMPOTENCY_KEY_REUSED for the same key with another request", async () => {
    const key = newKey();
    await runIdempotent(db, keySpace(), key, "fp-1", createGroup(randomUUID()));
    await expect(runIdempotent(db, keySpace(), key, "fp-2", createGroup(randomUUID()))).rejects.toMatchObject({
      code: "IDEMPOTENCY_KEY_REUSED",
      status: 409,
    });
  });

  it("keeps keys apart per user, workspace and endpoint", async () => {
    const key = newKey();
    const name = randomUUID();
    await runIdempotent(db, keySpace("POST /a"), key, "fp", createGroup(name));
    await runIdempotent(db, keySpace("POST /b"), key, "fp", createGroup(name));
    expect(await groupsNamed(name)).toBe(2);
  });

  it("answers 409 IDEMPOTENCY_KEY_IN_PROGRESS while the first request runs", async () => {
    const key = newKey();
    const name = randomUUID();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const first = runIdempotent(db, keySpace(), key, "fp", async (tx) => {
      started();
      await gate;
      return createGroup(name)(tx);
    });
    await running;
    // PGlite has one connection, held by the first call's transaction: a second call would simply
    // wait for it there. On PostgreSQL it is answered at once.
    if (db.kind === "postgres") {
      await expect(runIdempotent(db, keySpace(), key, "fp", createGroup(name))).rejects.toMatchObject({
        code: "IDEMPOTENCY_KEY_IN_PROGRESS",
      });
    }
    release();
    await first;
    expect(await groupsNamed(name)).toBe(1);
  });

  it("lets a retry take over a claim whose holder crashed before finishing", async () => {
    const key = newKey();
    const name = randomUUID();
    const past = new Date(Date.now() - 1000);
    await db.prisma.idempotencyRecord.create({
      data: {
        ...keySpace(),
        key,
        fingerprint: "fp",
        lockedUntil: past,
        expiresAt: new Date(Date.now() + RETENTION_MS),
      },
    });
    const outcome = await runIdempotent(db, keySpace(), key, "fp", createGroup(name));
    expect(outcome.replayed).toBe(false);
    expect(await groupsNamed(name)).toBe(1);
  });

  it("rolls the effect back when its claim was taken over meanwhile", async () => {
    const key = newKey();
    const name = randomUUID();
    const attempt = runIdempotent(db, keySpace(), key, "fp", async (tx) => {
      const result = await createGroup(name)(tx);
      // Another instance took the expired claim over while this one was slow.
      await tx.prisma.idempotencyRecord.updateMany({
        where: { key },
        data: { lockedUntil: new Date(Date.now() + CLAIM_LEASE_MS * 2) },
      });
      return result;
    });
    await expect(attempt).rejects.toThrow(/claim lost/);
    expect(await groupsNamed(name)).toBe(0);
  });

  it("stores a refused request and answers the retry with the same error, without an effect", async () => {
    const key = newKey();
    const name = randomUUID();
    const refuse = async (tx: Db) => {
      await createGroup(name)(tx);
      throw new AppError("DOMAIN_CONSTRAINT_VIOLATION", "source_wallet_id: no active wallet");
    };
    await expect(runIdempotent(db, keySpace(), key, "fp", refuse)).rejects.toMatchObject({
      code: "DOMAIN_CONSTRAINT_VIOLATION",
    });
    const retry = runIdempotent(db, keySpace(), key, "fp", createGroup(name));
    await expect(retry).rejects.toMatchObject({
      code: "DOMAIN_CONSTRAINT_VIOLATION",
      message: "source_wallet_id: no active wallet",
      headers: { "Idempotent-Replayed": "true" },
    });
    expect(await groupsNamed(name)).toBe(0);
  });

  it("frees the key after an unexpected failure so a retry can succeed", async () => {
    const key = newKey();
    const name = randomUUID();
    await expect(
      runIdempotent(db, keySpace(), key, "fp", async () => {
        throw new Error("connection reset");
      }),
    ).rejects.toThrow("connection reset");
    const retry = await runIdempotent(db, keySpace(), key, "fp", createGroup(name));
    expect(retry.replayed).toBe(false);
    expect(await groupsNamed(name)).toBe(1);
  });

  it("forgets keys after 24 hours", async () => {
    const key = newKey();
    const name = randomUUID();
    await runIdempotent(db, keySpace(), key, "fp", createGroup(name));
    const later = new Date(Date.now() + RETENTION_MS + 1000);
    expect(await deleteExpiredRecords(db, later)).toBeGreaterThanOrEqual(1);
    const again = await runIdempotent(db, keySpace(), key, "fp", createGroup(name), later);
    expect(again.replayed).toBe(false);
    expect(await groupsNamed(name)).toBe(2);
  });

  it("produces exactly one effect for 20 concurrent identical requests", async () => {
    const key = newKey();
    const name = randomUUID();
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () => runIdempotent(db, keySpace(), key, "fp", createGroup(name))),
    );
    expect(await groupsNamed(name)).toBe(1);
    const fulfilled = results.filter((result) => result.status === "fulfilled") as PromiseFulfilledResult<{
      replayed: boolean;
    }>[];
    expect(fulfilled.filter((result) => !result.value.replayed)).toHaveLength(1);
    for (const result of results) {
      if (result.status === "rejected") expect(result.reason.code).toBe("IDEMPOTENCY_KEY_IN_PROGRESS");
    }
  });
});

describe("an earlier answer, looked up before a write's costly work", () => {
  it("is the stored response for the same request, nothing for a new key, and refuses another request", async () => {
    const key = newKey();
    const name = randomUUID();
    expect(await earlierAnswer(db, keySpace(), key, "fp")).toBeNull();
    const first = await runIdempotent(db, keySpace(), key, "fp", createGroup(name));
    expect(await earlierAnswer(db, keySpace(), key, "fp")).toEqual({ ...first, replayed: true });
    await expect(earlierAnswer(db, keySpace(), key, "other")).rejects.toMatchObject({
      code: "IDEMPOTENCY_KEY_REUSED",
    });
    expect(await earlierAnswer(db, keySpace("POST /elsewhere"), key, "fp")).toBeNull();
    expect(await groupsNamed(name)).toBe(1);
  });

  it("gives a stored refusal again, refuses while the holder's lease runs, and leaves a lapsed or expired claim to the write", async () => {
    const refused = newKey();
    await expect(
      runIdempotent(db, keySpace(), refused, "fp", async () => {
        throw new AppError("DOMAIN_CONSTRAINT_VIOLATION", "no such thing");
      }),
    ).rejects.toMatchObject({ code: "DOMAIN_CONSTRAINT_VIOLATION" });
    await expect(earlierAnswer(db, keySpace(), refused, "fp")).rejects.toMatchObject({
      code: "DOMAIN_CONSTRAINT_VIOLATION",
      headers: { "Idempotent-Replayed": "true" },
    });

    const expiresAt = new Date(Date.now() + RETENTION_MS);
    const held = newKey();
    const lapsed = newKey();
    await db.prisma.idempotencyRecord.createMany({
      data: [
        { ...keySpace(), key: held, fingerprint: "fp", lockedUntil: new Date(Date.now() + CLAIM_LEASE_MS), expiresAt },
        { ...keySpace(), key: lapsed, fingerprint: "fp", lockedUntil: new Date(Date.now() - 1000), expiresAt },
      ],
    });
    await expect(earlierAnswer(db, keySpace(), held, "fp")).rejects.toMatchObject({
      code: "IDEMPOTENCY_KEY_IN_PROGRESS",
    });
    expect(await earlierAnswer(db, keySpace(), lapsed, "fp")).toBeNull();
    const later = new Date(Date.now() + RETENTION_MS + 1000);
    expect(await earlierAnswer(db, keySpace(), refused, "other", later)).toBeNull();
  });
});
