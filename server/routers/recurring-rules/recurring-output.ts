import { z } from "zod";

/** A write's answer: the dashboard refreshes its list from it. */
export const recurringRuleWritten = z.object({
  id: z.uuid(),
  status: z.enum(["active", "paused", "ended"]),
  version: z.number().int(),
});
