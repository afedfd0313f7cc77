import { describe, expect, it } from "vitest";
import { TRANSACTION_TEXT_MAX } from "../../domain/transactions/text-limits";
import { createTransactionInput, updateTransactionInput } from "./schemas";
import { patchTransactionsInput, writeTransactionsInput } from "./write-schemas";

/**
 * What a statement import books, a write takes back unchanged: an imported description or
 * counterparty is cut at TRANSACTION_TEXT_MAX characters (imports/preview.ts), and every way of
 * writing a transaction takes texts that long (a client reading a row and sending it back was refused
 * at 200 characters), and no longer.
 */
describe("a transaction's description and counterparty", () => {
  const id = "6f9b1c1e-2d3a-4b5c-8d7e-9f0a1b2c3d4e";
  const longest = "Ü".repeat(TRANSACTION_TEXT_MAX);
  const tooLong = `${longest}x`;
  const row = (text: string) => ({ date: "2026-03-01", amount: "-5.00", description: text, counterparty: text });
  // The dashboard's forms type the amount positive; the type gives the sign.
  const typed = (text: string) => ({ ...row(text), amount: "5.00" });

  it(`are taken up to ${TRANSACTION_TEXT_MAX} characters on every write`, () => {
    const inputs = [
      createTransactionInput.safeParse({ account_id: id, type: "expense", ...typed(longest) }),
      updateTransactionInput.safeParse({ id, ...typed(longest) }),
      writeTransactionsInput.safeParse({ transactions: [{ account_id: id, ...row(longest) }] }),
      patchTransactionsInput.safeParse({ transactions: [{ id, description: longest, counterparty: longest }] }),
    ];
    expect(inputs.map((input) => input.success)).toEqual([true, true, true, true]);
  });

  it("are refused one character longer, naming the field", () => {
    const refused = [
      createTransactionInput.safeParse({ account_id: id, type: "expense", ...typed(tooLong) }),
      updateTransactionInput.safeParse({ id, ...typed(tooLong) }),
      writeTransactionsInput.safeParse({ transactions: [{ account_id: id, ...row(tooLong) }] }),
      patchTransactionsInput.safeParse({ transactions: [{ id, description: tooLong, counterparty: tooLong }] }),
    ];
    for (const input of refused) {
      expect(input.success).toBe(false);
      const paths = input.error!.issues.map((issue) => issue.path.at(-1));
      expect(paths).toEqual(expect.arrayContaining(["description", "counterparty"]));
    }
  });
});
