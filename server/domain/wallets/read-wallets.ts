import type { Prisma } from "../../db/generated/prisma/client";
import { AppError } from "../../errors";
import { readCacheKey } from "../data-version/read-cache-key";
import { workspaceCached } from "../data-version/workspace-cache";
import type { WorkspaceContext } from "../workspace-context";
import { afterKeyWhere, paginate, type PageRequest, type PageResult } from "../pagination";
import { walletInclude, walletView, type WalletAttributes, type WalletRow } from "./wallet-view";

/** Asset wallets are what this API shows; liabilities (loans) are not visible to it. */
export const visibleWallets = (workspaceId: string): Prisma.WalletWhereInput => ({ workspaceId, accountType: "asset" });

/** Endpoint 10: one asset wallet of the workspace, archived ones included (they say is_archived). */
export function getWallet(
  context: WorkspaceContext,
  id: string,
): Promise<{ id: string; attributes: WalletAttributes }> {
  return workspaceCached(context, readCacheKey(context.workspace, "wallet", id), async () => {
    const wallet = await context.db.prisma.wallet.findFirst({
      where: { ...visibleWallets(context.workspace.id), id },
      include: walletInclude,
    });
    if (!wallet) throw new AppError("RESOURCE_NOT_FOUND", "No wallet with this id exists in the token's workspace.");
    return { id: wallet.id, attributes: await walletView(context, wallet) };
  });
}

/** The wallet list (extension): active asset wallets, archived ones too when asked. */
export function listWallets(
  context: WorkspaceContext,
  request: PageRequest,
  filter: { includeArchived: boolean },
): Promise<PageResult<{ id: string; attributes: WalletAttributes }>> {
  return workspaceCached(context, readCacheKey(context.workspace, "wallets", request, filter), () =>
    computeWalletList(context, request, filter),
  );
}

async function computeWalletList(
  context: WorkspaceContext,
  request: PageRequest,
  { includeArchived }: { includeArchived: boolean },
): Promise<PageResult<{ id: string; attributes: WalletAttributes }>> {
  const where: Prisma.WalletWhereInput = {
    ...visibleWallets(context.workspace.id),
    ...(includeArchived ? {} : { archivedAt: null }),
  };
  const page = await paginate<WalletRow>(request, {
    fetch: (after, skip, take) =>
      context.db.prisma.wallet.findMany({
        where: after ? { AND: [where, after] } : where,
        include: walletInclude,
        orderBy: [{ order: "asc" }, { name: "asc" }, { id: "asc" }],
        skip,
        take,
      }),
    count: () => context.db.prisma.wallet.count({ where }),
    keyOf: (row) => ({ order: row.order, name: row.name, id: row.id }),
    afterWhere: (key) => afterKeyWhere(key, (name) => ({ name })),
  });
  return { ...page, items: await walletViews(context, page.items) };
}

/** The workspace's asset wallets of `ids` (archived ones too) as the list shows them. */
export async function walletsByIds(
  context: WorkspaceContext,
  ids: string[],
): Promise<Array<{ id: string; attributes: WalletAttributes }>> {
  const rows = await context.db.prisma.wallet.findMany({
    where: { ...visibleWallets(context.workspace.id), id: { in: ids } },
    include: walletInclude,
  });
  return walletViews(context, rows);
}

async function walletViews(context: WorkspaceContext, wallets: WalletRow[]) {
  const items = [];
  for (const wallet of wallets) items.push({ id: wallet.id, attributes: await walletView(context, wallet) });
  return items;
}
