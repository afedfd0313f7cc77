import { z } from "zod";
import { accentColor, name, optionalId, optionalText, order } from "./input-fields";

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
