import { router } from "../../trpc/builders";
import { listAccountsProcedure } from "./list";
import { listAccountOptionsProcedure } from "./options";
import { reconcileAccountProcedure } from "./reconcile";
import { updateAccountProcedure } from "./update";

export const accountsRouter = router({
  list: listAccountsProcedure,
  update: updateAccountProcedure,
  options: listAccountOptionsProcedure,
  reconcile: reconcileAccountProcedure,
});
