import type { Db } from "../../server/db/client";
import { createSystemCategories } from "../../server/domain/categories/system-categories";
import { hashPassword } from "../../server/domain/identity/password";
import { addDays, addMonths, dayToDate, startOfMonth } from "../../server/domain/time/calendar";
import type { SeededRandom } from "./random";

export const DEMO_EMAIL = "demo@example.com";
export const DEMO_PASSWORD = "demo-password-1234";
export const DEMO_TIMEZONE = "Europe/Berlin";
/** Months of history, the current month included. */
const HISTORY_MONTHS = 24;

export type AccountKey = "checking" | "savings" | "travelUsd" | "travelEur" | "creditCard";
type WalletKey = "checking" | "savings" | "travel" | "creditCard";
type DemoCurrency = "EUR" | "USD" | "GBP";

export interface DemoAccount {
  id: string;
  walletId: string;
  currencyId: string;
  name: string;
}

/** Everything later steps of the seed refer to. */
export interface DemoWorld {
  today: string;
  /** First day of the history (the first day of the month 23 months before today's). */
  start: string;
  userId: string;
  workspaceId: string;
  currencies: Record<DemoCurrency, string>;
  wallets: Record<WalletKey, string>;
  accounts: Record<AccountKey, DemoAccount>;
  /** Category id by system key or by the user category keys below; throws for an unknown key. */
  category(key: string): string;
  categoryCount: number;
  ids: SeededRandom;
}

/** A fixed time of day for a row created "on" a day, so re-seeding writes identical timestamps. */
export function stampOf(day: string, minutes = 9 * 60): Date {
  return new Date(dayToDate(day).getTime() + minutes * 60_000);
}

/** Check digits per ISO 13616 (mod 97), so the demo's IBANs pass validation. */
function iban(country: string, bban: string): string {
  const digits = `${bban}${country}00`.replace(/[A-Z]/g, (letter) => String(letter.charCodeAt(0) - 55));
  let remainder = 0;
  for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  return `${country}${String(98 - remainder).padStart(2, "0")}${bban}`;
}

const USER_CATEGORIES = [
  {
    key: "freelance",
    name: "Freelance",
    group: "Income",
    icon: "pen-tool",
    color: "#15803d",
    aliases: ["invoice", "Kessler Design"],
  },
  {
    key: "coffee",
    name: "Coffee",
    group: "Food & Drink",
    icon: "coffee",
    color: "#92400e",
    aliases: ["café", "espresso"],
  },
  { key: "pets", name: "Pets", group: "Living", icon: "paw-print", color: "#a16207", aliases: ["vet", "Fressnapf"] },
  { key: "photography", name: "Photography", group: "Leisure", icon: "camera", color: "#4b5563", archived: true },
] as const;

/** Removes a previous demo: the user's owned workspaces (their rows cascade) and the user. */
export async function removeDemo(db: Db): Promise<void> {
  const user = await db.prisma.user.findUnique({ where: { email: DEMO_EMAIL }, select: { id: true } });
  if (!user) return;
  const owned = await db.prisma.membership.findMany({
    where: { userId: user.id, role: "owner" },
    select: { workspaceId: true },
  });
  const workspaceIds = owned.map((membership) => membership.workspaceId);
  // Transactions first in one statement: by far the largest table, and it cascades from two parents.
  await db.sql.query("DELETE FROM transactions WHERE workspace_id = ANY($1::uuid[])", [workspaceIds]);
  await db.prisma.workspace.deleteMany({ where: { id: { in: workspaceIds } } });
  await db.prisma.user.delete({ where: { id: user.id } });
}

export async function createDemoWorld(
  db: Db,
  input: { today: string; currencyIds: Map<string, string>; ids: SeededRandom },
): Promise<DemoWorld> {
  const { prisma } = db;
  const { today, ids } = input;
  const start = startOfMonth(addMonths(today, -(HISTORY_MONTHS - 1)));
  const at = stampOf(start);
  const stamps = { createdAt: at, updatedAt: at };
  const currency = (code: DemoCurrency): string => {
    const id = input.currencyIds.get(code);
    if (!id) throw new Error(`Currency ${code} is missing; run ensureCurrencies first`);
    return id;
  };
  const currencies = { EUR: currency("EUR"), USD: currency("USD"), GBP: currency("GBP") };

  const userId = ids.uuid();
  const workspaceId = ids.uuid();
  await prisma.user.create({
    data: {
      id: userId,
      email: DEMO_EMAIL,
      name: "Demo User",
      passwordHash: await hashPassword(DEMO_PASSWORD),
      passwordChangedAt: at,
      ...stamps,
    },
  });
  const workspace = await prisma.workspace.create({
    data: {
      id: workspaceId,
      name: "Demo",
      timezone: DEMO_TIMEZONE,
      homeCurrencyId: currencies.EUR,
      plan: "free",
      ...stamps,
    },
  });
  await prisma.membership.create({ data: { id: ids.uuid(), workspaceId, userId, role: "owner", createdAt: at } });

  const system = await createSystemCategories({ db, workspace }, { newId: () => ids.uuid(), at });
  const categoryIds = new Map(system.categories.map((category) => [category.systemKey, category.id]));
  const groupIds = new Map(system.groups.map((group) => [group.name, group.id]));
  const userCategories = USER_CATEGORIES.map((definition, index) => ({
    id: ids.uuid(),
    workspaceId,
    groupId: groupIds.get(definition.group) ?? null,
    createdByUserId: userId,
    name: definition.name,
    iconName: definition.icon,
    accentColor: definition.color,
    aliases: "aliases" in definition ? [...definition.aliases] : [],
    order: system.categories.length + index,
    archivedAt: "archived" in definition ? stampOf(addMonths(start, 9)) : null,
    ...stamps,
  }));
  await prisma.category.createMany({ data: userCategories });
  USER_CATEGORIES.forEach((definition, index) => categoryIds.set(definition.key, userCategories[index]?.id ?? ""));

  const everyday = ids.uuid();
  const reserves = ids.uuid();
  await prisma.group.createMany({
    data: [
      { id: everyday, workspaceId, kind: "wallet", name: "Everyday", order: 0, ...stamps },
      { id: reserves, workspaceId, kind: "wallet", name: "Savings & travel", order: 1, ...stamps },
    ],
  });

  const wallets: Record<WalletKey, string> = {
    checking: ids.uuid(),
    savings: ids.uuid(),
    travel: ids.uuid(),
    creditCard: ids.uuid(),
  };
  const walletBase = { workspaceId, createdByUserId: userId, ...stamps };
  await prisma.wallet.createMany({
    data: [
      {
        ...walletBase,
        id: wallets.checking,
        groupId: everyday,
        name: "Everyday Checking",
        type: "bank",
        accountRole: "defaultAsset",
        icon: "landmark",
        accentColor: "#2563eb",
        order: 0,
        notes: "Salary account",
      },
      {
        ...walletBase,
        id: wallets.savings,
        groupId: reserves,
        name: "Savings",
        type: "savings",
        accountRole: "savingAsset",
        icon: "piggy-bank",
        accentColor: "#16a34a",
        order: 1,
        interest: "1.5000",
        interestPeriod: "yearly",
      },
      {
        ...walletBase,
        id: wallets.travel,
        groupId: reserves,
        name: "Travel",
        type: "bank",
        accountRole: "defaultAsset",
        icon: "plane",
        accentColor: "#0ea5e9",
        order: 2,
        notes: "Multi-currency travel account",
      },
      {
        ...walletBase,
        id: wallets.creditCard,
        groupId: everyday,
        name: "Credit Card",
        type: "credit_card",
        accountRole: "ccAsset",
        icon: "credit-card",
        accentColor: "#7c3aed",
        order: 3,
        liabilityType: "credit_card",
        liabilityDirection: "outgoing",
        creditCardType: "monthlyFull",
        creditLimit: "3000.0000",
        paymentDayOfMonth: 5,
        monthlyPaymentDate: 5,
        firstPaymentDate: dayToDate(addDays(addMonths(start, 1), 4)),
        interest: "0.0000",
        interestPeriod: "monthly",
      },
    ],
  });

  const accounts: Record<AccountKey, DemoAccount> = {
    checking: { id: ids.uuid(), walletId: wallets.checking, currencyId: currencies.EUR, name: "Everyday Checking" },
    savings: { id: ids.uuid(), walletId: wallets.savings, currencyId: currencies.EUR, name: "Savings" },
    travelUsd: { id: ids.uuid(), walletId: wallets.travel, currencyId: currencies.USD, name: "Travel (USD)" },
    travelEur: { id: ids.uuid(), walletId: wallets.travel, currencyId: currencies.EUR, name: "Travel (EUR)" },
    creditCard: { id: ids.uuid(), walletId: wallets.creditCard, currencyId: currencies.EUR, name: "Credit Card" },
  };
  const opening = { workspaceId, openingBalanceDate: dayToDate(start), ...stamps };
  const account = (key: AccountKey) => ({
    id: accounts[key].id,
    walletId: accounts[key].walletId,
    currencyId: accounts[key].currencyId,
  });
  await prisma.account.createMany({
    data: [
      {
        ...opening,
        ...account("checking"),
        openingBalance: "2450.0000",
        iban: "DE89370400440532013000",
        bic: "COBADEFFXXX",
        order: 0,
      },
      {
        ...opening,
        ...account("savings"),
        openingBalance: "8000.0000",
        iban: iban("DE", "500105175407324931"),
        bic: "INGDDEFFXXX",
        order: 0,
      },
      { ...opening, ...account("travelUsd"), openingBalance: "0.0000", accountNumber: "8310001144", order: 0 },
      {
        ...opening,
        ...account("travelEur"),
        openingBalance: "150.0000",
        iban: iban("BE", "967012345678"),
        bic: "TRWIBEB1XXX",
        order: 1,
      },
      {
        ...opening,
        ...account("creditCard"),
        openingBalance: "0.0000",
        accountNumber: "**** **** **** 4471",
        order: 0,
      },
    ],
  });

  return {
    today,
    start,
    userId,
    workspaceId,
    currencies,
    wallets,
    accounts,
    category(key) {
      const id = categoryIds.get(key);
      if (!id) throw new Error(`Unknown demo category ${key}`);
      return id;
    },
    categoryCount: categoryIds.size,
    ids,
  };
}
