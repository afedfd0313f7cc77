import { router } from "../../trpc";
import { listAccounts } from "./accounts/list";
import { listCategories } from "./categories/list";
import { getWallet } from "./wallets/get";
import { listWallets } from "./wallets/list";

/** The workspace data endpoints under /api/v1/programmatic, reached with personal access tokens. */
export const programmaticRouter = router({
  accounts: router({ list: listAccounts }),
  categories: router({ list: listCategories }),
  wallets: router({ get: getWallet, list: listWallets }),
});
