import { z } from "zod";
import { goalAttributes } from "../../programmatic/goals/list";
import { money } from "../../shared/fields";
import { resource } from "../../shared/schemas";

/** A goal as endpoint 12 gives it, plus the saved amount kept on the goal (for the edit form). */
export const managedGoal = resource(
  "goals",
  goalAttributes.extend({ saved_amount: money.meta({ description: "Saved amount tracked by hand; current_saved while no wallet is linked." }) }),
);

/** A write's answer: the dashboard refreshes its list from it. */
export const goalWritten = z.object({ id: z.uuid(), status: z.enum(["active", "achieved", "abandoned"]), version: z.number().int() });
