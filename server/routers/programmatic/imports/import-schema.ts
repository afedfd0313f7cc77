import { z } from "zod";
import { day, money } from "../../shared/fields";
import { resource, timestamp } from "../../shared/schemas";

export const previewRow = z.object({
  row: z.number().int(),
  date: day,
  amount: z.string(),
  currency_code: z.string(),
  description: z.string(),
  counterparty: z.string().nullable(),
  external_id: z.string().nullable(),
  category_id: z.uuid().nullable(),
  state: z.enum(["new", "duplicate", "invalid", "pre_opening"]),
  duplicate_of: z.string().nullable(),
  problems: z.array(z.string()),
});

export const openingAdjustment = z.object({
  account_id: z.uuid(),
  account_name: z.string(),
  currency_code: z.string(),
  reason: z.string(),
  target_balance: money,
  balance_as_of_date: day,
  service_balance_before: money,
  service_balance_after: money,
  delta: money,
  old_opening_balance: money,
  new_opening_balance: money,
  old_opening_balance_date: day,
  new_opening_balance_date: day,
});

export const importJobAttributes = z.object({
  bank_key: z.string().nullable(),
  bank_name: z.string().nullable(),
  file_name: z.string(),
  file_type: z.string(),
  total_rows: z.number().int(),
  imported_count: z.number().int(),
  skipped_count: z.number().int(),
  skipped_existing_count: z.number().int(),
  error_count: z.number().int(),
  status: z.enum(["parsing", "parsed", "needs_input", "queued", "processing", "completed", "failed", "reverted"]),
  preview_version: z.number().int(),
  parse_options: z.object({ amount_semantics: z.string().nullable(), amount_semantics_required: z.boolean() }),
  error_message: z.string().nullable(),
  account_id: z.uuid(),
  preview: z.array(previewRow),
  opening_balance_adjusted: z.array(openingAdjustment),
  reverted_at: timestamp.nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});

export const importJobResource = resource("import_jobs", importJobAttributes);
