import { router } from "../../trpc/builders";
import { budgetChoicesProcedure } from "./choices";
import { createBudgetProcedure } from "./create";
import { getBudgetProcedure } from "./get";
import { listBudgetsProcedure } from "./list";
import { setBudgetActiveProcedure } from "./set-active";
import { updateBudgetProcedure } from "./update";

export const budgetsRouter = router({
  get: getBudgetProcedure,
  list: listBudgetsProcedure,
  choices: budgetChoicesProcedure,
  create: createBudgetProcedure,
  update: updateBudgetProcedure,
  setActive: setBudgetActiveProcedure,
});
