import type { Mt940Field } from "./fields";

/** What a transaction's :86: information says. */
export interface TransactionDetails {
  /** The purpose (remittance information), when the bank gives one. */
  purpose: string | null;
  counterparty: string | null;
  /** The bank's booking text ("GUTSCHRIFT", "SEPA OVERBOEKING"), when structured. */
  postingText: string | null;
  /** The whole text, lines joined, for unstructured information. */
  text: string | null;
}

const SWIFT_LINE = 65;
/** Keys of the Dutch (and SWIFT-style) slash-structured :86: ("/EREF/.../NAME/.../REMI/..."). */
const SLASH_KEYS = [
  "TRTP",
  "IBAN",
  "BIC",
  "NAME",
  "REMI",
  "EREF",
  "ORDP",
  "BENM",
  "CNTP",
  "MARF",
  "CSID",
  "PREF",
  "RTRN",
  "ADDR",
  "ISDT",
  "ID",
  "OCMT",
  "SUM",
  "PURP",
  "ULTC",
  "ULTD",
  "ULTB",
  "CHGS",
  "EXCH",
  "BUSP",
  "SVCL",
  "RTYP",
  "ISSR",
];
const SLASH_KEY = new RegExp(`/(${SLASH_KEYS.join("|")})/`, "g");
/**
 * German structured :86: "GVC?00text?20text...", Triodos writes ">" for "?", ING Romania "~"
 * ("035~20AMT RCD…~32NEXTERP ROMANIA SRL"), Bulgarian and Romanian banks "+" after a code of letters
 * or digits ("TBB+00ПРЕВОД...+21...+32ФИРМА1 ООД", Tokuda Bank's; "000+20Plata +32RUSSMEDIA PRESS SRL", BRD's).
 */
const SUBFIELD_START = /^\s*(?:(?:\d{3})?([?>~])|(?:[A-Z]{3}|\d{3})(\+))\d{2}/;
/** Subfields that exist (?00 ?10 ?20-?39 ?60-?63 ?70-?79): "335?960.484" is text, not field 96. */
const SUBFIELD_CODE = /^(00|10|2\d|3\d|6[0-3]|7\d)$/;
const SEPA_MARK = /\b(EREF|KREF|MREF|CRED|DEBT|ABWA|ABWE|COAM|OAMT|IBAN|BIC|SVWZ)\+/g;

function clean(value: string | null | undefined): string | null {
  const text = value?.replace(/\s+/g, " ").trim();
  return text && /[\p{L}\p{N}]/u.test(text) ? text : null;
}

/**
 * Joins a field's lines. Lines are cut at 65 columns, often mid-word: a full line, or any line of
 * structured text, continues without a space, unless a space ends the line or starts the next
 * one (free text), the next one starts with a keyword ("REK: ", "NAAM: ") or a blank line lies between.
 */
function joinLines(field: Mt940Field, structured: boolean): string {
  let out = "";
  let previousRaw: string | null = null;
  let blankBetween = false;
  field.texts.forEach((text, index) => {
    const raw = field.raws[index] ?? text;
    if (text.trim() === "") {
      blankBetween = true;
    } else {
      if (previousRaw !== null) {
        // A line that starts with a keyword ("REK: NL84...", "NAAM: ...", Knab) starts a new item.
        const keyword = /^[A-Z]{2,12}: /.test(text);
        const spaced = blankBetween || keyword || /\s$/.test(previousRaw) || (!structured && /^\s/.test(text));
        const direct = !spaced && (structured || previousRaw.length >= SWIFT_LINE);
        out += direct ? "" : " ";
      }
      out += previousRaw === null ? text : structured ? text : text.trim();
      blankBetween = false;
    }
    previousRaw = raw;
  });
  return out;
}

/** Subfields in their order; a subfield continues without a space when the one before is full (27 characters). */
function subfields(text: string, separator: string): Array<{ code: string; value: string }> {
  const found: Array<{ code: string; start: number; end: number }> = [];
  for (const match of text.matchAll(new RegExp(`\\${separator}(\\d{2})`, "g"))) {
    if (SUBFIELD_CODE.test(match[1]!)) found.push({ code: match[1]!, start: match.index, end: match.index + 3 });
  }
  // A separator without a code ends the text ("…344944869 ~", ING Romania's): no part of the last value.
  const trimmed = text.trimEnd();
  const end = trimmed.endsWith(separator) ? trimmed.length - 1 : text.length;
  return found.map((field, i) => ({
    code: field.code,
    value: text.slice(field.end, found[i + 1]?.start ?? end),
  }));
}

/** An IBAN alone ("RO25INGB0014000031948911" in ING Romania's ~33), or no letter or digit at all ("/"): no name. */
const NO_NAME = /^\s*(?:[A-Z]{2}\d{2}[A-Z0-9]{10,30}|[^\p{L}\p{N}]*)\s*$/u;

function joinSubfields(values: string[]): string {
  return values.reduce(
    (acc, value, i) => (i === 0 ? value : acc + ((values[i - 1]?.length ?? 0) >= 27 ? "" : " ") + value),
    "",
  );
}

/** The SEPA purpose after "SVWZ+" when the text has one, else the text. */
function sepaPurpose(purpose: string): string {
  const at = purpose.indexOf("SVWZ+");
  if (at < 0) return purpose;
  const rest = purpose.slice(at + 5);
  SEPA_MARK.lastIndex = 0;
  const next = SEPA_MARK.exec(rest);
  return clean(next ? rest.slice(0, next.index) : rest) ?? purpose;
}

function germanDetails(text: string, separator: string): TransactionDetails {
  const parts = subfields(text, separator);
  const pick = (test: (code: number) => boolean) =>
    parts.filter((part) => test(Number(part.code))).map((part) => part.value);
  const purpose = clean(joinSubfields(pick((code) => (code >= 20 && code <= 29) || (code >= 60 && code <= 63))));
  const postingText = clean(pick((code) => code === 0).join(" "));
  // A booking text that holds the purpose and more is the whole text (Tokuda Bank's "+00ПРЕВОД ЗА БУЛБАНК
  // Ф1460004654/26.07.2006\РЕЗЕРВНИ ЧАСТИ МАШИНИ" beside "+21Ф1460004654/26.07.2006"), not a kind.
  const fuller =
    purpose !== null && postingText !== null && postingText.length > purpose.length && postingText.includes(purpose);
  return {
    purpose: fuller ? postingText.replaceAll("\\", " ") : purpose ? sepaPurpose(purpose) : null,
    counterparty: clean(
      joinSubfields(pick((code) => code === 32 || code === 33).filter((name) => !NO_NAME.test(name))),
    ),
    postingText: fuller ? null : postingText,
    text: null,
  };
}

function slashDetails(text: string): TransactionDetails {
  const matches = [...text.matchAll(SLASH_KEY)];
  const values = new Map<string, string>();
  matches.forEach((match, i) => {
    const value = text.slice(match.index + match[0].length, matches[i + 1]?.index ?? text.length).replace(/\/+$/, "");
    if (!values.has(match[1]!)) values.set(match[1]!, value);
  });
  // ING: /CNTP/<IBAN>/<BIC>/<name>/<city>/; REMI may start with USTD// or STRD/CUR/.
  const counterpartyFromCntp = values.get("CNTP")?.split("/")[2];
  const remittance = values.get("REMI")?.replace(/^(USTD\/\/?|STRD\/CUR\/|STRD\/)/, "");
  return {
    purpose: clean(remittance),
    counterparty: clean(values.get("NAME")) ?? clean(counterpartyFromCntp),
    postingText: clean(values.get("TRTP")),
    text: null,
  };
}

/**
 * Labels of a :86: text written as "KIND; LABEL: value; ..." (mBank's: "770 PRZELEW KRAJOWY; Z RACH.:
 * 3410...; OD: NAME ADDRESS; TYT.: PURPOSE"): who paid (OD, from), who was paid (DLA, for) and the title.
 */
const PARTY_LABELS = new Set(["OD", "DLA", "NADAWCA", "ODBIORCA"]);
const PURPOSE_LABELS = new Set(["TYT.", "TYTUŁ", "TYTUL", "TYTUŁEM"]);

/**
 * The labelled parts of such a text, or null when it is not written so (two labels at least, one a
 * party's with a name or a title). A part without a label goes on the label before it (a title "FV
 * 12/2024; FV 13/2024"); the parts before the first label are the kind. Without a title the whole text
 * stays the purpose (a card payment's or a tax transfer's other parts say what it was).
 */
function labelledDetails(text: string): TransactionDetails | null {
  const parts = text.split(/;\s+/);
  if (parts.length < 3) return null;
  const values: Array<[string, string]> = [];
  const kind: string[] = [];
  for (const part of parts) {
    const label = /^([A-ZĄĆĘŁŃÓŚŹŻ][A-ZĄĆĘŁŃÓŚŹŻ .]{0,20}?):\s*(.*)$/u.exec(part);
    if (label) values.push([label[1]!.trim(), label[2]!.trim()]);
    else if (values.length > 0) values[values.length - 1]![1] += `; ${part}`;
    else kind.push(part);
  }
  const party = values.find(([key, value]) => PARTY_LABELS.has(key) && /\p{L}/u.test(value))?.[1];
  const title = values.find(([key]) => PURPOSE_LABELS.has(key))?.[1];
  if (values.length < 2 || (party === undefined && title === undefined)) return null;
  return {
    purpose: clean(title) ?? clean(text),
    counterparty: clean(party),
    postingText: clean(kind.join("; ").replace(/^\d{3}\s+/, "")),
    text: null,
  };
}

/**
 * Dutch labels in the text: "FACTUUR 201403110 REK: NL65INGB0123456789/NAAM: PICQER" (Knab's), "... NAAM:
 * BELASTINGDIENST BETALINGSKENM.: ..." (ABN AMRO's) name the other party, up to the next label; the rest
 * is the purpose.
 */
const DUTCH_PARTY = /(?:^|\s)(?:REK:\s*\S+?\s*\/\s*)?NAAM:\s*(.+?)\s*(?=\s(?:ID\s)?[A-Z]{2,16}\.?:\s|$)/;

function dutchLabelledDetails(text: string): TransactionDetails | null {
  const party = DUTCH_PARTY.exec(text);
  if (!party) return null;
  const purpose = clean(text.slice(0, party.index) + text.slice(party.index + party[0].length));
  return { purpose, counterparty: clean(party[1]), postingText: null, text: null };
}

/** Reads the :86: fields that follow one :61: (several :86: tags are one text, as Rabobank writes them). */
export function readDetails(fields: Mt940Field[]): TransactionDetails {
  const empty: TransactionDetails = { purpose: null, counterparty: null, postingText: null, text: null };
  if (fields.length === 0) return empty;
  const first = fields[0]!.texts[0] ?? "";
  const german = SUBFIELD_START.exec(first);
  const slash = new RegExp(`^\\s*/(${SLASH_KEYS.join("|")})/`).test(first);
  const plain = clean(fields.map((field) => joinLines(field, false)).join(" "));
  if (!german && !slash) {
    const labelled = plain ? (labelledDetails(plain) ?? dutchLabelledDetails(plain)) : null;
    return labelled ? { ...labelled, text: plain } : { ...empty, text: plain };
  }
  const structured = fields.map((field) => joinLines(field, true)).join(" ");
  const details = german ? germanDetails(structured, german[1] ?? german[2]!) : slashDetails(structured);
  return { ...details, text: plain };
}
