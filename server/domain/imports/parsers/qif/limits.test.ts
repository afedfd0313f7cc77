import { describe, expect, it } from "vitest";
import { MAX_FILE_TRANSACTIONS } from "../limits";
import { CAP_MESSAGE, unreadableBy } from "../testing";
import { parseQif } from ".";

describe("QIF: the cap of transactions per file", () => {
  it("QIF: counts records as they are read and refuses the 100,001st", () => {
    const file = (count: number) => "!Type:Bank\n" + "D01/02/2024\nT-1.00\n^\n".repeat(count);
    expect(parseQif(Buffer.from(file(MAX_FILE_TRANSACTIONS))).statements[0]!.transactions).toHaveLength(
      MAX_FILE_TRANSACTIONS,
    );
    const error = unreadableBy(() => parseQif(Buffer.from(file(MAX_FILE_TRANSACTIONS + 1))));
    expect(error.message).toMatch(CAP_MESSAGE);
    expect(error.location).toBe(`line ${1 + 3 * MAX_FILE_TRANSACTIONS + 1}`);
  }, 60_000);
});
