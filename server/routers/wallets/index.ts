import { router } from "../../trpc/builders";
import { addAccount } from "./add-account";
import { archiveWallet } from "./archive";
import { createWallet } from "./create";
import { createWalletGroup } from "./create-group";
import { listCurrencies } from "./currencies";
import { getWallet } from "./get";
import { listWalletGroups } from "./groups";
import { listWallets } from "./list";
import { getNetWorth } from "./net-worth";
import { setOpeningBalance } from "./set-opening-balance";
import { unarchiveWallet } from "./unarchive";
import { updateWallet } from "./update";

export const walletsRouter = router({
  get: getWallet,
  list: listWallets,
  create: createWallet,
  update: updateWallet,
  archive: archiveWallet,
  unarchive: unarchiveWallet,
  addAccount,
  setOpeningBalance,
  groups: listWalletGroups,
  createGroup: createWalletGroup,
  currencies: listCurrencies,
  netWorth: getNetWorth,
});
