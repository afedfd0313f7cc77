import { z } from "zod";
import { listWallets as listWorkspaceWallets } from "../../../domain/wallets/read-wallets";
import { pageInput } from "../../../schemas/input-fields";
import { sessionProcedure } from "../../../trpc";
import { manageScope } from "../scope";
import { walletResource } from "../../programmatic/wallets/wallet-schema";
import { listPageMeta } from "./output";

/** The wallets page: asset wallets with their accounts and balances today, archived ones on request. */
export const listWallets = sessionProcedure
  .input(z.object({ ...pageInput, include_archived: z.boolean().default(false) }))
  .output(z.object({ data: z.array(walletResource), meta: listPageMeta }))
  .query(async ({ ctx, input }) => {
    const request = { mode: "page" as const, page: input.page, limit: input.limit };
    const page = await listWorkspaceWallets(manageScope(ctx), request, { includeArchived: input.include_archived });
    return {
      data: page.items.map((item) => ({ type: "wallets" as const, ...item })),
      meta: { page: input.page, limit: input.limit, total: page.total ?? 0 },
    };
  });
