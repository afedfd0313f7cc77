import { beforeAll, describe, expect, it } from "vitest";
import { addAccountInput, createWalletInput, updateWalletInput } from "../../routers/wallets/schemas";
import { createTransactionInput } from "../../routers/transactions/schemas";
import { createTestWorkspace, useTestDatabase } from "../../testing/fixtures";
import { listAccounts } from "../accounts/list-accounts";
import { createGroup } from "../groups/manage-groups";
import type { WorkspaceContext } from "../workspace-context";
import { expectAppError } from "../manage-testing";
import { addDays, todayIn } from "../time/calendar";
import { createTransaction } from "../transactions/write-transactions";
import { addAccount, createWallet, setOpeningBalance, setWalletArchived, updateWallet } from "./manage-wallets";
import { getWallet } from "./read-wallets";

const db = useTestDatabase();
let mine: WorkspaceContext & { userId: string };
let theirs: WorkspaceContext & { userId: string };
const today = todayIn("UTC");
const lastWeek = addDays(today, -7);

const travelWallet = (overrides: Record<string, unknown> = {}) =>
  createWalletInput.parse({
    name: "Travel",
    type: "bank",
    accounts: [
      { currency_code: "EUR", opening_balance: "100.00", opening_balance_date: lastWeek },
      { currency_code: "usd", opening_balance: "50", opening_balance_date: lastWeek },
    ],
    ...overrides,
  });

const balances = async (context: WorkspaceContext, id: string) =>
  Object.fromEntries(
    (await getWallet(context, id)).attributes.accounts.map((account) => [
      account.currency.code,
      account.current_balance,
    ]),
  );

beforeAll(async () => {
  mine = await createTestWorkspace(db);
  theirs = await createTestWorkspace(db);
});

describe("createWallet", () => {
  it("creates one account per currency whose balances start at the opening balances", async () => {
    const { id, version } = await createWallet(mine, travelWallet());
    expect(version).toBe(1);
    const wallet = await getWallet(mine, id);
    expect(
      wallet.attributes.accounts.map((account) => [
        account.currency.code,
        account.opening_balance,
        account.opening_balance_date,
      ]),
    ).toEqual([
      ["EUR", "100.00", lastWeek],
      ["USD", "50.00", lastWeek],
    ]);
    expect(await balances(mine, id)).toEqual({ EUR: "100.00", USD: "50.00" });

    const eur = wallet.attributes.accounts[0]!.id;
    await createTransaction(
      mine,
      createTransactionInput.parse({
        account_id: eur,
        type: "expense",
        date: today,
        amount: "12.30",
        description: "Lunch",
      }),
    );
    expect(await balances(mine, id)).toEqual({ EUR: "87.70", USD: "50.00" });
    expect((await getWallet(mine, id)).attributes.total_balance).toBe("87.70"); // USD has no rate to EUR yet
  });

  it("refuses a second account in the same currency with 422 (and the form schema names the row)", async () => {
    // The domain is called by more than the form, so it checks again what the schema already refuses.
    const input = {
      ...travelWallet(),
      accounts: [
        { currency_code: "EUR", opening_balance: "1", opening_balance_date: today },
        { currency_code: "EUR", opening_balance: "2", opening_balance_date: today },
      ],
    };
    await expectAppError(createWallet(mine, input), "DOMAIN_CONSTRAINT_VIOLATION", /one account per currency/);
    const parsed = createWalletInput.safeParse(input);
    expect(parsed.error?.issues.map((issue) => issue.path.join("."))).toEqual(["accounts.1.currency_code"]);
  });

  it("names the field of an unknown currency or of more decimals than the currency has", async () => {
    await expectAppError(
      createWallet(mine, travelWallet({ accounts: [{ currency_code: "XXX", opening_balance_date: today }] })),
      "VALIDATION_FAILED",
      /accounts\.0\.currency_code: XXX is not a supported currency/,
    );
    await expectAppError(
      createWallet(
        mine,
        travelWallet({ accounts: [{ currency_code: "JPY", opening_balance: "10.5", opening_balance_date: today }] }),
      ),
      "VALIDATION_FAILED",
      /accounts\.0\.opening_balance: JPY amounts have no decimal places/,
    );
  });

  it("takes only a wallet group of the caller's workspace", async () => {
    const foreignGroup = await createGroup(theirs, "wallet", { name: "Theirs" });
    await expectAppError(createWallet(mine, travelWallet({ group_id: foreignGroup.id })), "RESOURCE_NOT_FOUND");
    const group = await createGroup(mine, "wallet", { name: "Everyday" });
    const { id } = await createWallet(mine, travelWallet({ group_id: group.id }));
    expect((await getWallet(mine, id)).attributes.group_id).toBe(group.id);
    await expectAppError(
      createGroup(mine, "wallet", { name: "everyday" }),
      "DOMAIN_CONSTRAINT_VIOLATION",
      /already exists/,
    );
  });
});

describe("changing a wallet", () => {
  it("bumps the version on every edit, new account and opening balance", async () => {
    const { id } = await createWallet(mine, travelWallet());
    const edited = await updateWallet(
      mine,
      updateWalletInput.parse({
        id,
        name: "Holidays",
        type: "savings",
        accent_color: "#16A34A",
        notes: "  ",
        include_net_worth: false,
        order: 3,
      }),
    );
    expect(edited.version).toBe(2);
    const wallet = (await getWallet(mine, id)).attributes;
    expect(wallet).toMatchObject({
      name: "Holidays",
      type: "savings",
      accent_color: "#16a34a",
      notes: null,
      include_net_worth: false,
      order: 3,
      version: 2,
    });

    const added = await addAccount(
      mine,
      addAccountInput.parse({
        wallet_id: id,
        currency_code: "GBP",
        opening_balance: "-20.5",
        opening_balance_date: today,
      }),
    );
    expect(added.walletVersion).toBe(3);
    await expectAppError(
      addAccount(mine, addAccountInput.parse({ wallet_id: id, currency_code: "GBP", opening_balance_date: today })),
      "DOMAIN_CONSTRAINT_VIOLATION",
      /already has an account in GBP/,
    );
    const reset = await setOpeningBalance(mine, {
      account_id: added.id,
      opening_balance: "10.00",
      opening_balance_date: lastWeek,
    });
    expect(reset.version).toBe(4);
    expect(await balances(mine, id)).toMatchObject({ GBP: "10.00" });
  });

  it("archives and unarchives: an archived wallet's accounts take no new transactions", async () => {
    const { id } = await createWallet(mine, travelWallet({ name: "Old bank" }));
    const eur = (await getWallet(mine, id)).attributes.accounts[0]!.id;
    const archived = await setWalletArchived(mine, id, true);
    expect((await getWallet(mine, id)).attributes).toMatchObject({ is_archived: true, version: archived.version });
    const listed = await listAccounts(mine, { mode: "page", page: 1, limit: 200 });
    expect(listed.items.map((account) => account.id)).not.toContain(eur);
    await expectAppError(
      createTransaction(
        mine,
        createTransactionInput.parse({ account_id: eur, type: "income", date: today, amount: "1", description: "x" }),
      ),
      "DOMAIN_CONSTRAINT_VIOLATION",
      /archived wallets take no new transactions/,
    );
    await expectAppError(
      addAccount(mine, addAccountInput.parse({ wallet_id: id, currency_code: "CHF", opening_balance_date: today })),
      "DOMAIN_CONSTRAINT_VIOLATION",
    );
    await setWalletArchived(mine, id, false);
    expect((await getWallet(mine, id)).attributes.is_archived).toBe(false);
  });

  it("answers 404 for a wallet or account of another workspace and changes nothing", async () => {
    const { id } = await createWallet(theirs, travelWallet({ name: "Not yours" }));
    const account = (await getWallet(theirs, id)).attributes.accounts[0]!.id;
    await expectAppError(updateWallet(mine, updateWalletInput.parse({ id, name: "Mine now" })), "RESOURCE_NOT_FOUND");
    await expectAppError(setWalletArchived(mine, id, true), "RESOURCE_NOT_FOUND");
    await expectAppError(
      addAccount(mine, addAccountInput.parse({ wallet_id: id, currency_code: "CHF", opening_balance_date: today })),
      "RESOURCE_NOT_FOUND",
    );
    await expectAppError(
      setOpeningBalance(mine, { account_id: account, opening_balance: "0", opening_balance_date: today }),
      "RESOURCE_NOT_FOUND",
    );
    expect((await getWallet(theirs, id)).attributes).toMatchObject({
      name: "Not yours",
      version: 1,
      is_archived: false,
    });
  });
});
