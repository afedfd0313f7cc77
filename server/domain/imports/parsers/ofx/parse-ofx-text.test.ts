/** How parseOfx reads text: declared and undeclared encodings, entities and CDATA. */
import { describe, expect, it } from "vitest";
import { body, SGML_HEADER, XML_HEADER } from "./ofx-testing";
import { parseOfx } from "./parse-ofx";

describe("parseOfx", () => {
  it("decodes CHARSET:1252 bytes, UTF-8 and UTF-16 with a BOM", () => {
    const latin = Buffer.concat([
      Buffer.from(SGML_HEADER),
      Buffer.from(body([["20240105", "-1", "C1", "Caf\u00e9"]], false), "latin1"),
    ]);
    expect(parseOfx(latin).statements[0]!.transactions[0]!.description).toBe("Café");
    const utf8Header = SGML_HEADER.replace("ENCODING:USASCII", "ENCODING:UTF-8");
    expect(
      parseOfx(Buffer.from(utf8Header + body([["20240105", "-1", "C1", "Zoë €"]], false))).statements[0]!
        .transactions[0]!.description,
    ).toBe("Zoë €");
    const utf16 = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from(XML_HEADER + body([["20240105", "-1", "C1", "Łódź"]], true), "utf16le"),
    ]);
    expect(parseOfx(utf16).statements[0]!.transactions[0]!.description).toBe("Łódź");
  });

  it("reads UTF-8 bytes under a CHARSET:1252 header as UTF-8, with a warning", () => {
    const parsed = parseOfx(Buffer.from(SGML_HEADER + body([["20240105", "-1", "C1", "Müller"]], false)));
    expect(parsed.statements[0]!.transactions[0]!.description).toBe("Müller");
    expect(parsed.warnings.join(" ")).toMatch(/UTF-8/);
  });

  it("decodes entities and CDATA, and leaves a bare & alone", () => {
    const rows = [
      ["20240105", "-1", "D1", "AT&amp;T &lt;mobile&gt;"],
      ["20240105", "-1", "D2", "<![CDATA[Fish & Chips]]>"],
      ["20240105", "-1", "D3", "AT&T"],
      // Escaped twice (Actual Budget's test file of a Canadian bank's QFX): "<" as "&amp;lt;".
      ["20240105", "-1", "D4", "TPAY &amp;lt;DEFTPYMT&amp;gt;"],
    ];
    const names = parseOfx(Buffer.from(XML_HEADER + body(rows, true))).statements[0]!.transactions.map(
      (row) => row.counterparty,
    );
    expect(names).toEqual(["AT&T <mobile>", "Fish & Chips", "AT&T", "TPAY <DEFTPYMT>"]);
  });
});

describe("parseOfx text encodings", () => {
  const euroRows = [["20240105", "-4.50", "E1", "Caf\u00e9 \u20ac4.50 \u2013 Gare"]];

  it("reads Windows-1252's euro sign and dashes (bytes 0x80-0x9F) under CHARSET:1252, and says so", () => {
    const bytes = Buffer.from(
      (SGML_HEADER + body(euroRows, false))
        .replace("\u20ac", "\x80")
        .replace("\u2013", "\x96")
        .replace("\u00e9", "\xe9"),
      "latin1",
    );
    const file = parseOfx(bytes);
    expect(file.statements[0]?.transactions[0]?.description).toBe("Caf\u00e9 \u20ac4.50 \u2013 Gare");
    expect(file.optionsUsed).toEqual({ encoding: "windows-1252" });
  });

  it("reads the encoding a person gives instead of the declared one", () => {
    // Declared 1252, written in Windows-1251: "Кафе" as its bytes.
    const bytes = Buffer.concat([
      Buffer.from(SGML_HEADER + body([["20240105", "-4.50", "E1", "@@@@"]], false), "latin1"),
    ]);
    const at = bytes.indexOf("@@@@");
    Buffer.from([0xca, 0xe0, 0xf4, 0xe5]).copy(bytes, at);
    expect(parseOfx(bytes).statements[0]?.transactions[0]?.description).not.toBe("\u041a\u0430\u0444\u0435");
    expect(parseOfx(bytes, { encoding: "windows-1251" }).statements[0]?.transactions[0]?.description).toBe(
      "\u041a\u0430\u0444\u0435",
    );
  });
});
