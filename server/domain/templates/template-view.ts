import type { Db } from "../../db";
import type { TransactionTemplate } from "../../db/generated/prisma/client";
import { currencyCatalogue } from "../money/currencies";
import { iso } from "../time/timestamps";

/** The template as the API shows it: a flat object with resolved wallet and category objects. */
export interface TemplateView {
  id: string;
  source: string;
  name: string;
  direction: "expense" | "income" | "transfer";
  fields: {
    sourceWallet: WalletRef | null;
    targetWallet: WalletRef | null;
    category: CategoryRef | null;
    amountMinor: string | null;
    currencyCode: string | null;
    description: string | null;
    notes: string | null;
    note: string | null;
    tags: string[];
    recurrencePreset: string | null;
  };
  usageCount: number;
  lastUsedAt: string | null;
  createdAt: string;
}

interface WalletRef {
  id: string;
  name: string;
  type: string;
  icon: string | null;
  accent_color: string | null;
  currency_codes: string[];
}

interface CategoryRef {
  id: string;
  name: string;
  icon_name: string | null;
  accent_color: string | null;
}

export async function templateView(db: Db, template: TransactionTemplate): Promise<TemplateView> {
  const walletIds = [template.sourceWalletId, template.targetWalletId].filter((id): id is string => id !== null);
  const [wallets, category, currencies] = await Promise.all([
    db.wallet.findMany({ where: { id: { in: walletIds } }, include: { accounts: { select: { currencyId: true } } } }),
    template.categoryId ? db.category.findUnique({ where: { id: template.categoryId } }) : null,
    currencyCatalogue(db),
  ]);
  const walletRef = (id: string | null): WalletRef | null => {
    const wallet = wallets.find((candidate) => candidate.id === id);
    if (!wallet) return null;
    return {
      id: wallet.id,
      name: wallet.name,
      type: wallet.type,
      icon: wallet.icon,
      accent_color: wallet.accentColor,
      currency_codes: wallet.accounts.map((account) => currencies.get(account.currencyId)?.code ?? "").sort(),
    };
  };
  return {
    id: template.id,
    source: template.source,
    name: template.name,
    direction: template.direction,
    fields: {
      sourceWallet: walletRef(template.sourceWalletId),
      targetWallet: walletRef(template.targetWalletId),
      category: category
        ? { id: category.id, name: category.name, icon_name: category.iconName, accent_color: category.accentColor }
        : null,
      amountMinor: template.amountMinor === null ? null : template.amountMinor.toString(),
      currencyCode: template.currencyId ? (currencies.get(template.currencyId)?.code ?? null) : null,
      description: template.description,
      notes: template.notes,
      note: template.notes,
      tags: template.tags,
      recurrencePreset: template.recurrencePreset,
    },
    usageCount: template.usageCount,
    lastUsedAt: iso(template.lastUsedAt),
    createdAt: iso(template.createdAt),
  };
}
