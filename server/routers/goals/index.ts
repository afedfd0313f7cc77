import { router } from "../../trpc/builders";
import { abandonGoal } from "./abandon";
import { achieveGoal } from "./achieve";
import { goalChoices } from "./choices";
import { createGoal } from "./create";
import { listGoals } from "./list";
import { reactivateGoal } from "./reactivate";
import { updateGoal } from "./update";

export const goalsRouter = router({
  list: listGoals,
  choices: goalChoices,
  create: createGoal,
  update: updateGoal,
  achieve: achieveGoal,
  abandon: abandonGoal,
  reactivate: reactivateGoal,
});
