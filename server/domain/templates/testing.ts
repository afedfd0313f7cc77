/**
 * The template tests' workspaces: mine and another, each with the wallets Checking (EUR) and Travel
 * (USD first, then EUR) and the category Groceries. `useTemplateWorkspaces()` registers the hooks
 * and answers the live fixture.
 */
import { randomUUID } from "node:crypto";
import { beforeAll } from "vitest";
import { useTemplateInput, type UseTemplateInput } from "../../routers/transaction-templates/schemas";
import { createTestWorkspace, useTestDatabase, type TestDatabase, type TestWorkspace } from "../../testing/fixtures";
import { SideEffects } from "../side-effects/side-effects";
import { useTemplate } from "./use-template";

interface World extends TestWorkspace {
  checking: { walletId: string; eur: string };
  travel: { walletId: string; usd: string; eur: string };
  groceries: string;
}

interface TemplateData {
  direction: "expense" | "income" | "transfer";
  sourceWalletId?: string;
  targetWalletId?: string;
  categoryId?: string;
  amountMinor?: bigint;
  currency?: string;
}

interface TemplateWorkspaces {
  db: TestDatabase;
  mine: World;
  other: World;
  createWorld(): Promise<World>;
  /** A saved template "Weekly shop" of `world`. */
  template(world: World, data: TemplateData): ReturnType<TestDatabase["prisma"]["transactionTemplate"]["create"]>;
  /** A transfer template of `world` from Checking to Travel, in EUR. */
  transferTemplate(world: World): ReturnType<TemplateWorkspaces["template"]>;
  /** Books from a template on 2026-03-10, 12.30, "Weekly shop" unless `input` says otherwise. */
  use(world: World, input: Partial<UseTemplateInput> & { id: string }, now?: Date): ReturnType<typeof useTemplate>;
  /** How often the template was used, when last, and how many transactions carry it. */
  usage(id: string): Promise<{ count: number; lastUsedAt: Date | null; booked: number }>;
}

export function useTemplateWorkspaces(): TemplateWorkspaces {
  const db = useTestDatabase();
  const fixture = { db } as TemplateWorkspaces;

  fixture.createWorld = async () => {
    const owned = await createTestWorkspace(db, { name: "Mine", timezone: "Europe/Berlin" });
    const workspaceId = owned.workspace.id;
    const account = (walletId: string, code: string, order: number) =>
      db.prisma.account
        .create({ data: { workspaceId, walletId, currencyId: db.currencies.get(code)!, order } })
        .then((created) => created.id);
    const checking = await db.prisma.wallet.create({ data: { workspaceId, name: "Checking" } });
    const travel = await db.prisma.wallet.create({ data: { workspaceId, name: "Travel" } });
    const category = await db.prisma.category.create({ data: { workspaceId, name: "Groceries" } });
    return {
      ...owned,
      checking: { walletId: checking.id, eur: await account(checking.id, "EUR", 0) },
      // USD is the wallet's first account: a template in EUR must still book on the EUR one.
      travel: { walletId: travel.id, usd: await account(travel.id, "USD", 0), eur: await account(travel.id, "EUR", 1) },
      groceries: category.id,
    };
  };
  fixture.template = (world, data) => {
    const { currency, ...rest } = data;
    return db.prisma.transactionTemplate.create({
      data: {
        workspaceId: world.workspace.id,
        name: `T ${randomUUID().slice(0, 6)}`,
        description: "Weekly shop",
        notes: "from the template",
        tags: ["t"],
        currencyId: currency ? db.currencies.get(currency)! : null,
        ...rest,
      },
    });
  };
  fixture.transferTemplate = (world) =>
    fixture.template(world, {
      direction: "transfer",
      sourceWalletId: world.checking.walletId,
      targetWalletId: world.travel.walletId,
      currency: "EUR",
    });
  fixture.use = (world, input, now) => {
    const parsed = useTemplateInput.parse({
      date: "2026-03-10",
      amount: "12.30",
      description: "Weekly shop",
      ...input,
    });
    return useTemplate(
      { db, workspace: world.workspace, userId: world.userId, sideEffects: new SideEffects(), now },
      parsed,
    );
  };
  fixture.usage = async (id) => {
    const row = await db.prisma.transactionTemplate.findUniqueOrThrow({ where: { id } });
    return {
      count: row.usageCount,
      lastUsedAt: row.lastUsedAt,
      booked: await db.prisma.transaction.count({ where: { templateId: id } }),
    };
  };

  beforeAll(async () => {
    fixture.mine = await fixture.createWorld();
    fixture.other = await fixture.createWorld();
  });
  return fixture;
}
