import { AppError } from "../../errors";
import type { CreateTemplateInput } from "../../routers/transaction-templates/schemas";
import type { WorkspaceContext, WorkspaceTransaction } from "../workspace-context";
import { templateView, type TemplateView } from "./template-view";

function violation(message: string): AppError {
  return new AppError("DOMAIN_CONSTRAINT_VIOLATION", message);
}

/** An active asset wallet of the workspace with its currencies; the same 422 for a foreign or unknown id. */
async function usableWallet({ db, workspace }: WorkspaceContext, id: string, field: string) {
  const wallet = await db.prisma.wallet.findFirst({
    where: { id, workspaceId: workspace.id, accountType: "asset", archivedAt: null },
    include: { accounts: { where: { active: true }, select: { currencyId: true } } },
  });
  if (!wallet) throw violation(`${field}: no active wallet with this id in the workspace.`);
  return wallet;
}

/**
 * Endpoint 2: a user-saved template. Wallet roles follow the direction (CONTRACT "Templates"):
 * an expense is paid from the source wallet, income arrives in the target wallet, a transfer
 * needs both, and they must differ.
 */
export async function createTemplate(
  { db, workspace, userId, sideEffects }: WorkspaceTransaction & { userId: string },
  input: CreateTemplateInput,
): Promise<TemplateView> {
  if (input.direction === "expense" && input.target_wallet_id) {
    throw violation("target_wallet_id: an expense is paid from source_wallet_id; it has no target wallet.");
  }
  if (input.direction === "income" && input.source_wallet_id) {
    throw violation("source_wallet_id: income arrives in target_wallet_id; it has no source wallet.");
  }
  if (input.direction === "transfer") {
    if (!input.source_wallet_id || !input.target_wallet_id) {
      throw violation("source_wallet_id, target_wallet_id: a transfer template names both wallets.");
    }
    if (input.source_wallet_id === input.target_wallet_id) {
      throw violation("target_wallet_id: a transfer moves money between two different wallets.");
    }
  }
  if (input.amount_minor !== undefined && BigInt(input.amount_minor) <= 0n) {
    throw violation("amount_minor: must be a positive amount.");
  }

  const source = input.source_wallet_id
    ? await usableWallet({ db, workspace }, input.source_wallet_id, "source_wallet_id")
    : null;
  const target = input.target_wallet_id
    ? await usableWallet({ db, workspace }, input.target_wallet_id, "target_wallet_id")
    : null;
  if (input.category_id) {
    const category = await db.prisma.category.findFirst({
      where: { id: input.category_id, workspaceId: workspace.id, archivedAt: null },
    });
    if (!category) throw violation("category_id: no active category with this id in the workspace.");
  }

  let currencyId: string | null = null;
  if (input.currency_code) {
    const currency = await db.prisma.currency.findUnique({ where: { code: input.currency_code } });
    if (!currency) throw violation(`currency_code: ${input.currency_code} is not a supported currency.`);
    // The amount is in the currency of the wallet money leaves (or, for income, arrives in).
    const wallet = source ?? target;
    if (wallet && !wallet.accounts.some((account) => account.currencyId === currency.id)) {
      throw violation(`currency_code: the wallet ${wallet.name} holds no ${input.currency_code} account.`);
    }
    currencyId = currency.id;
  }

  const template = await db.prisma.transactionTemplate.create({
    data: {
      workspaceId: workspace.id,
      createdByUserId: userId,
      source: "user_saved",
      name: input.name,
      direction: input.direction,
      sourceWalletId: source?.id ?? null,
      targetWalletId: target?.id ?? null,
      categoryId: input.category_id ?? null,
      amountMinor: input.amount_minor === undefined ? null : BigInt(input.amount_minor),
      currencyId,
      description: input.description ?? null,
      notes: input.notes ?? null,
      tags: input.tags ?? [],
      recurrencePreset: input.recurrence_preset ?? null,
    },
  });
  sideEffects.record({
    domain: "transaction_templates",
    id: template.id,
    action: "create",
    data: { name: template.name, direction: template.direction, usage_count: 0 },
  });
  return templateView(db, template);
}
