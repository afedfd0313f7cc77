import { router } from "../../trpc/builders";
import { recurringRuleChoicesProcedure } from "./choices";
import { createRecurringRuleProcedure } from "./create";
import { endRecurringRuleProcedure } from "./end";
import { listRecurringRulesProcedure } from "./list";
import { pauseRecurringRuleProcedure } from "./pause";
import { resumeRecurringRuleProcedure } from "./resume";
import { updateRecurringRuleProcedure } from "./update";

export const recurringRulesRouter = router({
  list: listRecurringRulesProcedure,
  choices: recurringRuleChoicesProcedure,
  create: createRecurringRuleProcedure,
  update: updateRecurringRuleProcedure,
  pause: pauseRecurringRuleProcedure,
  resume: resumeRecurringRuleProcedure,
  end: endRecurringRuleProcedure,
});
