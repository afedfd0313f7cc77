/** The scope catalogue of CONTRACT "Scopes" and its additions of 2026-11-26. */
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
  "rules:read",
  "rules:write",
  "transactions:write",
  "accounts:write",
  "webhooks:read",
  "webhooks:write",
] as const;

export type Scope = (typeof SCOPES)[number];

export function isScope(value: string): value is Scope {
  return (SCOPES as readonly string[]).includes(value);
}
