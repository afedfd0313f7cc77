import { describe, expect, it } from "vitest";
import { MAX_FILE_TRANSACTIONS } from "../limits";
import { CAP_MESSAGE, unreadableBy } from "../testing";
import { parseMt940 } from ".";

describe("MT940: the cap of transactions per file", () => {
  it("MT940: counts :61: entries as they are read and refuses the 100,001st", () => {
    const file = (count: number) =>
      ":20:REF\n:25:NL91ABNA0417164300\n:28C:1/1\n:60F:C240101EUR100,00\n" +
      ":61:2401020102D1,00NTRFNONREF\n:86:a\n".repeat(count) +
      ":62F:C240102EUR100,00\n-\n";
    expect(parseMt940(Buffer.from(file(MAX_FILE_TRANSACTIONS))).statements[0]!.transactions).toHaveLength(
      MAX_FILE_TRANSACTIONS,
    );
    const error = unreadableBy(() => parseMt940(Buffer.from(file(MAX_FILE_TRANSACTIONS + 1))));
    expect(error.message).toMatch(CAP_MESSAGE);
    expect(error.location).toBe(`line ${4 + 2 * MAX_FILE_TRANSACTIONS + 1}`);
  }, 60_000);
});
