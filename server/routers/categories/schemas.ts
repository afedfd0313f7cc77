import { z } from "zod";
import { createdBy, moneyAggregate } from "../shared/fields";
import { resource, timestamp } from "../shared/schemas";
import { accentColor, name, optionalId, optionalText, order } from "../shared/input-fields";

const MAX_ALIASES = 20;

/** Other names the category goes by (used to match bank descriptions); duplicates ignoring case are dropped. */
const aliasesInput = z
  .array(z.string().trim().min(1, "must not be empty").max(60, "must be at most 60 characters"))
  .max(MAX_ALIASES, `at most ${MAX_ALIASES} aliases`)
  .default([])
  .transform((aliases) => {
    const seen = new Set<string>();
    return aliases.filter((alias) => {
      const key = alias.toLowerCase();
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  });

/** "rent, Miete ,  mortgage" -> ["rent", "Miete", "mortgage"]: how the form's one text field becomes the list. */
export function splitAliases(text: string): string[] {
  return text
    .split(",")
    .map((alias) => alias.trim())
    .filter((alias) => alias !== "");
}

const categoryFields = {
  name: name(100),
  group_id: optionalId,
  icon_name: optionalText(50),
  accent_color: accentColor.nullish().transform((value) => value ?? null),
  aliases: aliasesInput,
};

export const createCategoryInput = z.object(categoryFields);

/** Editing replaces every editable attribute. */
export const updateCategoryInput = z.object({ id: z.uuid(), ...categoryFields, order: order.default(0) });

export const categoryIdInput = z.object({ id: z.uuid() });

export const categoryGroupInput = z.object({ name: name(60) });

export const listCategoriesInput = z.object({ include_archived: z.boolean().default(false) });

export type CreateCategoryInput = z.output<typeof createCategoryInput>;
export type UpdateCategoryInput = z.output<typeof updateCategoryInput>;

export const categoryWritten = z.object({ id: z.uuid(), version: z.number().int() });
export const categoryGroupOutput = z.object({ id: z.uuid(), name: z.string(), order: z.number().int() });

export const categoryAttributes = z
  .object({
    version: z.number().int().describe("Starts at 1 and grows by one with every change."),
    created_by_user_id: z.uuid().nullable().describe("The user who created it; null for system categories."),
    group_id: z.uuid().nullable().describe("The category group it is filed under; null when ungrouped."),
    name: z.string().describe("The category's name, unique among active categories ignoring case."),
    icon_name: z.string().nullable().describe("Icon name for display; null for none."),
    icon_url: z.string().nullable().describe("URL of an icon image; null for none."),
    accent_color: z.string().nullable().describe("Display colour, #rrggbb; null for none."),
    is_archived: z
      .boolean()
      .describe("True for an archived category; the list shows active ones only, so false there."),
    is_system: z.boolean().describe("True for the categories every workspace starts with."),
    aliases: z
      .array(z.string())
      .describe("Other names of the category; an import guesses a row's category from its name or aliases."),
    order: z.number().int().describe("Position in lists (ascending); the list sorts by order, then name, then id."),
    tx_count: z.number().int().describe("All transactions in the category (transfers never count)."),
    recent_tx_count: z.number().int().meta({ description: "Transactions of the last 30 days up to today." }),
    created_at: timestamp.describe("When the category was created."),
    updated_at: timestamp.describe("When the category last changed."),
    spent_agg: moneyAggregate.meta({ description: "Money out in the current month up to today, as positive amounts." }),
    earned_agg: moneyAggregate.meta({ description: "Money in during the current month up to today." }),
    created_by: createdBy,
  })
  .describe("The category's fields; counts and sums as of today in the workspace timezone.");

export const categoryResource = resource("categories", categoryAttributes).meta({
  id: "Category",
  description: "An active transaction category with its counts and this month's sums.",
});
