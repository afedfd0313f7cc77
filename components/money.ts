/** How amounts look beside their text; the text itself comes from useFormat().money (components/locale). */

/** The CSS class colouring an amount by its sign. */
export function amountClass(amount: string): string {
  if (amount.startsWith("-")) return "money-cell money-negative";
  return /[1-9]/.test(amount) ? "money-cell money-positive" : "money-cell";
}

/** A balance: only a negative one stands out (a positive balance is the normal case, not income). */
export function balanceClass(amount: string): string {
  return amount.startsWith("-") ? "money-cell money-negative" : "money-cell";
}
