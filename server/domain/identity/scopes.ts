/** The scope catalogue of CONTRACT "Scopes". */
export const SCOPES = [
  "wallets:read",
  "accounts:read",
  "transactions:read",
  "transaction_templates:create",
  "imports:create",
  "imports:read",
  "recurring:read",
  "insights:read",
  "budgets:read",
  "goals:read",
  "reports:read",
] as const;

export type Scope = (typeof SCOPES)[number];

export function isScope(value: string): value is Scope {
  return (SCOPES as readonly string[]).includes(value);
}
