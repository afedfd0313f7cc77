import { describe, expect, it } from "vitest";
import { detectDuplicates, similarDescriptions, type CandidateRow, type ExistingTransaction } from "./duplicates";

const row = (n: number, overrides: Partial<CandidateRow> = {}): CandidateRow => ({
  row: n,
  date: "2026-03-10",
  amount: "-12.30",
  currencyCode: "EUR",
  description: "REWE Markt Berlin",
  externalId: null,
  ...overrides,
});
const existing = (id: string, overrides: Partial<ExistingTransaction> = {}): ExistingTransaction => ({
  id,
  date: "2026-03-10",
  amount: "-12.30",
  currencyCode: "EUR",
  description: "REWE Markt Berlin",
  externalId: null,
  ...overrides,
});

describe("similarDescriptions", () => {
  it("ignores case, numbers, punctuation and banking noise words", () => {
    expect(similarDescriptions("SEPA Lastschrift REWE Markt 1234", "rewe markt")).toBe(true);
    expect(similarDescriptions("Kartenzahlung EDEKA", "REWE Markt")).toBe(false);
  });
});

describe("detectDuplicates", () => {
  it("matches the bank's id first, whatever the other fields say", () => {
    const result = detectDuplicates(
      [row(1, { externalId: "F1", amount: "-99.00" })],
      [existing("t1", { externalId: "F1" })],
    );
    expect(result.get(1)).toEqual({
      kind: "transaction",
      id: "t1",
      reason: "external_id",
      dayDistance: 0,
      similarity: null,
    });
  });

  it("matches amount, currency, a date within 3 days and a similar description", () => {
    const rows = [
      row(1, { date: "2026-03-13" }),
      row(2, { date: "2026-03-14", description: "REWE Markt Berlin" }),
      row(3, { amount: "-12.31" }),
      row(4, { currencyCode: "USD" }),
      row(5, { description: "EDEKA" }),
    ];
    const result = detectDuplicates(rows, [existing("t1"), existing("t2", { date: "2026-03-09" })]);
    expect(result.get(1)).toEqual({
      kind: "transaction",
      id: "t1",
      reason: "near_date_same_amount_similar_text",
      dayDistance: 3,
      similarity: 1,
    });
    // t2 (03-09) is 5 days from 03-14: not a duplicate.
    expect(result.get(2)).toBeNull();
    expect(result.get(3)).toBeNull();
    expect(result.get(4)).toBeNull();
    expect(result.get(5)).toBeNull();
  });

  it("lets one existing transaction absorb only one row", () => {
    const result = detectDuplicates([row(1), row(2)], [existing("t1")]);
    expect(result.get(1)).toEqual({
      kind: "transaction",
      id: "t1",
      reason: "same_date_amount_text",
      dayDistance: 0,
      similarity: 1,
    });
    expect(result.get(2)).toEqual({ kind: "row", row: 1, reason: "repeated_in_file", dayDistance: 0, similarity: 1 });
  });

  it("keeps two identical transactions of one day when the bank gives them different ids", () => {
    const result = detectDuplicates([row(1, { externalId: "A" }), row(2, { externalId: "B" })], []);
    expect(result.get(1)).toBeNull();
    expect(result.get(2)).toBeNull();
  });

  it("flags a repeated bank id, and identical rows without ids, inside one file", () => {
    const result = detectDuplicates([row(1, { externalId: "A" }), row(2, { externalId: "A" }), row(3), row(4)], []);
    expect(result.get(2)).toEqual({ kind: "row", row: 1, reason: "external_id", dayDistance: null, similarity: null });
    expect(result.get(3)).toBeNull();
    expect(result.get(4)).toEqual({ kind: "row", row: 3, reason: "repeated_in_file", dayDistance: 0, similarity: 1 });
  });

  it("never matches rows whose bank ids differ from the existing transaction's", () => {
    const result = detectDuplicates([row(1, { externalId: "NEW" })], [existing("t1", { externalId: "OLD" })]);
    expect(result.get(1)).toBeNull();
  });

  it("says how near and how alike a fuzzy match is", () => {
    const result = detectDuplicates(
      [row(1, { date: "2026-03-11", description: "REWE Markt Berlin Kartenzahlung 4711 Filiale" })],
      [existing("t1")],
    );
    // {rewe, markt, berlin} of {rewe, markt, berlin, filiale}: every word of the shorter text is in the longer one.
    expect(result.get(1)).toEqual({
      kind: "transaction",
      id: "t1",
      reason: "near_date_same_amount_similar_text",
      dayDistance: 1,
      similarity: 0.75,
    });
  });

  it("compares amounts as decimals", () => {
    const result = detectDuplicates([row(1, { amount: "-12.3" })], [existing("t1", { amount: "-12.3000" })]);
    expect(result.get(1)).toEqual({
      kind: "transaction",
      id: "t1",
      reason: "same_date_amount_text",
      dayDistance: 0,
      similarity: 1,
    });
  });
});
