import { describe, expect, it } from "vitest";
import { resultText, TEXT_BUDGET } from "./result-text";

describe("a tool result's text", () => {
  it("shows a list as a table: a header, a line per row, object fields as columns, the rest as JSON", () => {
    const text = resultText({
      data: [
        { id: "c1", attributes: { name: "Food & drink", aliases: ["groceries"], tx_count: 3, note: null } },
        { id: "c2", attributes: { name: "Rent", aliases: [], tx_count: 0, note: "\tpaid\nmonthly" } },
      ],
      meta: { page: 1, total: 2 },
    });
    expect(text.split("\n")).toEqual([
      "data: 2 rows, tab-separated (empty: null; quoted or bracketed: JSON)",
      "id\tattributes.name\tattributes.aliases\tattributes.tx_count\tattributes.note",
      'c1\tFood & drink\t["groceries"]\t3\t',
      'c2\tRent\t[]\t0\t"\\tpaid\\nmonthly"',
      'the rest: {"meta":{"page":1,"total":2}}',
    ]);
  });

  it("finds the list a few levels down (an import's preview) and leaves the rest of the answer as it is", () => {
    const text = resultText({
      data: { id: "j1", attributes: { status: "parsed", preview: [{ row: 1, amount: "-3.80" }] } },
      side_effects: [],
    });
    expect(text.split("\n")).toEqual([
      "data.attributes.preview: 1 row, tab-separated (empty: null; quoted or bracketed: JSON)",
      "row\tamount",
      '1\t"-3.80"',
      'the rest: {"data":{"id":"j1","attributes":{"status":"parsed"}},"side_effects":[]}',
    ]);
  });

  it("cuts a table over the budget after whole rows and says how many it shows", () => {
    const preview = Array.from({ length: 5_000 }, (_, row) => ({ row, description: `Card payment ${row} at a shop` }));
    const text = resultText({ data: { id: "j1", attributes: { preview } } });
    expect(text.length).toBeLessThanOrEqual(TEXT_BUDGET);
    const lines = text.split("\n");
    const cut = lines.find((line) => line.startsWith("(cut: "))!;
    const shown = Number(/the first (\d+) of 5000 rows/.exec(cut)![1]);
    expect(shown).toBeGreaterThan(1_000);
    // The header, the rows shown, the note, the rest: no row in part.
    expect(lines[shown + 1]).toBe(`${shown - 1}\tCard payment ${shown - 1} at a shop`);
    expect(lines[shown + 2]).toBe(cut);
  });

  it("keeps a string that reads as a number or literal apart from the number: quoted", () => {
    const text = resultText({ data: [{ id: 123, code: "123", flag: "true", amount: "-12.50", day: "2026-03-01" }] });
    expect(text.split("\n")[2]).toBe('123\t"123"\t"true"\t"-12.50"\t2026-03-01');
  });

  it("keeps within the budget when the list is not the largest part by rows: the larger list is the table", () => {
    // 40 changed rows with long notes and 41 deletions: the changed rows are the bulk of the answer.
    const data = Array.from({ length: 40 }, (_, row) => ({ id: `t${row}`, notes: "n".repeat(2_000) }));
    const deleted = Array.from({ length: 41 }, (_, row) => ({ id: `d${row}`, deleted: true }));
    const text = resultText({ data, deleted, meta: { server_knowledge: "x" } });
    expect(text.length).toBeLessThanOrEqual(TEXT_BUDGET);
    expect(text.split("\n")[0]).toMatch(/^data: 40 rows/);
    expect(text).toContain("(cut: the first ");
  });

  it("answers an answer without a list as its compact JSON", () => {
    expect(resultText({ data: { id: "w1", attributes: { name: "Travel", accounts: [] } } })).toBe(
      '{"data":{"id":"w1","attributes":{"name":"Travel","accounts":[]}}}',
    );
  });
});
