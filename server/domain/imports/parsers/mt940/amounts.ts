import { negateAmount, parseAmount } from "../numbers";
import { mt940Day } from "./dates";

/**
 * An MT940 amount: digits with a decimal comma, zero-padded or without decimals ("0000473,17", "500,",
 * "500"), or with the decimal point some banks write instead of SWIFT's comma (Standard Bank's
 * "DR52.58": it was read as 52, the cents lost).
 */
export function mt940Amount(digits: string): string | null {
  if (!/^\d+(,\d*|\.\d{1,2})?$/.test(digits)) return null;
  return parseAmount(digits, digits.includes(".") ? "." : ",");
}

export interface Mt940Balance {
  /** Signed: a D (debit) balance is negative. */
  amount: string;
  date: string;
  currencyCode: string;
}

/** A balance field (:60F: :60M: :62F: :62M: :64:): "C110522EUR3236,28"; null when it cannot be read. */
export function mt940Balance(content: string): Mt940Balance | null {
  const match = /^([CD])(\d{6})([A-Z]{3})(\d+(?:,\d*|\.\d{1,2})?)$/.exec(content.replace(/\s+/g, ""));
  if (!match) return null;
  const date = mt940Day(match[2]!);
  const amount = mt940Amount(match[4]!);
  if (!date || amount === null) return null;
  return { amount: match[1] === "D" ? negateAmount(amount) : amount, date, currencyCode: match[3]! };
}
