/**
 * How long a transaction's description and counterparty may be, on every way in: a statement's
 * rows are cut to it (imports/preview.ts), and a write through the API, MCP or the dashboard takes
 * up to it, so a client can send back unchanged what it read.
 */
export const TRANSACTION_TEXT_MAX = 1_000;
