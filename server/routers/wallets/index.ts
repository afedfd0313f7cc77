import { router } from "../../trpc/builders";
import { addAccountProcedure } from "./add-account";
import { archiveWalletProcedure } from "./archive";
import { createWalletProcedure } from "./create";
import { createWalletGroupProcedure } from "./create-group";
import { listCurrenciesProcedure } from "./currencies";
import { getWalletProcedure } from "./get";
import { listWalletGroupsProcedure } from "./groups";
import { listWalletsProcedure } from "./list";
import { getNetWorthProcedure } from "./net-worth";
import { netWorthHistoryProcedure } from "./net-worth-history";
import { setOpeningBalanceProcedure } from "./set-opening-balance";
import { unarchiveWalletProcedure } from "./unarchive";
import { updateWalletProcedure } from "./update";

export const walletsRouter = router({
  get: getWalletProcedure,
  list: listWalletsProcedure,
  create: createWalletProcedure,
  update: updateWalletProcedure,
  archive: archiveWalletProcedure,
  unarchive: unarchiveWalletProcedure,
  addAccount: addAccountProcedure,
  setOpeningBalance: setOpeningBalanceProcedure,
  groups: listWalletGroupsProcedure,
  createGroup: createWalletGroupProcedure,
  currencies: listCurrenciesProcedure,
  netWorth: getNetWorthProcedure,
  netWorthHistory: netWorthHistoryProcedure,
});
