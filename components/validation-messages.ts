// Installs the plain zod messages in the browser too, before any form checks its input.
import "@/server/routers/shared/plain-messages";
import type { ErrorWords } from "./error-words";

/**
 * Validation messages as people read them. The service says "field: phrase" with the API's field
 * name ("opening_balance: must be an amount such as 100.00"); next to its field the dashboard says
 * what to do ("Enter an amount such as 100.00"), and elsewhere it names the field as a person would
 * ("Opening balance (account 2) must be an amount such as 100.00.").
 */

/** Labels that are not simply the field's name spelled out. */
const LABELS: Record<string, string> = {
  accent_color: "colour",
  amount_minor: "amount",
  category_ids: "categories",
  currency_code: "currency",
  currency_id: "currency",
  email: "e-mail address",
  expires_in_days: "expiry (days)",
  from_account_id: "account to pay from",
  icon_name: "icon",
  new_email: "new e-mail address",
  opening_balance_date: "opening date",
  recurrence_preset: "repeat",
  source_wallet_id: "wallet money leaves",
  target_wallet_id: "wallet money arrives in",
  to_account_id: "account to pay into",
};

/** Fields set by choosing (selects, radio buttons, checkboxes): "Choose a category", not "Enter". */
const CHOSEN = /(^|_)(ids?|type|direction|audience|period|kind|preset|strategy|scopes|status)$|^currency_code$/;

export interface ValidationPart {
  /** The API's field path ("accounts.1.currency_code"), empty when the problem names none. */
  path: string;
  phrase: string;
}

/** The parts of "Validation failed: a: phrase; b.0.c: phrase" (null for any other message). */
export function validationParts(message: string): ValidationPart[] | null {
  const prefix = "Validation failed: ";
  if (!message.startsWith(prefix)) return null;
  return message
    .slice(prefix.length)
    .split("; ")
    .map((part) => {
      const match = /^([\w.]+): (.+)$/.exec(part);
      return match ? { path: match[1]!, phrase: match[2]! } : { path: "", phrase: part };
    });
}

function spelledOut(name: string): string {
  return LABELS[name] ?? name.replace(/_ids?$/, (ending) => (ending === "_ids" ? "s" : "")).replace(/_/g, " ");
}

/** "accounts.1.opening_balance" -> "opening balance (account 2)"; "name" -> "name". */
function fieldLabel(path: string): string {
  const segments = path.split(".");
  const field = [...segments].reverse().find((segment) => !/^\d+$/.test(segment)) ?? path;
  const index = segments.findIndex((segment) => /^\d+$/.test(segment));
  const parent = index > 0 ? segments[index - 1] : undefined;
  const label = spelledOut(field);
  return parent && parent !== field
    ? `${label} (${spelledOut(parent).replace(/s$/, "")} ${Number(segments[index]) + 1})`
    : label;
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** "a name", "an amount"; a list asks for one of its items: "tags" -> "at least one tag". */
function withArticle(noun: string): string {
  if (/[^s]s$/.test(noun)) return `at least one ${noun.replace(/ies$/, "y").replace(/ases$/, "as").replace(/s$/, "")}`;
  return `${/^[aeiou]/i.test(noun) ? "an" : "a"} ${noun}`;
}

/** The message shown under the field it belongs to, whose label the reader sees already. */
export function fieldMessage(path: string, phrase: string): string {
  const field =
    path
      .split(".")
      .filter((segment) => !/^\d+$/.test(segment))
      .pop() ?? path;
  const label = spelledOut(field);
  const verb = CHOSEN.test(field) ? "Choose" : "Enter";
  if (phrase === "is required" || phrase === "must not be empty" || phrase === "must be an id (a UUID)")
    return `${verb} ${withArticle(label)}`;
  const expected = /^must be (an? .+)$/.exec(phrase);
  if (expected && verb === "Enter") return `Enter ${expected[1]}`;
  return capitalised(phrase);
}

const IMPERATIVE = /^(choose|enter|give|pick|send|use|write) /;

/** A message on its own, above a form or on a page: the field named as a person would. */
function sentence({ path, phrase }: ValidationPart): string {
  // "is required" follows the field's name; "choose an account" and "EUR is already ..." stand alone.
  const label = capitalised(fieldLabel(path));
  const text =
    !path || IMPERATIVE.test(phrase)
      ? capitalised(phrase)
      : /^[a-z]/.test(phrase)
        ? `${label} ${phrase}`
        : `${label}: ${phrase}`;
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

/** Several messages on their own, one sentence each. */
export function sentences(parts: readonly ValidationPart[]): string {
  return parts.map(sentence).join(" ");
}

/**
 * The service's phrases in another language (the API's own words are English: CONTRACT "Errors").
 * Each of the plain zod phrases (server/routers/shared/plain-messages.ts) and the commonest schema
 * phrases has a message; a phrase without one is shown as the service wrote it, inside a sentence
 * of the reader's language.
 */
const BOUNDS: Record<string, string> = { exactly: "exactly", "at least": "least", "at most": "most" };

const PHRASES: ReadonlyArray<[RegExp, (match: RegExpExecArray, t: ErrorWords) => string]> = [
  [/^is required$/, (_, t) => t("phrases.required")],
  [/^must not be empty$/, (_, t) => t("phrases.notEmpty")],
  [/^must be an id \(a UUID\)$/, (_, t) => t("phrases.uuid")],
  [
    /^must be (exactly|at least|at most) (\d+) characters?$/,
    (m, t) => t("phrases.characters", { bound: BOUNDS[m[1]!]!, count: Number(m[2]) }),
  ],
  [
    /^must have (exactly|at least|at most) (\d+) items?$/,
    (m, t) => t("phrases.items", { bound: BOUNDS[m[1]!]!, count: Number(m[2]) }),
  ],
  [/^must be on or after (.+)$/, (m, t) => t("phrases.onOrAfter", { value: m[1]! })],
  [/^must be on or before (.+)$/, (m, t) => t("phrases.onOrBefore", { value: m[1]! })],
  [/^must be more than (\S+)$/, (m, t) => t("phrases.moreThan", { value: m[1]! })],
  [/^must be less than (\S+)$/, (m, t) => t("phrases.lessThan", { value: m[1]! })],
  [/^must be (\S+) or more$/, (m, t) => t("phrases.orMore", { value: m[1]! })],
  [/^must be (\S+) or less$/, (m, t) => t("phrases.orLess", { value: m[1]! })],
  [/^must be an e-mail address such as/, (_, t) => t("phrases.email")],
  [/^must be a web address/, (_, t) => t("phrases.url")],
  [/^must be a date \(YYYY-MM-DD\)$/, (_, t) => t("phrases.date")],
  [/^must be a date and time such as/, (_, t) => t("phrases.dateTime")],
  [/^must be a time such as/, (_, t) => t("phrases.time")],
  [/^must be text$/, (_, t) => t("phrases.text")],
  [/^must be a number$/, (_, t) => t("phrases.number")],
  [/^must be a whole number$/, (_, t) => t("phrases.wholeNumber")],
  [/^must be true or false$/, (_, t) => t("phrases.boolean")],
  [/^must be a list$/, (_, t) => t("phrases.list")],
  [/^must be an object$/, (_, t) => t("phrases.object")],
  [/^must be one of: (.+)$/, (m, t) => t("phrases.oneOf", { values: m[1]! })],
  [/^must be a multiple of (\S+)$/, (m, t) => t("phrases.multipleOf", { value: m[1]! })],
  [/^is not a field this request takes$/, (_, t) => t("phrases.notAField")],
  [/^is not valid$/, (_, t) => t("phrases.notValid")],
  [/^is not in the expected format$/, (_, t) => t("phrases.format")],
  [/^must be an amount such as (.+)$/, (m, t) => t("phrases.amount", { example: m[1]! })],
];

/** `phrase` in the reader's language, or null when it has no message. */
function translatedPhrase(phrase: string, t: ErrorWords): string | null {
  for (const [pattern, words] of PHRASES) {
    const match = pattern.exec(phrase);
    if (match) return words(match, t);
  }
  return null;
}

/** fieldMessage in the reader's language: what to do next to the field ("Bitte ausfüllen."). */
export function translatedFieldMessage(path: string, phrase: string, t: ErrorWords): string {
  const field =
    path
      .split(".")
      .filter((segment) => !/^\d+$/.test(segment))
      .pop() ?? path;
  if (phrase === "is required" || phrase === "must not be empty" || phrase === "must be an id (a UUID)") {
    return CHOSEN.test(field) ? t("field.choose") : t("field.enter");
  }
  // The service's own instructions ("choose an account", "enter a name").
  if (/^(choose|pick) /.test(phrase)) return t("field.choose");
  if (/^(enter|give|write) /.test(phrase)) return t("field.enter");
  const translated = translatedPhrase(phrase, t);
  if (translated) return `${capitalised(translated)}.`;
  // A whole sentence already (the amount reader's, in the reader's language): as it is.
  return /^[a-z]/.test(phrase) ? t("field.check", { phrase }) : phrase;
}

/** sentences in the reader's language: each names the API's field ("„name“: ist erforderlich."). */
export function translatedSentences(parts: readonly ValidationPart[], t: ErrorWords): string {
  return parts
    .map(({ path, phrase }) => {
      const words = translatedPhrase(phrase, t) ?? phrase;
      return path
        ? t("sentence.field", { field: path, phrase: words })
        : t("sentence.plain", { phrase: capitalised(words) });
    })
    .join(" ");
}
