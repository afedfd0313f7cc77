import { z } from "zod";

export const walletWritten = z.object({ id: z.uuid(), version: z.number().int() });
export const groupOutput = z.object({ id: z.uuid(), name: z.string(), order: z.number().int() });
