/**
 * The bank profiles known by name: header signatures (normalised names, see headers.ts) or
 * data-row shapes, and what each bank's export needs beyond the generic reading.
 */
import { CENTRAL_EUROPEAN_AND_SWISS_BANKS, ITALIAN_BANKS, SPANISH_BANKS } from "./banks/central-and-southern-european";
import { DUTCH_AND_BELGIAN_BANKS } from "./banks/dutch-belgian";
import { NORTH_AMERICAN_BANKS, SINGAPOREAN_BANKS, UK_AND_IRISH_BANKS } from "./banks/english-language";
import { GERMAN_AND_AUSTRIAN_BANKS } from "./banks/german-austrian";
import { PAYMENT_PROVIDERS } from "./banks/payment-providers";
import type { BankProfile } from "./profiles";

// In this order: the first headerless profile that fits wins, and so does the first of two equally long signatures.
export const BANK_PROFILES: readonly BankProfile[] = [
  ...GERMAN_AND_AUSTRIAN_BANKS,
  ...DUTCH_AND_BELGIAN_BANKS,
  ...CENTRAL_EUROPEAN_AND_SWISS_BANKS,
  ...UK_AND_IRISH_BANKS,
  ...ITALIAN_BANKS,
  ...SINGAPOREAN_BANKS,
  ...NORTH_AMERICAN_BANKS,
  ...SPANISH_BANKS,
  ...PAYMENT_PROVIDERS,
];
