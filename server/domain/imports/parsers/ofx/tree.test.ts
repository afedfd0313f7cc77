import { describe, expect, it } from "vitest";
import { ofxAmount } from "./amounts";
import { ofxDay } from "./dates";
import { LineIndex, tokenizeOfx } from "./tokenizer";
import { buildOfxTree, leafOf, type OfxElement } from "./tree";

function tree(text: string) {
  return buildOfxTree(tokenizeOfx(text, 0, new LineIndex(text)));
}

/** A compact picture of the tree: leaves as NAME=value, aggregates as NAME(children). */
function shape(element: OfxElement): string {
  if (element.text !== null) return `${element.name}=${element.text}`;
  return `${element.name}(${element.children.map(shape).join(",")})`;
}

describe("OFX tree", () => {
  it("closes SGML leaves implicitly and nests aggregates", () => {
    const { root, unclosed } = tree("<OFX><STMTTRN><TRNAMT>-1.00<NAME>Shop</STMTTRN></OFX>");
    expect(shape(root.children[0]!)).toBe("OFX(STMTTRN(TRNAMT=-1.00,NAME=Shop))");
    expect(unclosed).toEqual([]);
  });

  it("reads values on the line after their tag, and empty or self-closed leaves", () => {
    const { root } = tree("<OFX><A><CODE>\n0</CODE><CURDEF></CURDEF><BANKID/><CHECKNUM>\n<MEMO>x</A></OFX>");
    expect(shape(root.children[0]!)).toBe("OFX(A(CODE=0,CURDEF=,BANKID=,CHECKNUM=,MEMO=x))");
  });

  it("ignores end tags of leaves and end tags that match nothing open (misnested files)", () => {
    const { root } = tree("<OFX><STMTTRN><TRNAMT>-5<FITID>9<NAME>N</NAME></FITID></TRNAMT></BOGUS></STMTTRN></OFX>");
    expect(shape(root.children[0]!)).toBe("OFX(STMTTRN(TRNAMT=-5,FITID=9,NAME=N))");
  });

  it("ends an aggregate left open when the next one of the same name starts", () => {
    const { root } = tree("<OFX><LIST><STMTTRN><FITID>1<STMTTRN><FITID>2</LIST></OFX>");
    expect(shape(root.children[0]!)).toBe("OFX(LIST(STMTTRN(FITID=1),STMTTRN(FITID=2)))");
  });

  it("looks through an unknown empty tag that swallowed its siblings", () => {
    const { root } = tree("<STMTTRN><XNONSTD>\n<NAME>Shop\n</STMTTRN>");
    expect(leafOf(root.children[0], "NAME")).toBe("Shop");
  });

  it("reports aggregates still open at the end of the file", () => {
    expect(tree("<OFX><STMTRS><STMTTRN><TRNAMT>1").unclosed.map((element) => element.name)).toEqual([
      "OFX",
      "STMTRS",
      "STMTTRN",
    ]);
  });

  it("counts lines across LF, CRLF and CR", () => {
    const text = "a\r\nb\rc\nd";
    const lines = new LineIndex(text);
    expect([0, 3, 5, 7].map((offset) => lines.lineAt(offset))).toEqual([1, 2, 3, 4]);
  });
});

describe("OFX values", () => {
  it("takes the day as printed from every OFX date form", () => {
    expect(ofxDay("20050824080000[-5:EST]")).toBe("2005-08-24");
    expect(ofxDay("20240323000000[-3:GMT]")).toBe("2024-03-23");
    expect(ofxDay("20231231235959.999[+14:LINT]")).toBe("2023-12-31");
    expect(ofxDay("200510291120")).toBe("2005-10-29");
    expect(ofxDay("20240229")).toBe("2024-02-29");
    expect(ofxDay("00000000")).toBeNull();
    expect(ofxDay("20230229")).toBeNull();
    expect(ofxDay("")).toBeNull();
  });

  it("reads amounts with a decimal point or comma, signs and zero padding", () => {
    expect(ofxAmount("-34.51")).toBe("-34.51");
    expect(ofxAmount("24783,31")).toBe("24783.31");
    expect(ofxAmount("+00000000000000.2400")).toBe("0.2400");
    expect(ofxAmount("           -222,22")).toBe("-222.22");
    expect(ofxAmount("-80")).toBe("-80");
    expect(ofxAmount("")).toBeNull();
    expect(ofxAmount("n/a")).toBeNull();
  });
});
