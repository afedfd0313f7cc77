import { z } from "zod";
import { budgetAttributes } from "../../programmatic/budgets/budget-schema";
import { day } from "../../shared/fields";
import { resource } from "../../shared/schemas";

/** A budget as endpoint 11 gives it (current period for today), plus its start date (for the edit form). */
export const managedBudget = resource("budgets", budgetAttributes.extend({ start_date: day }));

/** A write's answer: the dashboard refreshes its list from it. */
export const budgetWritten = z.object({ id: z.uuid(), active: z.boolean(), version: z.number().int() });
