import { randomUUID } from "node:crypto";
import { AppError } from "../../errors";
import type { UseTemplateInput } from "../../routers/transaction-templates/schemas";
import { amountIn } from "../money/amount-input";
import type { CurrencyInfo } from "../money/currencies";
import type { Decimal } from "../money/money";
import type { SideEffects } from "../side-effects/side-effects";
import { dayToDate } from "../time/calendar";
import type { WorkspaceContext } from "../workspace-context";

export interface TemplateUsed {
  transactions: Array<{
    id: string;
    account_id: string;
    amount: string;
    currency_code: string;
    transfer_peer_id: string | null;
  }>;
  template: { id: string; usage_count: number; last_used_at: string };
}

interface BookingAccount {
  id: string;
  currency: CurrencyInfo;
}

/** The account a template's wallet books on: the one in the template's currency, else its first. */
export function defaultAccount<Account extends { currencyId: string }>(
  accounts: Account[],
  currencyId: string | null,
): Account | undefined {
  return accounts.find((account) => account.currencyId === currencyId) ?? accounts[0];
}

/** Active accounts in the order the wallet lists them. */
export const bookingAccountsOrder = [{ order: "asc" as const }, { createdAt: "asc" as const }, { id: "asc" as const }];

function violation(message: string): AppError {
  return new AppError("DOMAIN_CONSTRAINT_VIOLATION", message);
}

function bookingAccount(account: {
  id: string;
  currency: { id: string; code: string; symbol: string; decimalPlaces: number };
}): BookingAccount {
  const { currency } = account;
  return {
    id: account.id,
    currency: {
      id: currency.id,
      code: currency.code.trim(),
      symbol: currency.symbol,
      decimalPlaces: currency.decimalPlaces,
    },
  };
}

/** The chosen account (404 when not the workspace's, 422 when it takes no transactions), else the template wallet's. */
async function accountFor(
  { db, workspace }: WorkspaceContext,
  field: string,
  chosenId: string | null,
  template: { walletId: string | null; currencyId: string | null },
): Promise<BookingAccount> {
  if (chosenId !== null) {
    const account = await db.prisma.account.findFirst({
      where: { id: chosenId, workspaceId: workspace.id },
      include: { wallet: true, currency: true },
    });
    if (!account)
      throw new AppError("RESOURCE_NOT_FOUND", `${field}: no account with this id exists in your workspace.`);
    if (!account.active || account.wallet.archivedAt !== null || account.wallet.accountType !== "asset") {
      throw violation(
        `${field}: ${account.wallet.name} (${account.currency.code.trim()}) is not an active asset account; archived wallets take no new transactions.`,
      );
    }
    return bookingAccount(account);
  }
  if (template.walletId === null) {
    throw new AppError(
      "VALIDATION_FAILED",
      `Validation failed: ${field}: choose an account; the template names no wallet for it`,
    );
  }
  const wallet = await db.prisma.wallet.findFirst({
    where: { id: template.walletId, workspaceId: workspace.id },
    include: { accounts: { where: { active: true }, include: { currency: true }, orderBy: bookingAccountsOrder } },
  });
  if (!wallet) throw new AppError("RESOURCE_NOT_FOUND", `${field}: the template's wallet no longer exists.`);
  if (wallet.archivedAt !== null || wallet.accountType !== "asset") {
    throw violation(`${field}: the template's wallet ${wallet.name} is archived; choose another account.`);
  }
  const account = defaultAccount(wallet.accounts, template.currencyId);
  if (!account) throw violation(`${field}: the template's wallet ${wallet.name} has no active account.`);
  return bookingAccount(account);
}

async function usableCategory(
  { db, workspace }: WorkspaceContext,
  id: string | null,
  direction: string,
): Promise<string | null> {
  if (id === null) return null;
  if (direction === "transfer")
    throw violation("category_id: transfers move money between your own accounts and take no category.");
  const category = await db.prisma.category.findFirst({ where: { id, workspaceId: workspace.id } });
  if (!category)
    throw new AppError("RESOURCE_NOT_FOUND", "category_id: no category with this id exists in your workspace.");
  if (category.archivedAt !== null)
    throw violation(`category_id: the category ${category.name} is archived; choose another.`);
  return category.id;
}

/** The amount that arrives in a transfer: the same in one currency, the typed one between two. */
function receivedAmount(input: UseTemplateInput, sent: Decimal, from: BookingAccount, to: BookingAccount): Decimal {
  if (from.currency.id === to.currency.id) {
    if (
      input.received_amount !== null &&
      !amountIn(input.received_amount, to.currency, "received_amount").equals(sent)
    ) {
      throw new AppError(
        "VALIDATION_FAILED",
        `Validation failed: received_amount: must equal amount when both accounts are in ${from.currency.code}`,
      );
    }
    return sent;
  }
  if (input.received_amount === null) {
    throw new AppError(
      "VALIDATION_FAILED",
      `Validation failed: received_amount: is required for a transfer from ${from.currency.code} to ${to.currency.code}`,
    );
  }
  return amountIn(input.received_amount, to.currency, "received_amount");
}

/**
 * "Create transaction from template": an expense leaves the source account (negative amount),
 * income arrives in the target account (positive), a transfer is two rows pointing at each other.
 * The rows, the template's usage_count + 1 and last_used_at commit in one database transaction.
 */
export async function useTemplate(
  {
    db,
    workspace,
    userId,
    sideEffects,
    now = new Date(),
  }: WorkspaceContext & { userId: string; sideEffects: SideEffects },
  input: UseTemplateInput,
): Promise<TemplateUsed> {
  return db.transaction(async (tx) => {
    const template = await tx.prisma.transactionTemplate.findFirst({
      where: { id: input.id, workspaceId: workspace.id },
    });
    if (!template) throw new AppError("RESOURCE_NOT_FOUND", "No template with this id exists in your workspace.");
    const { direction } = template;
    const source =
      direction === "income"
        ? null
        : await accountFor({ db: tx, workspace }, "source_account_id", input.source_account_id, {
            walletId: template.sourceWalletId,
            currencyId: template.currencyId,
          });
    const target =
      direction === "expense"
        ? null
        : await accountFor({ db: tx, workspace }, "target_account_id", input.target_account_id, {
            walletId: template.targetWalletId,
            currencyId: template.currencyId,
          });
    if (source && target && source.id === target.id)
      throw violation("target_account_id: a transfer needs two different accounts.");
    const categoryId = await usableCategory({ db: tx, workspace }, input.category_id, direction);

    const moved = (source ?? target)!;
    const amount = amountIn(input.amount, moved.currency, "amount");
    const shared = {
      workspaceId: workspace.id,
      type: direction,
      date: dayToDate(input.date),
      description: input.description,
      notes: input.notes,
      tags: template.tags,
      categoryId,
      templateId: template.id,
      createdByUserId: userId,
    };
    const written: TemplateUsed["transactions"] = [];
    const row = (
      account: BookingAccount,
      signed: Decimal,
      extra: { id?: string; transferPeerId?: string; foreignAmount?: string; foreignCurrencyId?: string } = {},
    ) => ({
      ...shared,
      ...extra,
      accountId: account.id,
      currencyId: account.currency.id,
      amount: signed.toFixed(),
    });

    if (source && target) {
      const received = receivedAmount(input, amount, source, target);
      const crossCurrency = source.currency.id !== target.currency.id;
      const outgoingId = randomUUID();
      const incomingId = randomUUID();
      await tx.prisma.transaction.create({
        data: row(source, amount.neg(), {
          id: outgoingId,
          ...(crossCurrency ? { foreignAmount: received.neg().toFixed(), foreignCurrencyId: target.currency.id } : {}),
        }),
      });
      await tx.prisma.transaction.create({
        data: row(target, received, {
          id: incomingId,
          transferPeerId: outgoingId,
          ...(crossCurrency ? { foreignAmount: amount.toFixed(), foreignCurrencyId: source.currency.id } : {}),
        }),
      });
      // The unique self-reference lets the first row point at the second only once that exists.
      await tx.prisma.transaction.update({ where: { id: outgoingId }, data: { transferPeerId: incomingId } });
      written.push(
        {
          id: outgoingId,
          account_id: source.id,
          amount: amount.neg().toFixed(source.currency.decimalPlaces),
          currency_code: source.currency.code,
          transfer_peer_id: incomingId,
        },
        {
          id: incomingId,
          account_id: target.id,
          amount: received.toFixed(target.currency.decimalPlaces),
          currency_code: target.currency.code,
          transfer_peer_id: outgoingId,
        },
      );
    } else {
      const signed = source ? amount.neg() : amount;
      const created = await tx.prisma.transaction.create({ data: row(moved, signed) });
      written.push({
        id: created.id,
        account_id: moved.id,
        amount: signed.toFixed(moved.currency.decimalPlaces),
        currency_code: moved.currency.code,
        transfer_peer_id: null,
      });
    }

    const updated = await tx.prisma.transactionTemplate.update({
      where: { id: template.id },
      data: { usageCount: { increment: 1 }, lastUsedAt: now },
      select: { usageCount: true, lastUsedAt: true },
    });
    for (const transaction of written) {
      sideEffects.record({
        domain: "transactions",
        id: transaction.id,
        action: "create",
        data: { account_id: transaction.account_id, amount: transaction.amount, date: input.date, type: direction },
      });
    }
    const lastUsedAt = (updated.lastUsedAt ?? now).toISOString();
    sideEffects.record({
      domain: "transaction_templates",
      id: template.id,
      action: "upsert",
      data: { usage_count: updated.usageCount, last_used_at: lastUsedAt },
    });
    return {
      transactions: written,
      template: { id: template.id, usage_count: updated.usageCount, last_used_at: lastUsedAt },
    };
  });
}
