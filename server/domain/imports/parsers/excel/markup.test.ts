import { describe, expect, it } from "vitest";
import { detectFileType } from "../../detect-type";
import { parseStatementFile } from "../../parse-file";
import { markupWorkbook } from "./markup";

/**
 * Banks' ".xls" files that are text: an HTML table (Israeli card companies save one in UTF-16) or
 * Excel 2003's XML spreadsheet (Israel Discount Bank). Made-up rows in those two layouts.
 */

const utf16 = (text: string) => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, "utf16le")]);

const HTML_TABLE = `<html xmlns="http://www.w3.org/1999/xhtml" dir="rtl">
<head><title>הורדה לאקסל</title><style>TABLE { font-family: Arial; }</style></head>
<body><table>
<tr><td>פירוט עסקות</td><td></td><td>03/01/2016</td></tr>
<tr><th>תאריך<br />העסקה</th><th>שם<br />בית העסק</th><th>סכום<br />העסקה</th><th>סכום<br />החיוב</th></tr>
<tr><td>01/12/15</td><td>ניו פארם</td><td>19.71</td><td>19.71</td></tr>
<tr><td>13/12/15</td><td>חומוס</td><td>17.00</td><td>16.49</td></tr>
<tr><td>סה"כ:</td><td></td><td></td><td>36.20</td></tr>
</table></body></html>`;

const SPREADSHEET_ML = `<?xml version="1.0" encoding="UTF-8"?>
<?mso-application progid="Excel.Sheet"?>
<Workbook xmlns="urn:schemas-microsoft-com:office:spreadsheet" xmlns:ss="urn:schemas-microsoft-com:office:spreadsheet">
 <Worksheet ss:Name="Account">
  <Table>
   <Row><Cell><Data ss:Type="String">Account 12345678</Data></Cell></Row>
   <Row><Cell><Data ss:Type="String">Date</Data></Cell><Cell><Data ss:Type="String">Description</Data></Cell><Cell><Data ss:Type="String">Amount</Data></Cell></Row>
   <Row><Cell><Data ss:Type="String">01/02/2016</Data></Cell><Cell><Data ss:Type="String">Cheque</Data></Cell><Cell><Data ss:Type="Number">-300</Data></Cell></Row>
   <Row><Cell><Data ss:Type="String">31/01/2016</Data></Cell><Cell><Data ss:Type="String">Salary</Data></Cell><Cell><Data ss:Type="String">988.00</Data></Cell></Row>
  </Table>
 </Worksheet>
</Workbook>`;

describe("a workbook written as an HTML table", () => {
  it("in UTF-16 under an .xls name is an Excel file, read with day-first dates and the charged amount", async () => {
    const bytes = utf16(HTML_TABLE);
    expect(detectFileType(bytes, "Export.xls")).toBe("xls");
    const file = await parseStatementFile(bytes, "Export.xls", { defaultCurrencyCode: "ILS" });
    expect(file.fileType).toBe("xls");
    expect(file.statements[0]!.transactions.map((t) => [t.date, t.amount, t.description])).toEqual([
      ["2015-12-01", "19.71", "ניו פארם"],
      ["2015-12-13", "16.49", "חומוס"],
    ]);
  });

  it("in the 8-bit encoding its markup declares (windows-1255)", () => {
    const declared = HTML_TABLE.replace(
      "<head>",
      '<head><meta http-equiv="Content-Type" content="text/html; charset=windows-1255">',
    );
    const encoded = Buffer.from(
      [...declared].flatMap((char) => {
        const code = char.codePointAt(0)!;
        // Hebrew letters are 0xE0-0xFA in windows-1255; the rest of this text is ASCII.
        return code >= 0x5d0 && code <= 0x5ea ? [code - 0x5d0 + 0xe0] : [code];
      }),
    );
    expect(markupWorkbook(encoded)?.text).toContain("ניו פארם");
  });

  it("in UTF-8 under a declared code page of one byte a character (Handelsbanken's 'charset=iso-8859-1')", async () => {
    const page = `<html><head><meta http-equiv="Content-Type" content="text/html; charset=iso-8859-1"></head><body><table>
<tr><td>Reskontradatum</td><td>Text</td><td>Belopp</td></tr>
<tr><td>2024-03-28</td><td>HSB Göteborg</td><td>-5 552,00</td></tr>
</table></body></html>`;
    const file = await parseStatementFile(Buffer.from(page, "utf8"), "export.xls", { defaultCurrencyCode: "SEK" });
    expect(file.statements[0]!.transactions.map((t) => [t.amount, t.description])).toEqual([
      ["-5552.00", "HSB Göteborg"],
    ]);
    // The same page in Latin-1, as it declares: read as declared.
    const latin1 = await parseStatementFile(Buffer.from(page, "latin1"), "export.xls", { defaultCurrencyCode: "SEK" });
    expect(latin1.statements[0]!.transactions[0]!.description).toBe("HSB Göteborg");
  });

  it("without a table (a saved error page) is no statement, and CSV-like text is still CSV", () => {
    const page = Buffer.from("<!DOCTYPE html><html><body><p>Session expired, 01/02/2024;12,00</p></body></html>");
    expect(markupWorkbook(page)).toBeNull();
    expect(detectFileType(page, "export.xls")).toBeNull();
    expect(detectFileType(Buffer.from("Date;Amount\n01.02.2024;-5,00\n"), "export.xls")).toBe("csv");
  });
});

describe("a page of several tables (Promerica's: the customer's details, then the statement nested in a layout table)", () => {
  it("reads each table as a sheet of its own, and decodes the cells' character references", async () => {
    const page = `<html><body><div><table><tr><td>Cliente</td><td>Juan P&eacute;rez</td></tr><tr><td>IBAN</td><td>CR05015202001026284066</td></tr></table></div>
<div><table style="width:115%"><tr><td><table border="0">
<tr><td>Fecha</td><td>Concepto</td><td>Descripci&#243;n</td><td>Monto</td><td>Saldo</td></tr>
<tr><td>01/11/2024</td><td>CREDITO</td><td>SINPE M&Oacute;VIL</td><td>6,985.00</td><td>701,917.31</td></tr>
<tr><td>13/11/2024</td><td>DEBITO</td><td>PAGO &amp; CUOTA</td><td>-1,500.00</td><td>700,417.31</td></tr>
</table></td></tr></table></div><table><tr><td>Mensajes Importantes</td></tr></table></body></html>`;
    const file = await parseStatementFile(Buffer.from(page), "estado.xls", { defaultCurrencyCode: "CRC" });
    expect(file.warnings[0]).toBe('Read the sheet "Table 2".');
    expect(file.statements[0]!.transactions.map((t) => [t.date, t.amount, t.description])).toEqual([
      ["2024-11-01", "6985.00", "CREDITO SINPE MÓVIL"],
      ["2024-11-13", "-1500.00", "DEBITO PAGO & CUOTA"],
    ]);
  });
});

describe("pages the tables' tags do not lay out neatly", () => {
  const rows =
    "<tr><td>Date</td><td>Description</td><td>Amount</td></tr><tr><td>01/03/2024</td><td>Salary</td><td>1500.00</td></tr><tr><td>02/03/2024</td><td>Tesco</td><td>-45.10</td></tr>";

  it("read a statement whose footer holds small tables, and one after a stray closing tag", async () => {
    const footer = `<html><body><table>${rows}<tr><td colspan="3"><table><tr><td>Total in</td><td>1500.00</td></tr></table></td></tr></table></body></html>`;
    const stray = `<html><body><table><tr><td>Customer</td><td>J Smith</td></tr></table></table><div><table><tr><td><table>${rows}</table></td></tr></table></div></body></html>`;
    for (const page of [footer, stray]) {
      const file = await parseStatementFile(Buffer.from(page), "export.xls", { defaultCurrencyCode: "EUR" });
      expect(file.statements[0]!.transactions.map((t) => [t.date, t.amount])).toEqual([
        ["2024-03-01", "1500.00"],
        ["2024-03-02", "-45.10"],
      ]);
    }
  });

  it("tell HTML by its opening in time linear in its length, however many comments come first", () => {
    // A pattern with repeated comment groups took a minute on 27 comments: on 1,000 it would never end.
    expect(markupWorkbook(Buffer.from(`${"<!---->".repeat(1_000)}x`))).toBeNull();
    expect(markupWorkbook(Buffer.from("   <!-- never closed"))).toBeNull();
    expect(
      markupWorkbook(
        Buffer.from(`<?xml version="1.0"?><!-- a --><!DOCTYPE html><!-- b --><html><table></table></html>`),
      )?.kind,
    ).toBe("html");
  });
});

describe("a workbook written as Excel 2003's XML (SpreadsheetML)", () => {
  it("is read like any workbook: its sheet, typed numbers and text cells", async () => {
    const bytes = Buffer.from(SPREADSHEET_ML);
    expect(detectFileType(bytes, "statement.xls")).toBe("xls");
    expect(detectFileType(bytes, "statement.xml")).toBe("xls");
    const file = await parseStatementFile(bytes, "statement.xls", { defaultCurrencyCode: "ILS" });
    expect(file.statements[0]!.transactions.map((t) => [t.date, t.amount, t.description])).toEqual([
      ["2016-02-01", "-300.00", "Cheque"],
      ["2016-01-31", "988.00", "Salary"],
    ]);
  });
});

describe("a bank's page that splits its list into two tables (a Galician bank's, in Latin-1 without a charset)", () => {
  it("reads the second, headerless table as more of the first one's rows, and the page's letters as written", async () => {
    const page = `<TABLE border='1'><TR><TD colspan='5'><b>Número de cuenta:</b> 0104/50.0003104</TD></TR>
<TR><TD>FECHA CONTABLE</TD><TD>FECHA VALOR</TD><TD>DESCRIPCION</TD><TD>IMPORTE</TD><TD>SALDO</TD></TR>
<TR><TD></TD><TD></TD><TD>SALDO INICIAL</TD><TD>-39411,01</TD><TD></TD></TR>
<tr><td>03/08/2020</td><td>03/08/2020</td><td>RECIB /TELEFONICA DE ESPAÑA</td><td>-202,68</td><td>-39613,69</td></tr>
</TABLE><TABLE border='1'>
<tr><td>10/11/2020</td><td>10/11/2020</td><td>TRANS /EMP MIXTA DE AUGAS</td><td>2891,90</td><td>-36721,79</td></tr>
<tr><td>12/11/2020</td><td>12/11/2020</td><td>RECIBO /ACQUAJET SEMAE</td><td>-33,14</td><td>-36754,93</td></tr>
</TABLE>`;
    const file = await parseStatementFile(Buffer.from(page, "latin1"), "movimientos.xls", {
      defaultCurrencyCode: "EUR",
    });
    expect(file.warnings[0]).toBe('Read the sheet "Table 1" and "Table 2", which goes on with its rows.');
    const [statement] = file.statements;
    expect(statement!.transactions.map((t) => [t.date, t.amount, t.description])).toEqual([
      ["2020-08-03", "-202.68", "RECIB /TELEFONICA DE ESPAÑA"],
      ["2020-11-10", "2891.90", "TRANS /EMP MIXTA DE AUGAS"],
      ["2020-11-12", "-33.14", "RECIBO /ACQUAJET SEMAE"],
    ]);
    // The opening balance's figure stands under the amounts; the account keeps its slash and dot.
    expect(statement).toMatchObject({
      accountIdentifier: "0104/50.0003104",
      openingBalance: { amount: "-39411.01", date: "2020-08-03" },
      closingBalance: { amount: "-36754.93", date: "2020-11-12" },
    });
  });

  it("keeps a second table with a header of its own apart (a month's, an account's)", async () => {
    const table = (day: string) =>
      `<table><tr><td>Date</td><td>Text</td><td>Amount</td></tr><tr><td>${day}</td><td>Shop</td><td>-5.00</td></tr></table>`;
    const file = await parseStatementFile(Buffer.from(table("01/02/2024") + table("01/03/2024")), "x.xls", {});
    expect(file.statements[0]!.transactions.map((t) => t.date)).toEqual(["2024-02-01"]);
  });
});
