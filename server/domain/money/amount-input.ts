import type { Db } from "../../db";
import { AppError } from "../../errors";
import type { CurrencyInfo } from "./currencies";
import { Decimal } from "./money";

/** Why `amount` cannot be an amount of `currency` ("EUR amounts have at most 2 decimal places"), or null. */
export function placesProblem(amount: Decimal, currency: Pick<CurrencyInfo, "code" | "decimalPlaces">): string | null {
  if (amount.decimalPlaces() <= currency.decimalPlaces) return null;
  const places =
    currency.decimalPlaces === 0 ? "no decimal places" : `at most ${currency.decimalPlaces} decimal places`;
  return `${currency.code.trim()} amounts have ${places}`;
}

/**
 * An amount typed into a form, checked against its currency's places ("12.345" is refused for
 * EUR). Named after the field so the form shows the message next to it.
 */
export function amountIn(value: string, currency: CurrencyInfo, field: string): Decimal {
  const amount = new Decimal(value);
  const problem = placesProblem(amount, currency);
  if (problem) throw new AppError("VALIDATION_FAILED", `Validation failed: ${field}: ${problem}`);
  return amount;
}

/** An enabled currency by its code, or a validation error naming `field`. */
export async function currencyByCode(db: Db, code: string, field: string): Promise<CurrencyInfo> {
  const currency = await db.prisma.currency.findUnique({
    where: { code },
    select: { id: true, code: true, symbol: true, decimalPlaces: true, enabled: true },
  });
  if (!currency || !currency.enabled) {
    throw new AppError("VALIDATION_FAILED", `Validation failed: ${field}: ${code} is not a supported currency`);
  }
  return {
    id: currency.id,
    code: currency.code.trim(),
    symbol: currency.symbol,
    decimalPlaces: currency.decimalPlaces,
  };
}
