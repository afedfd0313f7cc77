import { router } from "../../trpc/builders";
import { suggestCategories } from "./../categorisation-rules/suggest";
import { bulkDelete } from "./bulk-delete";
import { bulkSetCategory } from "./bulk-set-category";
import { createTransaction } from "./create";
import { deleteTransaction } from "./delete";
import { listTransactions } from "./list";
import { restoreCategories } from "./restore-categories";
import { restoreDeleted } from "./restore-deleted";
import { setCategory } from "./set-category";
import { transfer } from "./transfer";
import { updateTransaction } from "./update";

export const transactionsRouter = router({
  list: listTransactions,
  suggestCategories,
  create: createTransaction,
  update: updateTransaction,
  setCategory,
  bulkSetCategory,
  restoreCategories,
  delete: deleteTransaction,
  bulkDelete,
  restoreDeleted,
  transfer,
});
