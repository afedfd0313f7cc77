import { router } from "../../trpc/builders";
import { listAccounts } from "./list";
import { listAccountOptions } from "./options";
import { updateAccount } from "./update";

export const accountsRouter = router({
  list: listAccounts,
  update: updateAccount,
  options: listAccountOptions,
});
