import { describe, expect, it } from "vitest";
import { MAX_FILE_TRANSACTIONS } from "../limits";
import { CAP_MESSAGE, unreadableBy } from "../testing";
import { parseCamt } from ".";

describe("CAMT: the cap of transactions per file", () => {
  it("CAMT: counts entries as the XML streams by and refuses the 100,001st", () => {
    const file = (count: number) =>
      '<?xml version="1.0"?>\n<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt><Stmt>\n' +
      '<Ntry><Amt Ccy="EUR">1.00</Amt><CdtDbtInd>DBIT</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>2024-01-02</Dt></BookgDt></Ntry>\n'.repeat(
        count,
      ) +
      "</Stmt></BkToCstmrStmt></Document>\n";
    expect(parseCamt(Buffer.from(file(MAX_FILE_TRANSACTIONS))).statements[0]!.transactions).toHaveLength(
      MAX_FILE_TRANSACTIONS,
    );
    const error = unreadableBy(() => parseCamt(Buffer.from(file(MAX_FILE_TRANSACTIONS + 1))));
    expect(error.message).toMatch(CAP_MESSAGE);
    expect(error.location).toBe(`line ${2 + MAX_FILE_TRANSACTIONS + 1}`);
  }, 60_000);
});
