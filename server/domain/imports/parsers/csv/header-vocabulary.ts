/**
 * The vocabulary of column headers: what banks call each column in English, German, Dutch, French,
 * Spanish, Italian, Czech, Slovak, Polish, Hungarian, the Nordic languages, Ukrainian and Russian,
 * Chinese and Japanese (data only; headers.ts matches names against it). Names are compared
 * after `normaliseHeader`: lower case, no diacritics, punctuation as single spaces, currency codes
 * taken out ("Betrag (EUR)" -> "betrag" + EUR).
 */
import { AMOUNT_NAMES } from "./header-names/amounts";
import { BALANCE_AND_CURRENCY_NAMES } from "./header-names/balances-and-currencies";
import { DATE_NAMES } from "./header-names/dates";
import { PARTY_NAMES } from "./header-names/parties";
import type { RoleNames } from "./header-names/roles";
import { TEXT_NAMES } from "./header-names/texts";

export type { ColumnRole, NamePattern } from "./header-names/roles";

// The roles in this order: a name that fits several roles lists them in it (see rolesForName).
export const ROLE_NAMES: RoleNames = {
  date: DATE_NAMES.date,
  valueDate: DATE_NAMES.valueDate,
  amount: AMOUNT_NAMES.amount,
  debit: AMOUNT_NAMES.debit,
  credit: AMOUNT_NAMES.credit,
  indicator: AMOUNT_NAMES.indicator,
  balance: BALANCE_AND_CURRENCY_NAMES.balance,
  balanceBefore: BALANCE_AND_CURRENCY_NAMES.balanceBefore,
  currency: BALANCE_AND_CURRENCY_NAMES.currency,
  reference: TEXT_NAMES.reference,
  counterparty: PARTY_NAMES.counterparty,
  payer: PARTY_NAMES.payer,
  payee: PARTY_NAMES.payee,
  account: PARTY_NAMES.account,
  description: TEXT_NAMES.description,
  type: TEXT_NAMES.type,
  category: TEXT_NAMES.category,
};
