import { z } from "zod";
import { CONTROL_CHARACTER_MESSAGE, FORBIDDEN, hasControlCharacters } from "../../domain/user-text";

/** Half of a UTF-16 surrogate pair without the other half: JSON can carry it, no database text can store it. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const LONE_SURROGATE_MESSAGE = "must be valid Unicode text (it holds half of a UTF-16 surrogate pair)";

/** A string schema refined with the rule, for forms and schemas that want the message early. */
export const userText = () => z.string().refine((value) => !hasControlCharacters(value), CONTROL_CHARACTER_MESSAGE);

/** Line and paragraph breaks of every kind. */
const LINE_BREAK = /[\r\n\u0085\u2028\u2029]/;

/**
 * The bidirectional overrides (U+202D, U+202E), which show the letters after them in the reverse of
 * their own order: "\u202Egnp.exe" shows as "exe.png". No name needs them. The embeddings and
 * isolates (U+202A-U+202C, U+2066-U+2069), which a name mixing Hebrew and Latin words may hold,
 * keep every letter's own direction and are taken.
 */
const REORDERING = /[\u202d\u202e]/;

/**
 * A name (a person's, a workspace's, a token's): 1 to 100 characters on one line, trimmed. Names
 * show in headings, lists and the e-mails the service sends; a line break in one only ever serves to
 * forge a line of its own there, and a direction override to show other words than were written.
 */
export const oneLineName = () =>
  z
    .string()
    .trim()
    .min(1)
    .max(100)
    .refine((value) => !LINE_BREAK.test(value), "must be on one line (no line breaks)")
    .refine(
      (value) => !REORDERING.test(value),
      "must not hold characters that reorder the text shown (the bidirectional overrides U+202D and U+202E)",
    );

/** How deep an input may nest; no input of the API comes close. */
export const MAX_INPUT_DEPTH = 32;

export type InputProblem = {
  path: Array<string | number>;
  problem: "control_characters" | "lone_surrogate" | "too_deep";
};

/**
 * The first string (object key or value) in `input` that breaks the rule, with its path
 * (["tags", 2]), or a value nested deeper than MAX_INPUT_DEPTH. Iterative, so a hostile nesting
 * cannot exhaust the stack.
 */
export function findInputProblem(input: unknown): InputProblem | null {
  const pending: Array<{ value: unknown; path: Array<string | number> }> = [{ value: input, path: [] }];
  while (pending.length > 0) {
    const { value, path } = pending.pop()!;
    if (typeof value === "string") {
      if (hasControlCharacters(value)) return { path, problem: "control_characters" };
      if (LONE_SURROGATE.test(value)) return { path, problem: "lone_surrogate" };
      continue;
    }
    if (typeof value !== "object" || value === null) continue;
    if (path.length >= MAX_INPUT_DEPTH) return { path, problem: "too_deep" };
    for (const [key, item] of Object.entries(value)) {
      if (hasControlCharacters(key))
        return {
          path: [...path, key.replace(new RegExp(FORBIDDEN.source, "g"), "?")],
          problem: "control_characters",
        };
      pending.push({ value: item, path: [...path, Array.isArray(value) ? Number(key) : key] });
    }
  }
  return null;
}
