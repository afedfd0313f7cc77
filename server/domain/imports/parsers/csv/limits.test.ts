import { describe, expect, it } from "vitest";
import { MAX_FILE_TRANSACTIONS, MAX_TABLE_ROWS } from "../limits";
import { CAP_MESSAGE, unreadableBy } from "../testing";
import { parseCsv } from ".";

/** `count` CSV rows of about 16 bytes: the shape of the 600k-row upload that once answered 500. */
function tinyCsv(count: number, extra = ""): Buffer {
  const lines = ["Date,Amount,Description"];
  for (let i = 0; i < count; i++)
    lines.push(
      `2024${String(1 + (i % 12)).padStart(2, "0")}${String(1 + (i % 28)).padStart(2, "0")},-${1 + (i % 9)}.2,a`,
    );
  return Buffer.from(`${lines.join("\n")}\n${extra}`);
}

describe("CSV: the cap of transactions and lines per file", () => {
  it("CSV: reads exactly 100,000 transactions", () => {
    const parsed = parseCsv(tinyCsv(MAX_FILE_TRANSACTIONS));
    expect(parsed.statements.reduce((sum, statement) => sum + statement.transactions.length, 0)).toBe(
      MAX_FILE_TRANSACTIONS,
    );
  });

  it("CSV: refuses 100,001 transactions, naming the cap and the line of the first one past it", () => {
    const error = unreadableBy(() => parseCsv(tinyCsv(MAX_FILE_TRANSACTIONS + 1)));
    expect(error.message).toMatch(CAP_MESSAGE);
    expect(error.location).toBe("line 100002");
  });

  it("CSV: refuses a 9.6 MB file of 600,000 tiny rows while reading it, in well under the upload's 10 s", () => {
    const bytes = tinyCsv(600_000);
    expect(bytes.length).toBeGreaterThan(9_000_000);
    const started = performance.now();
    expect(unreadableBy(() => parseCsv(bytes)).message).toMatch(CAP_MESSAGE);
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it("CSV: a file longer than 120,000 lines is refused even when the lines read hold fewer transactions", () => {
    const error = unreadableBy(() => parseCsv(tinyCsv(10, "\n".repeat(MAX_TABLE_ROWS))));
    expect(error.message).toMatch(
      /the file holds more than 120,000 lines, more than a file of at most 100,000 transactions may; split it/,
    );
  });

  it("CSV: 120,000 continuation lines are read in linear time (they once took 71 s)", () => {
    const started = performance.now();
    const error = unreadableBy(() => parseCsv(tinyCsv(10, ",,more text\n".repeat(MAX_TABLE_ROWS))));
    expect(error.message).toMatch(/more than 120,000 lines/);
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it("CSV: blank and footer lines within the margin do not count", () => {
    const parsed = parseCsv(tinyCsv(MAX_FILE_TRANSACTIONS, "\n".repeat(5_000)));
    expect(parsed.statements[0]!.transactions).toHaveLength(MAX_FILE_TRANSACTIONS);
  });
});
