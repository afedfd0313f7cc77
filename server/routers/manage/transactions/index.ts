import { router } from "../../../trpc";
import { createTransaction } from "./create";
import { deleteTransaction } from "./delete";
import { setCategory } from "./set-category";
import { transfer } from "./transfer";
import { updateTransaction } from "./update";

export const manageTransactionsRouter = router({
  create: createTransaction,
  update: updateTransaction,
  setCategory,
  delete: deleteTransaction,
  transfer,
});
