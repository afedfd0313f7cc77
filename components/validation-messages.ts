// Installs the plain zod messages in the browser too, before any form checks its input.
import "@/server/routers/shared/plain-messages";

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
