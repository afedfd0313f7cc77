import { router } from "../../trpc/builders";
import { suggestCategoriesProcedure } from "./../categorisation-rules/suggest";
import { bulkDeleteProcedure } from "./bulk-delete";
import { bulkSetCategoryProcedure } from "./bulk-set-category";
import { createTransactionProcedure } from "./create";
import { deleteTransactionProcedure } from "./delete";
import { getTransactionProcedure } from "./get";
import { patchTransactionsProcedure } from "./patch";
import { writeTransactionsProcedure } from "./write";
import { listTransactionsProcedure } from "./list";
import { exportTransactionsProcedure } from "./export";
import { restoreCategoriesProcedure } from "./restore-categories";
import { restoreDeletedProcedure } from "./restore-deleted";
import { setCategoryProcedure } from "./set-category";
import { transferProcedure } from "./transfer";
import { updateTransactionProcedure } from "./update";

export const transactionsRouter = router({
  list: listTransactionsProcedure,
  // Before get: the library matches GET paths in the router's order, and /transactions/{id} would take "export".
  export: exportTransactionsProcedure,
  get: getTransactionProcedure,
  write: writeTransactionsProcedure,
  patch: patchTransactionsProcedure,
  suggestCategories: suggestCategoriesProcedure,
  create: createTransactionProcedure,
  update: updateTransactionProcedure,
  setCategory: setCategoryProcedure,
  bulkSetCategory: bulkSetCategoryProcedure,
  restoreCategories: restoreCategoriesProcedure,
  delete: deleteTransactionProcedure,
  bulkDelete: bulkDeleteProcedure,
  restoreDeleted: restoreDeletedProcedure,
  transfer: transferProcedure,
});
