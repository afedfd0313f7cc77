/**
 * Codes a currency still goes by on statements though ISO replaced them: Russian banks (Sberbank,
 * Alfa-Bank, VTB) print RUR, the rouble's code before 1998, for today's roubles.
 */
const CURRENT_CODES: ReadonlyMap<string, string> = new Map([["RUR", "RUB"]]);

/** The code ISO gives the currency today ("RUR" -> "RUB"; any other code as it is). */
export function currentCurrencyCode(code: string): string {
  return CURRENT_CODES.get(code) ?? code;
}
