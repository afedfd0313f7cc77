/** The worker's first pass: rows with values counted while each part is inflated, and the inflating capped. */
import { describe, expect, it } from "vitest";
import { readZipDirectory } from "./container";
import { RowCounter, scanZipParts } from "./scan-parts.mjs";
import { buildZip, longStatementSheet, MINIMAL_XLSX_PARTS } from "./testing";

/** The rows `counter` counts in `xml` given in chunks cut at `cuts`. */
function countIn(xml: string, cuts: number[], maxRows = 1_000): { rows: number; over: boolean } {
  const counter = new RowCounter(maxRows);
  const bytes = Buffer.from(xml, "latin1");
  let over = false;
  [0, ...cuts].forEach((from, i) => {
    over = counter.add(bytes.subarray(from, cuts[i] ?? bytes.length)) || over;
  });
  over = counter.end() || over;
  return { rows: counter.rows, over };
}

const rows = (count: number, tag = "row") =>
  Array.from({ length: count }, (_, i) => `<${tag} r="${i + 1}"><c><v>1</v></c></${tag}>`).join("");

describe("counting a sheet's rows as its XML streams by", () => {
  it("counts <row> elements in any form that hold a value, and not elements whose names start with row", () => {
    const xml = `<sheetData><row r="1"><c><v>1</v></c></row><row><c t="inlineStr"><is><t>x</t></is></c></row><row\nr="3"><c><v>2</v></c><c><v>3</v></c></row></sheetData><rowBreaks count="1"><brk/></rowBreaks><rows/>`;
    expect(countIn(xml, []).rows).toBe(3);
  });

  it("does not count the empty rows a formatted sheet declares", () => {
    const empty = Array.from(
      { length: 500 },
      (_, i) => `<row r="${i + 10}" ht="15"/><row r="${i + 600}"><c s="2"/></row>`,
    );
    expect(countIn(`<sheetData>${rows(3)}${empty.join("")}</sheetData>`, []).rows).toBe(3);
  });

  it("counts namespaced rows (<x:row>), as strict OOXML and some exporters write them", () => {
    expect(countIn(`<x:sheetData>${rows(3, "x:row")}</x:sheetData>`, []).rows).toBe(3);
    expect(countIn(`<x:rowBreaks/><ns0:row><ns0:c><ns0:v>1</ns0:v></ns0:c></ns0:row>`, []).rows).toBe(1);
  });

  it("is over the cap at one row more than it, not at exactly it", () => {
    expect(countIn(rows(10), [], 10)).toEqual({ rows: 10, over: false });
    expect(countIn(rows(11), [], 10)).toEqual({ rows: 11, over: true });
  });

  it("counts a tag cut by a chunk boundary once, wherever the cut falls", () => {
    const xml = `${rows(3)}<x:row r="4"><x:c><x:v>7</x:v></x:c></x:row>${rows(2)}`;
    for (let cut = 1; cut < xml.length; cut++) expect(countIn(xml, [cut]).rows, `cut at ${cut}`).toBe(6);
    // Chunks of one byte: every tag is cut at every place.
    expect(
      countIn(
        xml,
        Array.from({ length: xml.length - 1 }, (_, i) => i + 1),
      ).rows,
    ).toBe(6);
  });
});

describe("scanning a workbook's parts", () => {
  const sheet = (count: number) => Buffer.from(`<worksheet><sheetData>${rows(count)}</sheetData></worksheet>`);

  it("says whether a part hides a row, a row tag cut by a chunk boundary too", () => {
    const hiddenAt = (xml: string, cuts: number[]) => {
      const counter = new RowCounter(1_000);
      const bytes = Buffer.from(xml, "latin1");
      [0, ...cuts].forEach((from, i) => counter.add(bytes.subarray(from, cuts[i] ?? bytes.length)));
      counter.end();
      return counter.hiddenRows;
    };
    const tag = '<row r="10" spans="1:12" s="3" customFormat="1" ht="15" hidden="1" x14ac:dyDescent="0.25">';
    const xml = `<sheetData>${rows(3)}${tag}<c><v>1</v></c></row></sheetData>`;
    const start = xml.indexOf(tag);
    for (const cut of [start + 5, start + 60, start + tag.length - 3])
      expect(hiddenAt(xml, [cut]), String(cut)).toBe(true);
    expect(hiddenAt(`<sheetData>${rows(3)}<row r="4" hidden="0"><c><v>1</v></c></row></sheetData>`, [20])).toBe(false);
    expect(hiddenAt(`<sheetData>${rows(3)}<col hidden="1"/></sheetData>`, [])).toBe(false);
  });

  it("names the parts with more rows than the cap, across the inflater's 64 KiB chunks", async () => {
    // About 40 bytes a row: 5,000 rows inflate to 200 KB, several chunks with rows cut between them.
    const zip = buildZip([
      ...MINIMAL_XLSX_PARTS,
      { name: "xl/worksheets/sheet1.xml", data: sheet(5_000) },
      { name: "xl/worksheets/sheet2.xml", data: sheet(5_001) },
    ]);
    expect(await scanZipParts(zip, readZipDirectory(zip), 5_000)).toEqual(["xl/worksheets/sheet2.xml"]);
    expect(await scanZipParts(zip, readZipDirectory(zip), 4_999)).toEqual([
      "xl/worksheets/sheet1.xml",
      "xl/worksheets/sheet2.xml",
    ]);
  });

  it("stops reading a part at the row past the cap: 600,000 rows (100 MB of XML) are not inflated to their end", async () => {
    const zip = buildZip([
      ...MINIMAL_XLSX_PARTS,
      { name: "xl/worksheets/sheet1.xml", data: longStatementSheet(600_000), claimedSize: 30_000_000 },
    ]);
    // The directory under-states the part: reading it whole would end in ZIP_SIZE_MISMATCH.
    expect(await scanZipParts(zip, readZipDirectory(zip), 120_000)).toEqual(["xl/worksheets/sheet1.xml"]);
  });

  it("keeps the cap on each part's inflated size and refuses damaged data", async () => {
    const liar = buildZip([
      ...MINIMAL_XLSX_PARTS,
      { name: "xl/worksheets/sheet1.xml", data: sheet(2_000), claimedSize: 1_000 },
    ]);
    await expect(scanZipParts(liar, readZipDirectory(liar), 120_000)).rejects.toThrow("ZIP_SIZE_MISMATCH");
    const damaged = Buffer.from(liar);
    const entry = readZipDirectory(liar).find((e) => e.name === "xl/worksheets/sheet1.xml")!;
    damaged.fill(0xff, entry.localHeaderOffset + 60, entry.localHeaderOffset + 90);
    await expect(scanZipParts(damaged, readZipDirectory(damaged), 120_000)).rejects.toThrow("ZIP_DAMAGED");
  });
});
