/** The caps every reader counts against; each format's reader is tested at them beside its code (csv/, excel/, ofx/, mt940/, camt/, qif/). */
import { describe, expect, it } from "vitest";
import { MAX_FILE_TRANSACTIONS, MAX_TABLE_ROWS } from "./limits";

describe("the cap of transactions per file", () => {
  it("is 100,000, with room for 20,000 more lines of headers, footers and blank lines", () => {
    expect(MAX_FILE_TRANSACTIONS).toBe(100_000);
    expect(MAX_TABLE_ROWS).toBe(120_000);
  });
});
