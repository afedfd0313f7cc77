import { router } from "../../trpc/builders";
import { abandonGoalProcedure } from "./abandon";
import { achieveGoalProcedure } from "./achieve";
import { goalChoicesProcedure } from "./choices";
import { createGoalProcedure } from "./create";
import { listGoalsProcedure } from "./list";
import { reactivateGoalProcedure } from "./reactivate";
import { updateGoalProcedure } from "./update";

export const goalsRouter = router({
  list: listGoalsProcedure,
  choices: goalChoicesProcedure,
  create: createGoalProcedure,
  update: updateGoalProcedure,
  achieve: achieveGoalProcedure,
  abandon: abandonGoalProcedure,
  reactivate: reactivateGoalProcedure,
});
