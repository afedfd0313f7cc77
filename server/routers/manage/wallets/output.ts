import { z } from "zod";

export const walletWritten = z.object({ id: z.uuid(), version: z.number().int() });
export const groupOutput = z.object({ id: z.uuid(), name: z.string(), order: z.number().int() });
export const listPageMeta = z.object({ page: z.number().int(), limit: z.number().int(), total: z.number().int() });
