/**
 * bench:import's database: a migrated workspace with the bench's categories, and accounts holding
 * transactions in a statement's date range (inserted in bulk, outside any measurement).
 */
import { randomUUID } from "node:crypto";
import { ensureCurrencies } from "../prisma/seed";
import type { Database, Db } from "../server/db/client";
import { applyMigrations, readMigrations } from "../server/db/migrate";
import type { WorkspaceRef } from "../server/domain/identity/authenticate";
import { dayToDate } from "../server/domain/time/calendar";
import { CATEGORY_NAMES, type BenchRow } from "./import-data";

export interface BenchWorkspace {
  workspace: WorkspaceRef;
  userId: string;
}

export async function prepareWorkspace(db: Db): Promise<BenchWorkspace> {
  await applyMigrations(db.sql, await readMigrations());
  const currencies = await ensureCurrencies(db);
  const user = await db.prisma.user.create({ data: { email: `${randomUUID()}@example.com`, passwordHash: "x" } });
  const row = await db.prisma.workspace.create({
    data: { name: "Bench imports", homeCurrencyId: currencies.get("EUR")!, timezone: "Europe/Berlin" },
  });
  await db.prisma.category.createMany({ data: CATEGORY_NAMES.map((name) => ({ workspaceId: row.id, name })) });
  return {
    workspace: { id: row.id, timezone: row.timezone, homeCurrencyId: row.homeCurrencyId, plan: "free" },
    userId: user.id,
  };
}

/** A new account of a new wallet holding `existing` as transactions; its opening balance date is the day before `firstDay`. */
export async function createAccount(
  db: Database,
  { workspace }: BenchWorkspace,
  name: string,
  existing: readonly BenchRow[],
  firstDay: string,
) {
  const wallet = await db.prisma.wallet.create({ data: { workspaceId: workspace.id, name } });
  const opening = new Date(dayToDate(firstDay).getTime() - 86_400_000);
  const account = await db.prisma.account.create({
    data: {
      workspaceId: workspace.id,
      walletId: wallet.id,
      currencyId: workspace.homeCurrencyId,
      openingBalance: "1000.00",
      openingBalanceDate: opening,
    },
  });
  for (let offset = 0; offset < existing.length; offset += 5_000) {
    const batch = existing.slice(offset, offset + 5_000);
    await db.sql.query(
      `INSERT INTO transactions (id, workspace_id, account_id, currency_id, type, date, amount, description, counterparty, created_at, updated_at)
       SELECT gen_random_uuid(), $1::uuid, $2::uuid, $3::uuid, CASE WHEN a < 0 THEN 'expense' ELSE 'income' END::"TransactionType", d, a, t, c, now(), now()
         FROM unnest($4::date[], $5::numeric[], $6::text[], $7::text[]) AS u(d, a, t, c)`,
      [
        workspace.id,
        account.id,
        account.currencyId,
        batch.map((r) => r.date),
        batch.map((r) => r.amount),
        batch.map((r) => r.description),
        batch.map((r) => r.counterparty),
      ],
    );
  }
  if (db.kind === "postgres") await db.sql.exec("ANALYZE transactions");
  return { id: account.id, currencyId: account.currencyId };
}
