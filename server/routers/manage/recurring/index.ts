import { router } from "../../../trpc/builders";
import { recurringRuleChoices } from "./choices";
import { createRecurringRule } from "./create";
import { endRecurringRule } from "./end";
import { pauseRecurringRule } from "./pause";
import { resumeRecurringRule } from "./resume";
import { updateRecurringRule } from "./update";

/** manage.recurringRules: the dashboard's recurring rules (session, tRPC only). */
export const recurringRulesRouter = router({
  choices: recurringRuleChoices,
  create: createRecurringRule,
  update: updateRecurringRule,
  pause: pauseRecurringRule,
  resume: resumeRecurringRule,
  end: endRecurringRule,
});
