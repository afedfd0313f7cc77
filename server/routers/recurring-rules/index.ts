import { router } from "../../trpc/builders";
import { recurringRuleChoices } from "./choices";
import { createRecurringRule } from "./create";
import { endRecurringRule } from "./end";
import { listRecurringRules } from "./list";
import { pauseRecurringRule } from "./pause";
import { resumeRecurringRule } from "./resume";
import { updateRecurringRule } from "./update";

export const recurringRulesRouter = router({
  list: listRecurringRules,
  choices: recurringRuleChoices,
  create: createRecurringRule,
  update: updateRecurringRule,
  pause: pauseRecurringRule,
  resume: resumeRecurringRule,
  end: endRecurringRule,
});
