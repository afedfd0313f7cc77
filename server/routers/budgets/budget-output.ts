import { z } from "zod";

/** A write's answer: the dashboard refreshes its list from it. */
export const budgetWritten = z.object({ id: z.uuid(), active: z.boolean(), version: z.number().int() });
