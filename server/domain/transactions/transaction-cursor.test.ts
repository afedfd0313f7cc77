import { beforeAll, describe, expect, it } from "vitest";
import { AppError } from "../../errors";
import { listTransactionsInput, TRANSACTION_SORTS } from "../../routers/transactions/schemas";
import { SideEffects } from "../side-effects/side-effects";
import { addDays } from "../time/calendar";
import { writeTransactions } from "./bulk-writes";
import { listTransactions } from "./list-transactions";
import { today, useTransactionsWorkspace } from "./testing";

const w = useTransactionsWorkspace();
let account: string;

const list = (query: Record<string, unknown>) => listTransactions(w.mine, listTransactionsInput.parse(query));

/** Every id of the list with these filters, read by cursor `limit` at a time. */
async function byCursor(query: Record<string, unknown>, limit: number): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | undefined;
  for (let pages = 0; pages < 100; pages++) {
    const page = await list({ ...query, limit, ...(cursor ? { cursor } : {}) });
    ids.push(...page.items.map((row) => row.id));
    if (!page.nextCursor) return ids;
    cursor = page.nextCursor;
  }
  throw new Error("the cursor never ended");
}

async function write(rows: Array<{ amount: string; description: string; counterparty?: string; day: number }>) {
  await writeTransactions(
    { ...w.mine, sideEffects: new SideEffects() },
    rows.map((row) => ({
      account_id: account,
      date: addDays(today, row.day),
      amount: row.amount,
      description: row.description,
      counterparty: row.counterparty ?? null,
      notes: null,
      category_id: row.description.startsWith("R") ? w.groceries : undefined,
    })),
  );
}

beforeAll(async () => {
  account = (await w.accountsOf(w.mine, "Keyset", ["EUR"])).accounts[0]!;
  // Ties on every sorted field: equal days, amounts, texts, empty counterparties and categories; written in one
  // statement, so several share their entry time too and only the id tells them apart.
  await write(
    Array.from({ length: 23 }, (_, index) => ({
      amount: index % 4 === 0 ? "-5.00" : `-${(index % 7) + 1}.25`,
      description: index % 3 === 0 ? "Rewe" : `Shop ${index % 5}`,
      counterparty: index % 2 === 0 ? `Payee ${index % 3}` : undefined,
      day: -(index % 4),
    })),
  );
});

describe("cursor pages of the transaction list", () => {
  for (const sort of TRANSACTION_SORTS) {
    for (const order of ["asc", "desc"] as const) {
      it(`walks sort=${sort} order=${order} in pages of 4 exactly as one page lists it`, async () => {
        const query = { account_id: account, sort, order };
        const whole = (await list({ ...query, limit: 200 })).items.map((row) => row.id);
        expect(whole).toHaveLength(23);
        expect(await byCursor(query, 4)).toEqual(whole);
      });
    }
  }

  it("skips and repeats no row when rows are added between pages", async () => {
    const query = { account_id: account };
    const before = (await list({ ...query, limit: 200 })).items.map((row) => row.id);
    const first = await list({ ...query, limit: 5 });
    // Newer rows (they sort first) and older ones (they sort after the page) arrive before the next page.
    await write([
      { amount: "-1.00", description: "Late new", day: 0 },
      { amount: "-1.00", description: "Late old", day: -20 },
    ]);
    const rest = await byCursor({ ...query, cursor: first.nextCursor }, 5);
    const seen = [...first.items.map((row) => row.id), ...rest];
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.filter((id) => before.includes(id))).toEqual(before);
  });

  it("answers the next page's cursor in page mode too, and none on the last page", async () => {
    const page = await list({ account_id: account, page: 1, limit: 10 });
    expect(page.total).toBeGreaterThan(10);
    const next = await list({ account_id: account, cursor: page.nextCursor, limit: 10 });
    const pageTwo = await list({ account_id: account, page: 2, limit: 10 });
    expect(next.items.map((row) => row.id)).toEqual(pageTwo.items.map((row) => row.id));
    expect((await list({ account_id: account, limit: 200 })).nextCursor).toBeNull();
  });

  it("refuses a cursor with other filters or sort, a forged one, and one beside page", async () => {
    const { nextCursor } = await list({ account_id: account, limit: 2 });
    const refusal = async (query: Record<string, unknown>) => {
      const error = await list(query).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(AppError);
      return error as AppError;
    };
    expect((await refusal({ account_id: account, search: "rewe", cursor: nextCursor })).message).toContain(
      "another sort, order or filters",
    );
    expect((await refusal({ account_id: account, sort: "amount", cursor: nextCursor })).code).toBe("VALIDATION_FAILED");
    expect((await refusal({ cursor: "bm90LWEtY3Vyc29y" })).message).toContain("cursor: not a cursor");
    // Made up with the right filters but values no row of the sort can have: refused, never a database error.
    const [version, fingerprint, , day, createdAt, id] = JSON.parse(
      Buffer.from((await list({ sort: "amount", limit: 1 })).nextCursor!, "base64url").toString(),
    ) as unknown[];
    const forge = (value: unknown, rowId = id) =>
      Buffer.from(JSON.stringify([version, fingerprint, value, day, createdAt, rowId])).toString("base64url");
    const forgeDay = (bad: unknown, at = 3) => {
      const parts = [version, fingerprint, "1.00", day, createdAt, id];
      parts[at] = bad;
      return Buffer.from(JSON.stringify(parts)).toString("base64url");
    };
    const badTimes = [forgeDay("2026-02-30"), forgeDay("0000-00-00"), forgeDay("-271821-04-20T00:00:00.000Z", 4)];
    for (const cursor of [forge(null), forge("abc"), forge("1.0", "-".repeat(36)), ...badTimes])
      expect((await refusal({ sort: "amount", cursor })).message).toContain("cursor: not a cursor");
    expect((await refusal({ cursor: nextCursor, page: 1 })).code).toBe("PROGRAMMATIC_PAGINATION_MODE_CONFLICT");
    // Another workspace's cursor reads nothing of this one: its filters differ, or its rows are not there.
    const theirs = await listTransactions(
      w.theirs,
      listTransactionsInput.parse({ cursor: nextCursor, account_id: account }),
    );
    expect(theirs.items).toEqual([]);
  });
});
