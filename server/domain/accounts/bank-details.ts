/**
 * The bank's identifiers of an account (IBAN, account number, BIC): what an import compares with the
 * account a statement names (imports/select-statement.ts), so setting them makes a statement of an
 * account the service did not know readable.
 */

import { accountOf } from "../transactions/references";
import type { WorkspaceContext } from "../workspace-context";

export interface BankDetails {
  iban?: string | null;
  account_number?: string | null;
  bic?: string | null;
}

/** "de89 3704 0044 0532 0130 00" -> "DE89370400440532013000". */
function compactIban(text: string): string {
  return text.replace(/[\s-]/g, "").toUpperCase();
}

/** Why an IBAN is not one (its shape, then ISO 13616's mod-97 check digits), or null. */
export function ibanProblem(text: string): string | null {
  const iban = compactIban(text);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban))
    return "must be an IBAN: a country code, 2 check digits and 11 to 30 letters or digits";
  // Move the first four characters to the end, letters as 10-35, then mod 97 piece by piece.
  const digits = `${iban.slice(4)}${iban.slice(0, 4)}`.replace(/[A-Z]/g, (letter) => String(letter.charCodeAt(0) - 55));
  let remainder = 0;
  for (let at = 0; at < digits.length; at += 7) remainder = Number(`${remainder}${digits.slice(at, at + 7)}`) % 97;
  return remainder === 1 ? null : "is not a valid IBAN: its check digits do not match (a typing error?)";
}

export const BIC_PATTERN = /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}(?:[A-Z0-9]{3})?$/;

/** Sets (or clears, with null) the given identifiers of the account; 404 for an account of no workspace of yours. */
export async function setBankDetails(
  { db, workspace }: WorkspaceContext,
  accountId: string,
  details: BankDetails,
): Promise<void> {
  await accountOf({ db, workspace }, accountId, false);
  await db.prisma.account.update({
    where: { id: accountId },
    data: {
      ...(details.iban !== undefined ? { iban: details.iban === null ? null : compactIban(details.iban) } : {}),
      ...(details.account_number !== undefined ? { accountNumber: details.account_number } : {}),
      ...(details.bic !== undefined ? { bic: details.bic === null ? null : details.bic.toUpperCase() } : {}),
    },
  });
}
