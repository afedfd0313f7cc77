import { randomUUID } from "node:crypto";
import { openBenchDatabase } from "./bench-database";
import { cleanUp } from "./cleanup";
import { prepareWorkspace } from "./import-setup";
import { readDelta } from "../server/domain/sync/changes";
import { serverKnowledge, tokenXid, checkedSince } from "../server/domain/sync/sync-token";
import { transactionsByIds } from "../server/domain/transactions/list-transactions";
import { writeTransactions } from "../server/domain/transactions/bulk-writes";
import { SideEffects } from "../server/domain/side-effects/side-effects";

const db = await openBenchDatabase("postgres");
const bench = await prepareWorkspace(db);
const wallet = await db.prisma.wallet.create({ data: { workspaceId: bench.workspace.id, name: "G" } });
const account = await db.prisma.account.create({ data: { workspaceId: bench.workspace.id, walletId: wallet.id, currencyId: bench.workspace.homeCurrencyId, openingBalance: "0", openingBalanceDate: new Date("2015-01-01") } });
await db.sql.query(`INSERT INTO transactions (id, workspace_id, account_id, currency_id, type, date, amount, description, external_id, updated_at)
  SELECT gen_random_uuid(), $1, $2, $3, 'expense', DATE '2016-01-01' + (i % 3000), -1.5, 'row ' || i, 'x' || i, now() FROM generate_series(1, 200000) i`, [bench.workspace.id, account.id, bench.workspace.homeCurrencyId]);
await db.sql.exec("ANALYZE");
const ctx = { db, workspace: bench.workspace };
const since = await serverKnowledge(db, bench.workspace.id, "transactions");
await db.sql.query(`UPDATE transactions SET notes='c' WHERE id IN (SELECT id FROM transactions ORDER BY id LIMIT 100)`);
const t = async (name: string, f: () => Promise<unknown>) => { for (let i = 0; i < 3; i++) await f(); const s = performance.now(); for (let i = 0; i < 10; i++) await f(); console.log(name, ((performance.now() - s) / 10).toFixed(1), "ms"); };
await t("knowledge", () => serverKnowledge(db, bench.workspace.id, "transactions"));
await t("checkedSince", () => checkedSince(db, bench.workspace.id, "transactions", tokenXid(since, "transactions")));
const d = await readDelta(ctx, "transactions", { since, limit: 200 });
await t("readDelta", () => readDelta(ctx, "transactions", { since, limit: 200 }));
await t("byIds(100)", () => transactionsByIds(ctx, d.changed));
const xid = tokenXid(since, "transactions");
const plan = await db.sql.query<{ "QUERY PLAN": string }>(`EXPLAIN ANALYZE SELECT id::text AS id, xid::text AS xid, "deletedAt" FROM (
       SELECT id, change_xid AS xid, NULL::timestamptz AS "deletedAt" FROM transactions
        WHERE workspace_id = $1::uuid AND change_xid >= $2::xid8 AND (change_xid, id) > ($3::xid8, $4::uuid)
       UNION ALL
       SELECT t.id, t.change_xid, NULL FROM sync_touches t
        WHERE t.workspace_id = $1::uuid AND t.resource = $5 AND t.change_xid >= $2::xid8
          AND (t.change_xid, t.id) > ($3::xid8, $4::uuid)
          AND EXISTS (SELECT 1 FROM transactions r WHERE r.id = t.id)
       UNION ALL
       SELECT d.id, d.change_xid, d.deleted_at FROM sync_deletions d
        WHERE d.workspace_id = $1::uuid AND d.resource = $5 AND d.change_xid >= $2::xid8
          AND (d.change_xid, d.id) > ($3::xid8, $4::uuid)
          AND NOT EXISTS (SELECT 1 FROM transactions r WHERE r.id = d.id)
     ) changes
     ORDER BY xid, id
     LIMIT $6`, [bench.workspace.id, xid, "0", "00000000-0000-0000-0000-000000000000", "transactions", 201]);
console.log(plan.map((r) => r["QUERY PLAN"]).join("\n"));
const explain = await db.sql.query<{ "QUERY PLAN": string }>(`EXPLAIN ANALYZE SELECT max(change_xid) FROM transactions WHERE workspace_id = $1`, [bench.workspace.id]);
console.log(explain.map((r) => r["QUERY PLAN"]).join("\n"));
const rows = () => Array.from({ length: 500 }, (_, i) => ({ account_id: account.id, date: "2026-03-01", amount: "-1.50", description: `B ${i}`, counterparty: null, notes: null, external_id: `b-${randomUUID()}` }));
class R extends Error {}
await t("write500", () => db.transaction(async (tx) => { await writeTransactions({ db: tx, workspace: bench.workspace, userId: bench.userId, sideEffects: new SideEffects() }, rows()); throw new R(); }).catch((e) => { if (!(e instanceof R)) throw e; }));
await t("createMany500", () => db.transaction(async (tx) => { await tx.prisma.transaction.createMany({ data: rows().map((r) => ({ id: randomUUID(), workspaceId: bench.workspace.id, accountId: account.id, currencyId: bench.workspace.homeCurrencyId, type: "expense" as const, date: new Date("2026-03-01"), amount: "-1.5", description: r.description, counterparty: null, notes: null, categoryId: null, externalId: r.external_id, createdByUserId: bench.userId })) }); throw new R(); }).catch((e) => { if (!(e instanceof R)) throw e; }));
await t("findMany500", async () => { const ids = (await db.sql.query<{id:string}>("select id::text from transactions limit 500")).map(r=>r.id); await db.prisma.transaction.findMany({ where: { id: { in: ids } }, select: { id: true, accountId: true, amount: true, date: true, description: true, counterparty: true, notes: true, categoryId: true, externalId: true, type: true, transferPeerId: true } }); });
await cleanUp();
process.exit();
