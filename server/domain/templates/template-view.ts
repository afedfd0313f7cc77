import type { Db } from "../../db";
import type { TransactionTemplate, WalletType } from "../../db/generated/prisma/client";
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
  updatedAt: string;
}

interface WalletRef {
  id: string;
  name: string;
  type: WalletType;
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
  const [view] = await templateViews(db, [template]);
  return view!;
}

/** Several templates with one read of their wallets and categories (the dashboard's list). */
export async function templateViews(db: Db, templates: TransactionTemplate[]): Promise<TemplateView[]> {
  const walletIds = [
    ...new Set(
      templates
        .flatMap((template) => [template.sourceWalletId, template.targetWalletId])
        .filter((id): id is string => id !== null),
    ),
  ];
  const categoryIds = [
    ...new Set(templates.map((template) => template.categoryId).filter((id): id is string => id !== null)),
  ];
  const [wallets, categories, currencies] = await Promise.all([
    walletIds.length > 0
      ? db.prisma.wallet.findMany({
          where: { id: { in: walletIds } },
          include: { accounts: { select: { currencyId: true } } },
        })
      : [],
    categoryIds.length > 0 ? db.prisma.category.findMany({ where: { id: { in: categoryIds } } }) : [],
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
  return templates.map((template) => {
    const category = categories.find((candidate) => candidate.id === template.categoryId);
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
      updatedAt: iso(template.updatedAt),
    };
  });
}
