/** Amounts as the dashboard shows them: the server's decimal string, digits grouped, never through a float. */

function groupDigits(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/** "-1234.50" -> "−1,234.50"; the string is shown as the server formatted it (currency places kept). */
export function formatAmount(amount: string): string {
  const negative = amount.startsWith("-");
  const [whole = "0", fraction] = (negative ? amount.slice(1) : amount).split(".");
  const text = fraction === undefined ? groupDigits(whole) : `${groupDigits(whole)}.${fraction}`;
  return negative ? `−${text}` : text;
}

export function formatMoney(amount: string, currencyCode: string): string {
  return `${formatAmount(amount)} ${currencyCode}`;
}

/** The CSS class colouring an amount by its sign. */
export function amountClass(amount: string): string {
  if (amount.startsWith("-")) return "money-cell money-negative";
  return /[1-9]/.test(amount) ? "money-cell money-positive" : "money-cell";
}

/** A balance: only a negative one stands out (a positive balance is the normal case, not income). */
export function balanceClass(amount: string): string {
  return amount.startsWith("-") ? "money-cell money-negative" : "money-cell";
}
