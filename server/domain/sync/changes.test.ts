import { describe, expect, it } from "vitest";
import { SideEffects } from "../side-effects/side-effects";
import { restoreDeletedTransactions } from "../transactions/deleted-transactions";
import { useTransactionsWorkspace } from "../transactions/testing";
import { deleteTransaction } from "../transactions/write-transactions";
import { readDelta } from "./changes";
import { purgeSyncDeletions, serverKnowledge, tokenXid } from "./sync-token";

const w = useTransactionsWorkspace();

/** Every change of mine's transactions since `since`, page by page (limit 2), and the token the delta hands out. */
async function everyChange(since: string) {
  const changed: string[] = [];
  const deleted: string[] = [];
  let page = await readDelta(w.mine, "transactions", { since, limit: 2 });
  const knowledge = page.knowledge;
  for (;;) {
    changed.push(...page.changed);
    deleted.push(...page.deleted.map((row) => row.id));
    expect(page.knowledge).toBe(knowledge);
    if (!page.nextCursor) break;
    page = await readDelta(w.mine, "transactions", { cursor: page.nextCursor, limit: 2 });
  }
  return { changed, deleted, knowledge };
}

describe("what changed since", () => {
  it("answers rows created, changed and deleted after the token, and nothing of another workspace", async () => {
    const kept = await w.expense(w.eur, "1");
    const gone = await w.expense(w.eur, "2");
    const start = await serverKnowledge(w.db, w.mine.workspace.id, "transactions");
    // Alone (PGlite) nothing is answered twice; on a shared server a token may stay lower for a while.
    const alone = w.db.kind === "pglite";
    if (alone) expect(await everyChange(start)).toMatchObject({ changed: [], deleted: [] });

    const added = await w.expense(w.eur, "3");
    await w.db.sql.exec(`UPDATE transactions SET notes = 'edited' WHERE id = '${kept.id}'`);
    await deleteTransaction({ ...w.mine, sideEffects: new SideEffects() }, { id: gone.id });
    await w.theirExpense("Theirs");

    const delta = await everyChange(start);
    expect(delta.changed.sort()).toEqual([added.id, kept.id].sort());
    expect(delta.deleted).toEqual([gone.id]);
    expect(delta.changed).not.toContain(gone.id);
    // Nothing changed after it: the next delta is empty, and the token stays the same.
    if (alone) {
      expect(await everyChange(delta.knowledge)).toMatchObject({
        changed: [],
        deleted: [],
        knowledge: delta.knowledge,
      });
    }
  });

  it("a write that commits after the token was handed out is in the next delta (PostgreSQL: PGlite has one connection)", async (test) => {
    if (w.db.kind !== "postgres") test.skip();
    const model = await w.expense(w.eur, "7");
    let commit!: () => void;
    const committed = new Promise<void>((resolve) => (commit = resolve));
    let written!: (id: string) => void;
    const lateId = new Promise<string>((resolve) => (written = resolve));
    const writer = w.db.transaction(async (tx) => {
      const [row] = await tx.sql.query<{ id: string }>(
        `INSERT INTO transactions (id, workspace_id, account_id, currency_id, type, date, amount, description, updated_at)
         SELECT gen_random_uuid(), workspace_id, account_id, currency_id, type, date, amount, 'Late', now()
           FROM transactions WHERE id = $1 RETURNING id::text`,
        [model.id],
      );
      written(row!.id);
      await committed;
    });
    const id = await lateId;
    // Meanwhile another write commits, and then a client reads: the late row is not there yet, and
    // the token is not past it, though a newer change is already in the answer.
    await w.expense(w.eur, "8");
    const token = await serverKnowledge(w.db, w.mine.workspace.id, "transactions");
    expect((await everyChange(token)).changed).not.toContain(id);
    commit();
    await writer;
    expect((await everyChange(token)).changed).toContain(id);
  });

  it("a transaction's write is a change of its account (balance) and its categories (counts), old and new", async () => {
    const row = await w.expense(w.eur, "9", { category_id: w.groceries });
    const accounts = await serverKnowledge(w.db, w.mine.workspace.id, "accounts");
    const categories = await serverKnowledge(w.db, w.mine.workspace.id, "categories");
    const changedOf = async (resource: "accounts" | "categories", since: string) =>
      (await readDelta(w.mine, resource, { since, limit: 50 })).changed;
    // (On a shared PostgreSQL server a token may stay lower for a while and answer older changes too.)
    const alone = w.db.kind === "pglite";
    if (alone) expect(await changedOf("accounts", accounts)).toEqual([]);
    await w.db.sql.exec(`UPDATE transactions SET category_id = NULL WHERE id = '${row.id}'`);
    expect(await changedOf("accounts", accounts)).toContain(w.eur);
    if (alone) expect(await changedOf("accounts", accounts)).not.toContain(w.savings);
    expect(await changedOf("categories", categories)).toContain(w.groceries);
    const later = await serverKnowledge(w.db, w.mine.workspace.id, "accounts");
    await w.db.sql.exec(`UPDATE wallets SET notes = 'renamed' WHERE id = '${w.walletId}'`);
    expect(await changedOf("accounts", later)).toEqual(expect.arrayContaining([w.eur, w.usd]));
  });

  it("a transaction's write is a change of its wallet, the goals saving into it and the budgets; an account's of its wallet", async () => {
    const goal = await w.db.prisma.goal.create({
      data: {
        workspaceId: w.mine.workspace.id,
        name: "Trip",
        rawName: "Trip",
        targetAmount: "500",
        currencyId: w.db.currencies.get("EUR")!,
        linkedWalletId: w.walletId,
      },
    });
    const knowledge = {
      wallets: await serverKnowledge(w.db, w.mine.workspace.id, "wallets"),
      goals: await serverKnowledge(w.db, w.mine.workspace.id, "goals"),
    };
    await w.expense(w.eur, "3");
    expect((await readDelta(w.mine, "wallets", { since: knowledge.wallets, limit: 50 })).changed).toContain(w.walletId);
    expect((await readDelta(w.mine, "goals", { since: knowledge.goals, limit: 50 })).changed).toContain(goal.id);
    const later = await serverKnowledge(w.db, w.mine.workspace.id, "wallets");
    await w.db.sql.exec(`UPDATE accounts SET iban = 'DE02120300000000202051' WHERE id = '${w.usd}'`);
    expect((await readDelta(w.mine, "wallets", { since: later, limit: 50 })).changed).toContain(w.walletId);
  });

  it("an account written to many times since the token comes once, on one page", async () => {
    const since = await serverKnowledge(w.db, w.mine.workspace.id, "accounts");
    for (let i = 0; i < 5; i += 1) await w.expense(w.savings, "1");
    const page = await readDelta(w.mine, "accounts", { since, limit: 1 });
    const all = [...page.changed];
    let next = page.nextCursor;
    while (next) {
      const more = await readDelta(w.mine, "accounts", { cursor: next, limit: 1 });
      all.push(...more.changed);
      next = more.nextCursor;
    }
    // Alone, once. On a shared server a token held lower may also answer the account's own row,
    // at its own transaction id: twice at most, never once per write.
    const times = all.filter((id) => id === w.savings).length;
    if (w.db.kind === "pglite") expect(times).toBe(1);
    else expect(times).toBeLessThanOrEqual(2);
  });

  it("since=0 reads the whole list by cursor, in change order, without deletions", async () => {
    const gone = await w.expense(w.eur, "11");
    await deleteTransaction({ ...w.mine, sideEffects: new SideEffects() }, { id: gone.id });
    const seen: string[] = [];
    let page = await readDelta(w.mine, "transactions", { since: "0", limit: 3 });
    expect(page.deleted).toEqual([]);
    for (;;) {
      seen.push(...page.changed);
      if (!page.nextCursor) break;
      page = await readDelta(w.mine, "transactions", { cursor: page.nextCursor, limit: 3 });
      expect(page.deleted).toEqual([]);
    }
    const all = await w.db.sql.query<{ id: string }>(`SELECT id::text FROM transactions WHERE workspace_id = $1`, [
      w.mine.workspace.id,
    ]);
    expect(seen.sort()).toEqual(all.map((row) => row.id).sort());
  });

  it("pages in the order of the transaction ids as numbers (99 before 100), so no page skips a change", async () => {
    const { id: model } = await w.theirExpense("Numbers");
    // Rows written with ids of two lengths (an insert may set change_xid; only updates are stamped).
    const [low, high] = await Promise.all(
      ["99", "100"].map(async (xid) => {
        const [row] = await w.db.sql.query<{ id: string }>(
          `INSERT INTO transactions (id, workspace_id, account_id, currency_id, type, date, amount, description, updated_at, change_xid)
           SELECT gen_random_uuid(), workspace_id, account_id, currency_id, type, date, amount, 'xid ' || $2, now(), $2::xid8
             FROM transactions WHERE id = $1 RETURNING id::text`,
          [model, xid],
        );
        return row!.id;
      }),
    );
    const fromTheStart = Buffer.from(JSON.stringify([1, "transactions", "1"])).toString("base64url");
    const seen: string[] = [];
    let page = await readDelta(w.theirs, "transactions", { since: fromTheStart, limit: 1 });
    for (;;) {
      seen.push(...page.changed);
      if (!page.nextCursor) break;
      page = await readDelta(w.theirs, "transactions", { cursor: page.nextCursor, limit: 1 });
    }
    const all = await w.db.sql.query<{ id: string }>(
      `SELECT id::text FROM transactions WHERE workspace_id = $1 ORDER BY change_xid, id`,
      [w.theirs.workspace.id],
    );
    expect(seen).toEqual(all.map((row) => row.id));
    expect(seen.slice(0, 2)).toEqual([low, high]);
  });

  it("a deleted row put back by Undo comes as changed, not as deleted", async () => {
    const row = await w.expense(w.eur, "4");
    await deleteTransaction({ ...w.mine, sideEffects: new SideEffects() }, { id: row.id });
    const afterDelete = await serverKnowledge(w.db, w.mine.workspace.id, "transactions");
    await restoreDeletedTransactions(w.mine, { ids: [row.id] });
    const delta = await everyChange(afterDelete);
    expect(delta.changed).toContain(row.id);
    expect(delta.deleted).not.toContain(row.id);
  });

  it("the token stays the same while the list does not change, whatever else the database does", async () => {
    const knowledge = () => serverKnowledge(w.db, w.mine.workspace.id, "transactions");
    const before = await knowledge();
    await w.theirExpense("Elsewhere");
    await w.db.sql.exec(`UPDATE categories SET name = name WHERE workspace_id = '${w.mine.workspace.id}'`);
    const after = await knowledge();
    // On a shared PostgreSQL server another connection's running transaction may hold the token lower
    // for a while (it is never above the oldest running transaction); alone, it does not move.
    if (w.db.kind === "pglite") expect(after).toBe(before);
    else
      expect(BigInt(tokenXid(after, "transactions"))).toBeGreaterThanOrEqual(BigInt(tokenXid(before, "transactions")));
    const row = await w.expense(w.eur, "5");
    expect((await everyChange(after)).changed).toContain(row.id);
  });

  it("refuses a token of another list, a forged one and one from the future (400), and one older than the purged deletions (410)", async () => {
    const token = await serverKnowledge(w.db, w.mine.workspace.id, "transactions");
    expect(() => tokenXid(token, "categories")).toThrow(/since: not a token this API returned/);
    expect(() => tokenXid("bm9wZQ", "transactions")).toThrow(/not a token/);
    const future = Buffer.from(JSON.stringify([1, "transactions", "999999999999"])).toString("base64url");
    await expect(readDelta(w.mine, "transactions", { since: future, limit: 10 })).rejects.toMatchObject({
      code: "VALIDATION_FAILED",
    });

    const row = await w.expense(w.eur, "6");
    await deleteTransaction({ ...w.mine, sideEffects: new SideEffects() }, { id: row.id });
    // 91 days later, maintenance forgets the deletion: a token from before it is 410, a new one is fine.
    await purgeSyncDeletions(w.db, new Date(Date.now() + 91 * 24 * 60 * 60 * 1000));
    await expect(readDelta(w.mine, "transactions", { since: token, limit: 10 })).rejects.toMatchObject({
      code: "SYNC_TOKEN_EXPIRED",
      status: 410,
    });
    // A token handed out now is above what was purged (never 410 at once), even while another
    // transaction of a shared server holds the snapshot's horizon lower.
    const fresh = await serverKnowledge(w.db, w.mine.workspace.id, "transactions");
    expect((await readDelta(w.mine, "transactions", { since: fresh, limit: 10 })).deleted).toEqual([]);
  });
});
