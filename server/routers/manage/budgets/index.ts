import { router } from "../../../trpc/builders";
import { budgetChoices } from "./choices";
import { createBudget } from "./create";
import { setBudgetActive } from "./set-active";
import { updateBudget } from "./update";

/** manage.budgets: the dashboard's budgets (session, tRPC only). */
export const budgetsRouter = router({
  choices: budgetChoices,
  create: createBudget,
  update: updateBudget,
  setActive: setBudgetActive,
});
