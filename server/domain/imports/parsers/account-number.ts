/** An account name that is a number or IBAN ("0123 45678901.23A"), not a name like "Checking" or "Visa 4321". */
export function accountNumberOf(name: string | null): string | null {
  if (!name) return null;
  const compact = name.replace(/[\s./-]/g, "");
  const digits = compact.replace(/\D/g, "").length;
  return /^[A-Za-z0-9]+$/.test(compact) && digits >= 6 && digits * 2 >= compact.length ? name : null;
}
