import { createHash, randomUUID } from "node:crypto";
import { TRPCError } from "@trpc/server";
import { beforeAll, describe, expect, it } from "vitest";
import { createImport } from "../domain/imports/create-import";
import { parseStatementFile } from "../domain/imports/parse-file";
import { SideEffects } from "../domain/side-effects/side-effects";
import { todayIn } from "../domain/time/calendar";
import { toAppError } from "../errors";
import { drainImports } from "../jobs/import-worker";
import { createTestSession, createTestWorkspace, useTestDatabase, type TestWorkspace } from "../testing/fixtures";
import { createTRPCCaller } from "./shared/testing-caller";

/** The imports and templates pages' session procedures: what they answer, and that a workspace sees only its own. */

const db = useTestDatabase();
let mine: ReturnType<typeof createTRPCCaller>;
let theirs: ReturnType<typeof createTRPCCaller>;
let me: TestWorkspace;
let walletId: string;
let accountId: string;
const today = todayIn("UTC");

async function failure(call: Promise<unknown>) {
  const error = await call.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(TRPCError);
  return toAppError(error as TRPCError).code;
}

beforeAll(async () => {
  me = await createTestWorkspace(db);
  mine = createTRPCCaller(db, await createTestSession(me));
  theirs = createTRPCCaller(db, await createTestSession(await createTestWorkspace(db)));
  const wallet = await db.prisma.wallet.create({ data: { workspaceId: me.workspace.id, name: "Checking" } });
  walletId = wallet.id;
  accountId = (
    await db.prisma.account.create({
      data: { workspaceId: me.workspace.id, walletId, currencyId: db.currencies.get("EUR")! },
    })
  ).id;
});

/** What the dashboard's upload route does once the session is checked. */
async function uploaded(csv: string) {
  const bytes = Buffer.from(csv, "utf8");
  const parsed = await parseStatementFile(bytes, "week.csv", { defaultCurrencyCode: "EUR" });
  const file = {
    name: "week.csv",
    bytes,
    size: bytes.length,
    sha256: createHash("sha256").update(bytes).digest("hex"),
  };
  return createImport({ ...me, sideEffects: new SideEffects() }, { accountId, file, parsed });
}

describe("imports and the import operations with a session", () => {
  it("lists the accounts, shows the preview, confirms and reports the counts", async () => {
    expect(await mine.imports.accounts()).toEqual([
      { id: accountId, name: "Checking", currency_code: "EUR", has_transactions: false },
    ]);
    expect(await theirs.imports.accounts()).toEqual([]);

    const job = await uploaded(`Date;Description;Amount\n${today};Bakery;-3,20\n${today};Refund;10,00\n`);
    const shown = await mine.imports.get({ id: job.id });
    expect(shown.data.attributes.preview.map((row) => [row.amount, row.state])).toEqual([
      ["-3.20", "new"],
      ["10.00", "new"],
    ]);
    expect(await failure(theirs.imports.get({ id: job.id }))).toBe("RESOURCE_NOT_FOUND");
    expect(await failure(theirs.imports.confirm({ id: job.id }))).toBe("RESOURCE_NOT_FOUND");

    const confirmed = await mine.imports.confirm({ id: job.id, skip_duplicates: true });
    expect(confirmed.data.attributes.status).toBe("queued");
    expect(confirmed.side_effects).toEqual([
      {
        domain: "import_jobs",
        id: job.id,
        action: "upsert",
        data: { status: "queued", skip_duplicates: true, adjust_opening_balance: true },
      },
    ]);
    expect(await failure(mine.imports.confirm({ id: job.id }))).toBe("IMPORT_STATE_CONFLICT");
    await drainImports(db);
    // Booked, the account's history has begun: its next statement is no longer its first.
    expect((await mine.imports.accounts())[0]!.has_transactions).toBe(true);

    const listed = await mine.imports.list({});
    expect(listed.meta).toMatchObject({ page: 1, total: 1 });
    const [latest] = listed.data;
    expect(latest!.id).toBe(job.id);
    expect(latest!.attributes).toMatchObject({
      account_name: "Checking",
      status: "completed",
      total_rows: 2,
      imported_count: 2,
      skipped_count: 0,
    });
    expect(latest!.attributes.completed_at).not.toBeNull();
    expect((await mine.imports.list({ status: "parsed" })).data).toEqual([]);
    expect((await theirs.imports.list({})).data).toEqual([]);

    // Undo: the booked rows go, the job is reverted, and a second undo is refused.
    expect(await failure(theirs.imports.revert({ id: job.id }))).toBe("RESOURCE_NOT_FOUND");
    const reverted = await mine.imports.revert({ id: job.id });
    expect(reverted.data.attributes.status).toBe("reverted");
    expect(
      reverted.side_effects.filter((effect) => effect.domain === "transactions" && effect.action === "delete"),
    ).toHaveLength(2);
    expect(await db.prisma.transaction.count({ where: { importJobId: job.id } })).toBe(0);
    expect(await failure(mine.imports.revert({ id: job.id }))).toBe("IMPORT_STATE_CONFLICT");
  });
});

describe("transactionTemplates", () => {
  it("creates a template, lists it with its prefill, and books from it once per use", async () => {
    const created = await mine.transactionTemplates.create({
      direction: "expense",
      name: "Coffee",
      source_wallet_id: walletId,
      amount_minor: "320",
      currency_code: "eur",
    });
    expect(created.data).toMatchObject({
      name: "Coffee",
      usageCount: 0,
      lastUsedAt: null,
      fields: { amountMinor: "320", currencyCode: "EUR" },
    });
    expect(created.side_effects).toEqual([
      {
        domain: "transaction_templates",
        id: created.data.id,
        action: "create",
        data: { name: "Coffee", direction: "expense", usage_count: 0 },
      },
    ]);

    const [listed] = (await mine.transactionTemplates.list()).data;
    expect(listed!.prefill).toMatchObject({
      source_account_id: accountId,
      target_account_id: null,
      amount: "3.20",
      currency_code: "EUR",
      description: "Coffee",
    });
    expect((await theirs.transactionTemplates.list()).data).toEqual([]);
    const choices = await mine.transactionTemplates.choices();
    expect(choices.wallets).toEqual([
      {
        id: walletId,
        name: "Checking",
        accounts: [{ id: accountId, name: "Checking", currency_code: "EUR", decimal_places: 2 }],
      },
    ]);

    const used = await mine.transactionTemplates.use({
      id: created.data.id,
      date: today,
      amount: listed!.prefill.amount!,
      description: "Coffee",
      source_account_id: accountId,
    });
    expect(used.data.transactions).toEqual([
      { id: expect.any(String), account_id: accountId, amount: "-3.20", currency_code: "EUR", transfer_peer_id: null },
    ]);
    expect(used.data.template.usage_count).toBe(1);
    expect(used.side_effects.map((effect) => [effect.domain, effect.action])).toEqual([
      ["transactions", "create"],
      ["transaction_templates", "upsert"],
    ]);
    expect((await mine.transactionTemplates.list()).data[0]).toMatchObject({
      usageCount: 1,
      lastUsedAt: used.data.template.last_used_at,
    });

    expect(
      await failure(
        theirs.transactionTemplates.use({ id: created.data.id, date: today, amount: "1.00", description: "x" }),
      ),
    ).toBe("RESOURCE_NOT_FOUND");
    expect(
      await failure(mine.transactionTemplates.create({ direction: "income", name: "Bad", source_wallet_id: walletId })),
    ).toBe("DOMAIN_CONSTRAINT_VIOLATION");
    expect(
      await failure(mine.transactionTemplates.use({ id: randomUUID(), date: today, amount: "0", description: "x" })),
    ).toBe("VALIDATION_FAILED");
  });
});
