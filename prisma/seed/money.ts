/** Integer cents to a 2-place decimal string ("-12.30"): the seed never does money in floats. */
export function centsToDecimal(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Not a whole number of cents: ${cents}`);
  const sign = cents < 0 ? "-" : "";
  const absolute = Math.abs(cents);
  return `${sign}${Math.floor(absolute / 100)}.${String(absolute % 100).padStart(2, "0")}`;
}

/** Converts whole cents with an exchange rate, rounding half away from zero to whole cents. */
export function convertCents(cents: number, rate: number): number {
  const converted = Math.round(Math.abs(cents) * rate);
  return cents < 0 ? -converted : converted;
}
