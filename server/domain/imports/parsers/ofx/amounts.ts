import { parseAmount } from "../numbers";

/**
 * An OFX amount (TRNAMT, BALAMT) as a plain decimal string, signed as written. OFX allows "." or
 * "," as the decimal mark and no thousands separators; when a file mixes both anyway, the last
 * mark is the decimal one. Null when the text is not an amount.
 */
export function ofxAmount(value: string | null): string | null {
  const text = (value ?? "").trim();
  if (!/\d/.test(text)) return null;
  const lastDot = text.lastIndexOf(".");
  const lastComma = text.lastIndexOf(",");
  return parseAmount(text, lastComma > lastDot ? "," : ".");
}
