/**
 * Columns settled by their content: the header names proposed a mapping (columns.ts); here the
 * cells decide where they disagree or where the names said nothing. A running balance that the
 * amounts reproduce row by row outranks any name; so do dates where the named column holds none.
 */
import { isCurrencyColumn, isTextColumn, type ColumnFacts, columnFacts } from "./column-facts";
import { namedAs, type SettleInput, taken } from "./column-claims";
import { INDEX_ROLES, type ColumnMap } from "./columns";
import { settleAmounts } from "./settle-amounts";
import { settleDates } from "./settle-dates";

/** A currency column the names did not find: codes in every cell. */
function settleCurrency(input: SettleInput, facts: ColumnFacts[], map: ColumnMap): void {
  if (map.currency !== null || input.locked.has("currency")) return;
  const used = taken(map);
  map.currency = facts.find((f) => isCurrencyColumn(f) && !used.has(f.index))?.index ?? null;
}

/** Names of what describes a party, not a payment: its category, place or kind. */
const ATTRIBUTE_NAME =
  /^(?:category|categories|kategorie|categoria|categorie|kategoria|city|stadt|ort|country|land|pays|pais|ville|ciudad|region|state|zip|postcode|mcc|tag|tags|label|labels)$/;

/** Names of the bank's own office that kept or booked the row ("Branch Name", "Cabang"): never the row's text. */
const BANK_OFFICE = /\b(?:branch|sucursal|oficina|agence|agencia|filiale|cabang)\b/;

/**
 * A description column the names did not find: the most varied text with the most letters (a
 * merchant's name, not a card's foreign amount and rate beside it: "8.10 SGD @ .976500000000").
 */
function settleText(input: SettleInput, facts: ColumnFacts[], map: ColumnMap): void {
  // Named description columns that are empty on every row name nothing: the text is elsewhere
  // (Stanbic's "Transaction description" heads an empty column beside the unheaded one with the text).
  const filled = (index: number) => (facts.find((f) => f.index === index)?.filled ?? 0) > 0;
  if (map.description.length > 0 && !map.description.some(filled) && !input.locked.has("description"))
    map.description = [];
  const used = taken(map);
  // Without a description the counterparty describes a row (see rows.ts): only look when there is neither.
  // Payer and payee both named describe every row by its direction (Wise's Source and Target names);
  // beside one of them, or beside a column of the payment's kind or reference that describes a row
  // without other text (rows.ts; Revolut's 2018 "Reference": "Shop A"), a column named for what a
  // party is (its category, city, country) is no text.
  const party = map.counterparty ?? (map.payer !== null && map.payee !== null ? map.payer : null);
  const describedOtherwise = map.payer !== null || map.payee !== null || map.type.length > 0;
  const lettered = facts.filter((f) => isTextColumn(f) && !used.has(f.index) && f.index !== map.currency);
  if (map.description.length === 0 && party === null && !input.locked.has("description")) {
    const text = lettered
      .filter((f) => !describedOtherwise || !ATTRIBUTE_NAME.test(input.names[f.index] ?? ""))
      .filter((f) => !BANK_OFFICE.test(input.names[f.index] ?? ""))
      .sort((a, b) => b.meanLetters * Math.min(b.distinct, 20) - a.meanLetters * Math.min(a.distinct, 20));
    // The category the rows are filed under describes them only where no other text varies as much
    // (a budget app's export whose notes are empty); Intesa's "Dettagli" beside its "Categoria " does.
    const category = text[0]?.index === map.category ? text[0] : undefined;
    const other = category && text.find((f) => f !== category && f.distinct >= Math.max(2, category.distinct));
    const chosen = other ?? text[0];
    if (chosen) map.description = [chosen.index];
    return;
  }
  // Named description columns of codes alone ("12" | "040", CaixaBank's "Common description" and "Own
  // description") say nothing a person reads: the column of words beside them is the text ("MERCADONA
  // LA REMU" under "Complementary concept 1"), the one with the most letters, which is no party's.
  const codesOnly = (index: number) => (facts.find((f) => f.index === index)?.meanLetters ?? 0) < 1;
  if (map.description.length > 0 && map.description.every(codesOnly) && !input.locked.has("description")) {
    const words = lettered
      .filter(
        (f) =>
          f.meanLetters >= 3 &&
          !ATTRIBUTE_NAME.test(input.names[f.index] ?? "") &&
          !BANK_OFFICE.test(input.names[f.index] ?? ""),
      )
      .sort((a, b) => b.meanLetters * Math.min(b.distinct, 20) - a.meanLetters * Math.min(a.distinct, 20));
    if (words[0]) map.description = [words[0].index];
  }
}

/**
 * Columns without a name right after a named description column hold more of its text: PKO BP names
 * one column "Opis transakcji" for a text spread over seven (the title, then the card payment's place,
 * day and card), so the merchant was lost.
 */
function settleTextOverflow(input: SettleInput, facts: ColumnFacts[], map: ColumnMap): void {
  if (input.locked.has("description")) return;
  const { names } = input;
  const used = taken(map);
  const more: number[] = [];
  for (const named of map.description) {
    if ((names[named] ?? "") === "") continue;
    for (let next = named + 1; next < names.length && names[next] === "" && !used.has(next); next++) {
      const f = facts[next];
      if (f && isTextColumn(f)) more.push(next);
    }
  }
  addDescription(map, more);
}

/** Names banks give the kind of a payment ("LASTSCHRIFT", Sparkasse's) as often as its whole text (comdirect's). */
const KIND_OR_TEXT_NAMES = new Set(["buchungstext", "booking text", "umsatztext", "transaction text"]);

/**
 * A column whose name means the kind or the text alike that holds the row's words (comdirect's
 * "Buchungstext": "Auftraggeber: BLUMENLADEN Buchungstext: EC 6098..."; Sparkasse's holds
 * "LASTSCHRIFT") is the description, and the description found by its cells alone, a few short values
 * beside it (comdirect's "Vorgang": "Lastschrift Einzug"), is the kind: the text was read from the kind
 * and the merchant lost. Not a column named as the kind only ("Type", "Reference"): a merchant column
 * no name found ("Vendor") repeats a few names too.
 */
function settleTypeText(input: SettleInput, facts: ColumnFacts[], map: ColumnMap): void {
  if (input.locked.has("description") || input.locked.has("type") || map.description.length === 0) return;
  if (map.description.some((index) => namedAs(input.names, index, "description"))) return;
  const described = map.description.map((index) => facts[index]).filter((f): f is ColumnFacts => f !== undefined);
  const letters = Math.max(0, ...described.map((f) => f.meanLetters));
  const distinct = Math.max(0, ...described.map((f) => f.distinct));
  const text = map.type.find((index) => {
    const f = facts[index];
    return (
      KIND_OR_TEXT_NAMES.has(input.names[index] ?? "") &&
      f !== undefined &&
      isTextColumn(f) &&
      f.meanLetters >= 2 * letters &&
      f.distinct > distinct
    );
  });
  if (text === undefined) return;
  map.type = [...map.type.filter((index) => index !== text), ...map.description].sort((a, b) => a - b);
  map.description = [text];
}

/** Letters a kind column's cell holds on average, at least, when it says what happened in a sentence rather than name a kind. */
const SENTENCE_LETTERS = 24;

/**
 * A column named as the kind whose cells are sentences ("YOU BOUGHT . EXCHANGE FROM FXAIX FIDELITY
 * 500 INDEX FUND (Cash)", "DIRECT DEBIT CARDMEMBER SERWEB PYMT", Fidelity's "Action") says what happened
 * more than the description beside it (the fund's name): it is read as the first part of the text. A
 * kind names itself in a word or two ("Lastschrift", "Card payment", "Express Checkout Payment").
 */
function settleSentenceType(input: SettleInput, facts: ColumnFacts[], map: ColumnMap): void {
  if (input.locked.has("description") || input.locked.has("type") || map.description.length === 0) return;
  const sentences = map.type.filter((index) => {
    const f = facts[index];
    return f !== undefined && isTextColumn(f) && f.meanLetters >= SENTENCE_LETTERS && f.distinct >= 2;
  });
  if (sentences.length === 0) return;
  map.type = map.type.filter((index) => !sentences.includes(index));
  map.description = [...sentences, ...map.description];
}

/**
 * A party column empty on every row names no one: another column whose name is a party's and that
 * holds several names takes its place (ICBC's card statement names 对方户名, empty, and 交易场所, the
 * merchant). One name on every row is the account holder's (KBC's "Naam"), not the other party's.
 */
function settleEmptyParty(input: SettleInput, facts: ColumnFacts[], map: ColumnMap): void {
  if (input.locked.has("counterparty") || map.counterparty === null) return;
  if ((facts[map.counterparty]?.filled ?? 0) > 0) return;
  const used = taken(map);
  const other = input.names.findIndex(
    (_, index) =>
      !used.has(index) &&
      namedAs(input.names, index, "counterparty") &&
      (facts[index]?.distinct ?? 0) >= 2 &&
      isTextColumn(facts[index]!),
  );
  if (other >= 0) map.counterparty = other;
}

/** A name ending in its column's number ("transaction ref1", "verwendungszweck 2"): the stem before it. */
const NUMBERED = /^(\p{L}[\p{L} ]{2,}?) ?\d{1,2}$/u;

/**
 * Columns named as a description column is but for their number hold the rest of its text: DBS
 * writes "Transaction Ref1", "Ref2" and "Ref3" (the place of an ATM withdrawal in the second), so the
 * text read from the first alone lost it ("02051101" for "02051101 NTUC E COAST R").
 */
function settleNumberedText(input: SettleInput, facts: ColumnFacts[], map: ColumnMap): void {
  if (input.locked.has("description")) return;
  const { names } = input;
  const used = taken(map);
  const stemOfColumn = names.map((name) => NUMBERED.exec(name)?.[1]);
  const columnsOf = new Map<string, number>();
  for (const stem of stemOfColumn) if (stem) columnsOf.set(stem, (columnsOf.get(stem) ?? 0) + 1);
  // A stem most columns share numbers the columns themselves ("Column 1".."Column 9", "Field 3"), not one text's parts.
  const stems = new Set(
    map.description
      .flatMap((index) => stemOfColumn[index] ?? [])
      .filter((stem) => columnsOf.get(stem)! * 2 <= names.length),
  );
  if (stems.size === 0) return;
  const more = stemOfColumn.flatMap((stem, index) => {
    const f = facts[index];
    return stem && stems.has(stem) && !used.has(index) && f && isTextColumn(f) ? [index] : [];
  });
  addDescription(map, more);
}

/**
 * Of several currency columns (Nordnet names a fee's, the amount's and a purchase value's all
 * "Valuta"), the amount's is the one right after it, as exports write each amount's currency.
 */
function settleAmountCurrency(input: SettleInput, facts: ColumnFacts[], map: ColumnMap): void {
  if (input.locked.has("currency") || map.amount === null || map.currency === map.amount + 1) return;
  const next = facts[map.amount + 1];
  if (!next || !isCurrencyColumn(next) || !namedAs(input.names, next.index, "currency")) return;
  if (map.currency !== null && !namedAs(input.names, map.currency, "currency")) return;
  map.currency = next.index;
}

/**
 * New Zealand's payment fields, Particulars, Code and Reference, are the payer's own words: beside
 * Particulars, Code is more of the text (ANZ writes a card purchase's merchant there: 1,837 of 3,129
 * rows were described by the masked card number alone).
 */
function settlePaymentFields(input: SettleInput, map: ColumnMap): void {
  if (input.locked.has("description") || !input.names.includes("particulars")) return;
  const code = input.names.indexOf("code");
  if (code < 0 || taken(map).has(code)) return;
  addDescription(map, [code]);
}

/** More description columns, read in file order with the others. */
function addDescription(map: ColumnMap, columns: readonly number[]): void {
  if (columns.length > 0) map.description = [...new Set([...map.description, ...columns])].sort((a, b) => a - b);
}

/**
 * A name over an empty column whose values stand in the unnamed column right after it: a workbook's
 * header cell merged over two columns keeps its text in the first, the rows their values in the
 * second (BCI's "SALDO DIARIO", so no closing balance was read). The role moves to the next column.
 */
function settleMergedNames(input: SettleInput, facts: ColumnFacts[], map: ColumnMap): void {
  const { names } = input;
  const filled = (index: number) => (facts[index]?.filled ?? 0) > 0;
  const moved = (index: number): number =>
    (names[index] ?? "") !== "" && !filled(index) && names[index + 1] === "" && filled(index + 1) ? index + 1 : index;
  const used = taken(map);
  // The date is settled by its cells (settle-dates.ts).
  for (const role of INDEX_ROLES) {
    const index = map[role];
    if (index === null || input.locked.has(role)) continue;
    const next = moved(index);
    if (next !== index && !used.has(next)) map[role] = next;
  }
  if (!input.locked.has("description")) map.description = map.description.map(moved);
}

/** The header's mapping, corrected and completed by what the cells show. */
export function settleColumns(input: SettleInput): ColumnMap {
  const map: ColumnMap = { ...input.map, description: [...input.map.description], type: [...input.map.type] };
  const facts = columnFacts(input.sample, input.width);
  settleMergedNames(input, facts, map);
  settleDates(input, facts, map);
  settleCurrency(input, facts, map);
  settleAmounts(input, facts, map);
  settleAmountCurrency(input, facts, map);
  settleEmptyParty(input, facts, map);
  settleText(input, facts, map);
  settleTypeText(input, facts, map);
  settleSentenceType(input, facts, map);
  settleTextOverflow(input, facts, map);
  settleNumberedText(input, facts, map);
  settlePaymentFields(input, map);
  return map;
}
