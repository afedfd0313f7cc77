/** Test helpers shared by the parser tests: the refusal a reading ends with, or a failure when it ends without one. */
import { StatementUnreadableError } from "./types";

/** The refusal of a file past MAX_FILE_TRANSACTIONS, whatever its format. */
export const CAP_MESSAGE =
  /the file holds more than 100,000 transactions; split it into files of at most 100,000 transactions/;

/** The StatementUnreadableError `read` throws; any other error is rethrown, and a reading that succeeds fails the test. */
export function unreadableBy(read: () => unknown): StatementUnreadableError {
  try {
    read();
  } catch (error) {
    if (error instanceof StatementUnreadableError) return error;
    throw error;
  }
  throw new Error("expected StatementUnreadableError: the file was read");
}

/** The same for a reading that answers a promise. */
export async function unreadableAfter(attempt: Promise<unknown>): Promise<StatementUnreadableError> {
  try {
    await attempt;
  } catch (error) {
    if (error instanceof StatementUnreadableError) return error;
    throw error;
  }
  throw new Error("expected StatementUnreadableError: the file was read");
}
