import { router } from "../../trpc/builders";
import { budgetChoices } from "./choices";
import { createBudget } from "./create";
import { getBudget } from "./get";
import { listBudgets } from "./list";
import { setBudgetActive } from "./set-active";
import { updateBudget } from "./update";

export const budgetsRouter = router({
  get: getBudget,
  list: listBudgets,
  choices: budgetChoices,
  create: createBudget,
  update: updateBudget,
  setActive: setBudgetActive,
});
