/**
 * Database failures that are not the code's fault: the server cannot be reached (answered 503
 * SERVICE_UNAVAILABLE, like the health check), it refused text it cannot store (NUL; answered
 * 400), or a trigger held a reconciled transaction (SQLSTATE PF409, migration reconciliation;
 * answered 409). Recognised through the wrappers Prisma, its driver adapters and pg put around them.
 */
export type DatabaseFailure = "unavailable" | "unstorable_text" | "reconciled" | "split_category";

/** SQLSTATE of the trigger that keeps reconciled transactions as they were reconciled. */
const RECONCILED_SQLSTATE = "PF409";
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

const UNREACHABLE_NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EPIPE",
  "EAI_AGAIN",
]);
// Prisma: can't reach, timed out, server closed the connection, too many connections, pool timeout.
const UNREACHABLE_PRISMA_CODES = new Set(["P1001", "P1002", "P1017", "P2037", "P2024"]);
const UNREACHABLE_ADAPTER_KINDS = new Set([
  "DatabaseNotReachable",
  "ConnectionClosed",
  "SocketTimeout",
  "TooManyConnections",
  "DatabaseAccessDenied",
]);
const UNREACHABLE_MESSAGES =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|Can't reach database server/i;

function isUnreachableSqlState(code: string): boolean {
  // Class 08 connection exceptions; 57P01-57P03 shutdown and start-up; 53300 too many connections.
  return code.startsWith("08") || code === "57P01" || code === "57P02" || code === "57P03" || code === "53300";
}

/** The error and everything it wraps (cause chains and Prisma's driver-adapter metadata). */
function* chain(error: unknown): Generator<Record<string, unknown>> {
  const seen = new Set<unknown>();
  const pending = [error];
  while (pending.length > 0) {
    const current = pending.pop();
    if (typeof current !== "object" || current === null || seen.has(current)) continue;
    seen.add(current);
    const record = current as Record<string, unknown>;
    yield record;
    pending.push(record.cause);
    const meta = record.meta as { driverAdapterError?: unknown } | undefined;
    if (meta?.driverAdapterError) pending.push(meta.driverAdapterError);
  }
}

export function classifyDatabaseFailure(error: unknown): DatabaseFailure | null {
  for (const link of chain(error)) {
    const codes = [link.code, link.originalCode].filter((code): code is string => typeof code === "string");
    if (codes.includes("22021") || codes.includes("22P05")) return "unstorable_text";
    if (codes.includes(RECONCILED_SQLSTATE)) return "reconciled";
    // A category given to a split transaction by a path that did not check first (CHECK of migration transaction_parts).
    if (codes.includes("23514") && mentions(error, "transactions_split_has_no_category")) return "split_category";
    if (
      codes.some(
        (code) =>
          UNREACHABLE_NETWORK_CODES.has(code) || UNREACHABLE_PRISMA_CODES.has(code) || isUnreachableSqlState(code),
      )
    ) {
      return "unavailable";
    }
    if (typeof link.kind === "string" && UNREACHABLE_ADAPTER_KINDS.has(link.kind)) return "unavailable";
    if (link.name === "PrismaClientInitializationError") return "unavailable";
    if (typeof link.message === "string" && UNREACHABLE_MESSAGES.test(link.message)) return "unavailable";
  }
  return null;
}

function mentions(error: unknown, text: string): boolean {
  for (const link of chain(error))
    for (const value of [link.originalMessage, link.message, link.constraint])
      if (typeof value === "string" && value.includes(text)) return true;
  return false;
}

/** The id of the reconciled transaction a PF409 failure names (its message says "transaction <id> is reconciled"). */
export function reconciledTransactionId(error: unknown): string | null {
  for (const link of chain(error)) {
    for (const text of [link.originalMessage, link.message, link.detail]) {
      const id = typeof text === "string" && /is reconciled/.test(text) ? UUID.exec(text)?.[0] : undefined;
      if (id) return id;
    }
  }
  return null;
}
