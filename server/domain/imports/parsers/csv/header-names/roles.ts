/** The roles a statement column can play, and the shape of the names banks give each role. */
export type ColumnRole =
  | "date"
  | "valueDate"
  | "amount"
  | "debit"
  | "credit"
  | "indicator"
  | "balance"
  | "balanceBefore"
  | "currency"
  | "reference"
  | "counterparty"
  | "payer"
  | "payee"
  | "account"
  | "description"
  | "type"
  | "category";

export type NamePattern = string | RegExp;

/** In priority order within a role: an earlier name wins over a later one. */
export type RoleNames<R extends ColumnRole = ColumnRole> = Readonly<Record<R, readonly NamePattern[]>>;
