import { router } from "../../../trpc/builders";
import { abandonGoal } from "./abandon";
import { achieveGoal } from "./achieve";
import { goalChoices } from "./choices";
import { createGoal } from "./create";
import { reactivateGoal } from "./reactivate";
import { updateGoal } from "./update";

/** manage.goals: the dashboard's savings goals (session, tRPC only). */
export const goalsRouter = router({
  choices: goalChoices,
  create: createGoal,
  update: updateGoal,
  achieve: achieveGoal,
  abandon: abandonGoal,
  reactivate: reactivateGoal,
});
