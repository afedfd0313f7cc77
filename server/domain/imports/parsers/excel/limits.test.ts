import { describe, expect, it } from "vitest";
import { MAX_FILE_TRANSACTIONS, MAX_TABLE_ROWS } from "../limits";
import { CAP_MESSAGE, unreadableAfter } from "../testing";
import { parseExcel } from "./parse-excel";
import { buildWorkbook } from "./testing";

describe("Excel: the cap of transactions per file", () => {
  it("Excel: refuses a sheet of 100,001 transactions naming the cap; a longer sheet by its rows", async () => {
    const rows = (count: number) => [
      ["Date", "Amount", "Description"],
      ...Array.from({ length: count }, (_, i) => [
        `2024-01-${String(1 + (i % 28)).padStart(2, "0")}`,
        -1 - (i % 9),
        "a",
      ]),
    ];
    const over = await unreadableAfter(
      parseExcel(buildWorkbook([{ rows: rows(MAX_FILE_TRANSACTIONS + 1) }]), { timeLimitMs: 60_000 }),
    );
    expect(over.message).toMatch(CAP_MESSAGE);
    const longer = await unreadableAfter(
      parseExcel(
        buildWorkbook([{ rows: [...rows(10), ...Array.from({ length: MAX_TABLE_ROWS }, () => ["", "", "note"])] }]),
        { timeLimitMs: 60_000 },
      ),
    );
    expect(longer.message).toMatch(/the file holds more than 120,000 rows/);
  }, 120_000);
});
