import { describe, expect, it } from "vitest";
import { suggestedStartingBalance } from "./first-statement-start";

/** The balance a new account is offered to start its first statement with. */

const adjustment = {
  account_id: "6b1f2a52-93c4-4b59-a1a8-2f7a5c3f9e10",
  account_name: "Giro",
  currency_code: "EUR",
  reason: "pre_opening_import_rows" as const,
  service_balance_before: "0.00",
  service_balance_after: "230.00",
  old_opening_balance: "0.00",
  old_opening_balance_date: "2026-11-28",
  new_opening_balance_date: "2026-10-01",
};

describe("suggestedStartingBalance", () => {
  it("is the balance that reaches the statement's closing balance when the file has one", () => {
    // Closing 1,230.00 on 2026-10-31 after +230.00 of rows: 1,000.00 that morning.
    expect(
      suggestedStartingBalance({
        ...adjustment,
        target_balance: "1230.00",
        balance_as_of_date: "2026-10-31",
        delta: "1000.00",
        new_opening_balance: "1000.00",
      }),
    ).toBe("1000.00");
  });

  it("without a closing balance, keeps the balance entered when the account was created as that day's", () => {
    // 500.00 entered for today; +230.00 of rows since the statement began: 270.00 that morning.
    expect(
      suggestedStartingBalance({
        ...adjustment,
        old_opening_balance: "500.00",
        target_balance: "500.00",
        service_balance_before: "500.00",
        balance_as_of_date: "2026-11-28",
        delta: "-230.00",
        new_opening_balance: "270.00",
      }),
    ).toBe("270.00");
  });

  it("suggests nothing when neither is known (no closing balance, 0 entered): the person types it", () => {
    expect(
      suggestedStartingBalance({
        ...adjustment,
        target_balance: "0.00",
        balance_as_of_date: "2026-11-28",
        delta: "-230.00",
        new_opening_balance: "-230.00",
      }),
    ).toBe("");
  });
});
