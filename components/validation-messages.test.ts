import { describe, expect, it } from "vitest";
import { z } from "zod";
import { validationMessage } from "@/server/errors";
import { listInput } from "@/server/routers/shared/list";
import { createCategoryInput } from "@/server/routers/categories/schemas";
import { createTransactionInput } from "@/server/routers/transactions/schemas";
import { createWalletInput } from "@/server/routers/wallets/schemas";
import { errorWords } from "./error-words";
import {
  fieldMessage,
  sentences,
  translatedFieldMessage,
  translatedSentences,
  validationParts,
} from "./validation-messages";

/** What a schema's refusal says on the wire (REST and tRPC), as server/errors.ts writes it. */
function wire(schema: z.ZodType, input: unknown): string {
  const result = schema.safeParse(input);
  if (result.success) throw new Error("expected a refusal");
  return validationMessage(result.error.issues);
}

/** A new expense with no account, a German date and amount, and no description: four refusals. */
function transactionParts() {
  const input = { account_id: "", type: "expense", date: "23.11.2026", amount: "12,50", description: "" };
  return validationParts(wire(createTransactionInput, input))!;
}

describe("plain validation messages", () => {
  it("replace zod's own English on the wire, still naming the API's fields", () => {
    expect(wire(z.object(listInput), { limit: "500", cursor: "" })).toBe(
      "Validation failed: limit: must be 200 or less; cursor: is required",
    );
    expect(wire(createCategoryInput, { name: "x".repeat(101), group_id: "nope" })).toBe(
      "Validation failed: name: must be at most 100 characters; group_id: must be an id (a UUID)",
    );
    expect(
      wire(z.object({ kind: z.enum(["expense", "income"]), days: z.number().int() }).strict(), {
        kind: "gift",
        days: 1.5,
        colour: 1,
      }),
    ).toBe(
      "Validation failed: kind: must be one of: expense, income; days: must be a whole number; colour: is not a field this request takes",
    );
  });

  it("read as instructions next to their fields and as sentences elsewhere", () => {
    const parts = transactionParts();
    const byField = Object.fromEntries(parts.map((part) => [part.path, fieldMessage(part.path, part.phrase)]));
    expect(byField).toEqual({
      account_id: "Choose an account",
      date: "Enter a date (YYYY-MM-DD)",
      amount: "Enter an amount such as 12.30",
      description: "Enter a description",
    });
    expect(sentences(parts.slice(0, 2))).toBe("Choose an account. Date must be a date (YYYY-MM-DD).");

    const wallet = validationParts(
      wire(createWalletInput, {
        name: "",
        accounts: [
          { currency_code: "EUR", opening_balance_date: "2026-11-01" },
          { currency_code: "EUR", opening_balance: "1,5", opening_balance_date: "2026-11-01" },
        ],
      }),
    )!;
    expect(fieldMessage("name", wallet[0]!.phrase)).toBe("Enter a name");
    expect(sentences(wallet.slice(1))).toBe(
      "Opening balance (account 2) must be an amount such as 100.00 or -25.50. Currency (account 2): EUR is already one of this wallet's accounts.",
    );
    expect(fieldMessage("scopes", "must not be empty")).toBe("Choose at least one scope");
  });
});

describe("validation messages in German", () => {
  const t = errorWords("de");

  it("say what to do next to the field, in German", () => {
    const parts = transactionParts();
    const byField = Object.fromEntries(
      parts.map((part) => [part.path, translatedFieldMessage(part.path, part.phrase, t)]),
    );
    expect(byField).toEqual({
      account_id: "Bitte auswählen.",
      date: "Muss ein Datum sein (JJJJ-MM-TT).",
      amount: "Muss ein Betrag wie 12.30 sein.",
      description: "Bitte ausfüllen.",
    });
    expect(translatedFieldMessage("name", "must be at most 100 characters", t)).toBe(
      "Muss höchstens 100 Zeichen lang sein.",
    );
    expect(translatedFieldMessage("tags", "must have at least 2 items", t)).toBe("Muss mindestens 2 Einträge haben.");
    // The amount reader's own sentence is already in the reader's language.
    expect(translatedFieldMessage("amount", "„1,5“ ist kein Betrag.", t)).toBe("„1,5“ ist kein Betrag.");
    // A phrase with no German message is still framed in German.
    expect(translatedFieldMessage("currency_code", "EUR is taken", t)).toBe("EUR is taken");
    expect(translatedFieldMessage("x", "must differ from y", t)).toBe("Bitte prüfe diesen Wert: must differ from y.");
  });

  it("name the API's field in sentences above the form", () => {
    const wire1 = validationParts(wire(z.object(listInput), { limit: "500", cursor: "" }))!;
    expect(translatedSentences(wire1, t)).toBe("„limit“: darf höchstens 200 sein. „cursor“: ist erforderlich.");
  });
});
