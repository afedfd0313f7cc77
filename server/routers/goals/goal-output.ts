import { z } from "zod";

/** A write's answer: the dashboard refreshes its list from it. */
export const goalWritten = z.object({
  id: z.uuid(),
  status: z.enum(["active", "achieved", "abandoned"]),
  version: z.number().int(),
});
