import { describe, expect, it } from "vitest";
import { MAX_FILE_TRANSACTIONS } from "../limits";
import { CAP_MESSAGE, unreadableBy } from "../testing";
import { parseOfx } from ".";

describe("OFX: the cap of transactions per file", () => {
  it("OFX: counts STMTTRN as the tags are read and refuses the 100,001st", () => {
    const transaction = (i: number) =>
      `<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240102<TRNAMT>-1.00<FITID>F${i}<NAME>a</STMTTRN>\n`;
    const file = (count: number) =>
      "OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\n\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>EUR<BANKTRANLIST>\n" +
      Array.from({ length: count }, (_, i) => transaction(i)).join("") +
      "</BANKTRANLIST><LEDGERBAL><BALAMT>1.00<DTASOF>20240102</LEDGERBAL></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>\n";
    expect(parseOfx(Buffer.from(file(MAX_FILE_TRANSACTIONS))).statements[0]!.transactions).toHaveLength(
      MAX_FILE_TRANSACTIONS,
    );
    const error = unreadableBy(() => parseOfx(Buffer.from(file(MAX_FILE_TRANSACTIONS + 1))));
    expect(error.message).toMatch(CAP_MESSAGE);
    expect(error.location).toBe("line 100006");
  }, 60_000);
});
