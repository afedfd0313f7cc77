import { router } from "../../../trpc/builders";
import { listAccountOptions } from "./accounts";
import { addAccount } from "./add-account";
import { archiveWallet } from "./archive";
import { createWallet } from "./create";
import { createWalletGroup } from "./create-group";
import { listCurrencies } from "./currencies";
import { listWalletGroups } from "./groups";
import { getNetWorth } from "./net-worth";
import { setOpeningBalance } from "./set-opening-balance";
import { unarchiveWallet } from "./unarchive";
import { updateWallet } from "./update";

export const manageWalletsRouter = router({
  create: createWallet,
  update: updateWallet,
  archive: archiveWallet,
  unarchive: unarchiveWallet,
  addAccount,
  setOpeningBalance,
  groups: listWalletGroups,
  createGroup: createWalletGroup,
  currencies: listCurrencies,
  accounts: listAccountOptions,
  netWorth: getNetWorth,
});
