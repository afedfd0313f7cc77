import { TRPCError } from "@trpc/server";
import { beforeAll, describe, expect, it } from "vitest";
import { createSystemCategories } from "../domain/categories/system-categories";
import { todayIn } from "../domain/time/calendar";
import { toAppError } from "../errors";
import { createTestSession, createTestWorkspace, useTestDatabase } from "../testing/fixtures";
import { createTRPCCaller } from "./shared/testing-caller";

const db = useTestDatabase();
let mine: ReturnType<typeof createTRPCCaller>;
let theirs: ReturnType<typeof createTRPCCaller>;
const today = todayIn("UTC");

async function failure(call: Promise<unknown>) {
  const error = await call.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(TRPCError);
  return { trpcCode: (error as TRPCError).code, app: toAppError(error as TRPCError) };
}

beforeAll(async () => {
  const owner = await createTestWorkspace(db);
  // The groups and system categories a sign-up gives a new workspace.
  await createSystemCategories(owner);
  mine = createTRPCCaller(db, await createTestSession(owner));
  theirs = createTRPCCaller(db, await createTestSession(await createTestWorkspace(db)));
});

describe("manage procedures (tRPC, session)", () => {
  it("reports invalid fields by their path, as the forms show them", async () => {
    const { trpcCode, app } = await failure(
      mine.wallets.create({
        name: "",
        accounts: [
          { currency_code: "EUR", opening_balance: "1.00", opening_balance_date: today },
          { currency_code: "eur", opening_balance: "12,30", opening_balance_date: "2026-02-30" },
        ],
      }),
    );
    expect(trpcCode).toBe("BAD_REQUEST");
    expect(app.code).toBe("VALIDATION_FAILED");
    expect(app.message).toContain("name: is required");
    expect(app.message).toContain("accounts.1.opening_balance: must be an amount such as 100.00 or -25.50");
    expect(app.message).toContain("accounts.1.opening_balance_date: must be a date (YYYY-MM-DD)");
  });

  it("creates, lists and hides wallets per workspace (404 for the other one)", async () => {
    const { id } = await mine.wallets.create({
      name: "Checking",
      accounts: [{ currency_code: "EUR", opening_balance: "100.00", opening_balance_date: today }],
    });
    const listed = await mine.wallets.list({});
    expect(listed.data.map((wallet) => [wallet.attributes.name, wallet.attributes.total_balance])).toEqual([
      ["Checking", "100.00"],
    ]);
    expect((await theirs.wallets.list({})).data).toEqual([]);
    const { trpcCode, app } = await failure(theirs.wallets.archive({ id }));
    expect([trpcCode, app.code]).toEqual(["NOT_FOUND", "RESOURCE_NOT_FOUND"]);

    const [account] = await mine.accounts.options();
    const archivedCategory = await mine.categories.create({ name: "Old hobby" });
    await mine.categories.archive({ id: archivedCategory.id });
    const refused = await failure(
      mine.transactions.create({
        account_id: account!.id,
        type: "expense",
        date: today,
        amount: "5",
        description: "x",
        category_id: archivedCategory.id,
      }),
    );
    expect([refused.trpcCode, refused.app.code]).toEqual(["UNPROCESSABLE_CONTENT", "DOMAIN_CONSTRAINT_VIOLATION"]);
  });

  it("lists the system categories of a new workspace in their groups", async () => {
    const { groups, categories } = await mine.categories.overview({});
    expect(groups.map((group) => group.name)).toContain("Food & Drink");
    const groceries = categories.find((category) => category.name === "Groceries");
    expect(groceries).toMatchObject({ is_system: true, is_archived: false, aliases: ["supermarket", "Lebensmittel"] });
    expect(groups.find((group) => group.id === groceries?.group_id)?.name).toBe("Food & Drink");
  });
});
