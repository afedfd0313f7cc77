import { z } from "zod";
import { timestamp } from "../../shared/schemas";

const walletRef = z
  .object({
    id: z.uuid(),
    name: z.string(),
    type: z.string(),
    icon: z.string().nullable(),
    accent_color: z.string().nullable(),
    currency_codes: z.array(z.string()),
  })
  .nullable();

/** A template as the API shows it (docs/api.md "Transaction templates"). */
export const templateSchema = z.object({
  id: z.uuid(),
  source: z.string(),
  name: z.string(),
  direction: z.enum(["expense", "income", "transfer"]),
  fields: z.object({
    sourceWallet: walletRef,
    targetWallet: walletRef,
    category: z.object({ id: z.uuid(), name: z.string(), icon_name: z.string().nullable(), accent_color: z.string().nullable() }).nullable(),
    amountMinor: z.string().nullable(),
    currencyCode: z.string().nullable(),
    description: z.string().nullable(),
    notes: z.string().nullable(),
    note: z.string().nullable(),
    tags: z.array(z.string()),
    recurrencePreset: z.string().nullable(),
  }),
  usageCount: z.number().int(),
  lastUsedAt: timestamp.nullable(),
  createdAt: timestamp,
});
