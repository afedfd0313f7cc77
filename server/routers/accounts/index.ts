import { router } from "../../trpc/builders";
import { listAccountsProcedure } from "./list";
import { listAccountOptionsProcedure } from "./options";
import { updateAccountProcedure } from "./update";

export const accountsRouter = router({
  list: listAccountsProcedure,
  update: updateAccountProcedure,
  options: listAccountOptionsProcedure,
});
