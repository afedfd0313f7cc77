import { z } from "zod";

export const categoryWritten = z.object({ id: z.uuid(), version: z.number().int() });
export const categoryGroupOutput = z.object({ id: z.uuid(), name: z.string(), order: z.number().int() });
