import { z } from "zod";
import { listAccounts } from "../../domain/accounts/list-accounts";
import { dashboardProcedure } from "../../trpc/builders";
import { callerContext } from "../shared/caller-context";

const MAX_ACCOUNTS = 200;

/** Active asset accounts, for the account pickers of the transaction forms and filters. */
export const listAccountOptionsProcedure = dashboardProcedure
  .input(z.void())
  .output(
    z.array(
      z.object({
        id: z.uuid(),
        name: z.string(),
        wallet_id: z.uuid(),
        currency_code: z.string(),
        currency_decimal_places: z.number().int(),
        current_balance: z.string(),
      }),
    ),
  )
  .query(async ({ ctx }) => {
    const page = await listAccounts(callerContext(ctx), { mode: "page", page: 1, limit: MAX_ACCOUNTS });
    return page.items.map(({ id, attributes }) => ({
      id,
      name: attributes.name,
      wallet_id: attributes.wallet_id,
      currency_code: attributes.currency_code,
      currency_decimal_places: attributes.currency_decimal_places,
      current_balance: attributes.current_balance,
    }));
  });
