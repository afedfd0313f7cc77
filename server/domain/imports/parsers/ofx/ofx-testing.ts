/** OFX files built in memory for the parser tests: SGML (OFX 1.x) or XML (2.x) headers and a bank statement body. */

export const SGML_HEADER =
  "OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\nSECURITY:NONE\nENCODING:USASCII\nCHARSET:1252\nCOMPRESSION:NONE\nOLDFILEUID:NONE\nNEWFILEUID:NONE\n\n";
export const XML_HEADER =
  '<?xml version="1.0" encoding="UTF-8"?>\n<?OFX OFXHEADER="200" VERSION="211" SECURITY="NONE" OLDFILEUID="NONE" NEWFILEUID="NONE"?>\n';

/** A bank statement body; `close` writes XML end tags on leaves, otherwise SGML style. */
export function body(transactions: string[][], close: boolean, extra = ""): string {
  const leaf = (name: string, value: string) => (close ? `<${name}>${value}</${name}>` : `<${name}>${value}`);
  const rows = transactions
    .map(
      ([date, amount, fitid, name]) =>
        `<STMTTRN>\n${leaf("TRNTYPE", "OTHER")}\n${leaf("DTPOSTED", date!)}\n${leaf("TRNAMT", amount!)}\n${leaf("FITID", fitid!)}\n${leaf("NAME", name!)}\n</STMTTRN>`,
    )
    .join("\n");
  return (
    `<OFX>\n<SIGNONMSGSRSV1><SONRS><STATUS>${leaf("CODE", "0")}${leaf("SEVERITY", "INFO")}</STATUS>${leaf("DTSERVER", "20240102")}` +
    `<FI>${leaf("ORG", "Test Bank")}</FI></SONRS></SIGNONMSGSRSV1>\n<BANKMSGSRSV1><STMTTRNRS>${leaf("TRNUID", "1")}\n<STMTRS>\n${leaf("CURDEF", "EUR")}\n` +
    `<BANKACCTFROM>${leaf("BANKID", "1")}${leaf("ACCTID", "DE02120300000000202051")}${leaf("ACCTTYPE", "CHECKING")}</BANKACCTFROM>\n` +
    `<BANKTRANLIST>\n${rows}\n</BANKTRANLIST>\n${extra}<LEDGERBAL>${leaf("BALAMT", "1234.50")}${leaf("DTASOF", "20240102120000[+1:CET]")}</LEDGERBAL>\n` +
    "</STMTRS></STMTTRNRS></BANKMSGSRSV1>\n</OFX>\n"
  );
}

/** Two rows whose DTPOSTED carry time zones: 23:00 PST on 31 December, and 08:00 EST. */
export const ROWS = [
  ["20231231230000.000[-8:PST]", "-12.30", "A1", "Coffee"],
  ["20050824080000[-5:EST]", "100", "A2", "Salary"],
];
