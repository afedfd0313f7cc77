import { describe, expect, it } from "vitest";
import { parseStatementFile } from "../../parse-file";
import { buildWorkbook } from "../excel/testing";
import { parseDate } from "./dates";
import { normaliseHeader, rolesForName } from "./headers";
import { transactionsOf } from "./csv-fixtures-testing";
import { parseCsv } from "./index";

/**
 * Layouts of banks read for the first time in the sixth round (New Zealand, Japan, Switzerland,
 * Sweden, Romania and others), each rule on made-up rows of the same shape.
 */
const utf8 = (text: string) => Buffer.from(text, "utf8");
const read = (lines: string[], currency = "EUR") => parseCsv(utf8(lines.join("\n")), { defaultCurrencyCode: currency });
const amounts = (lines: string[], currency?: string) => transactionsOf(read(lines, currency)).map((t) => t.amount);

describe("a headerless table whose first rows have whole amounts", () => {
  it("starts at its first row, not at the first amount with cents (the rows above were lost)", () => {
    const file = read([
      '"Datum",,,',
      '3/04/2012,"Vegie box",,50',
      '3/04/2012,"Delivery",,30',
      '4/04/2012,"Atm withdrawal",,-300',
      '4/04/2012,"Eftpos purchase",,-105.4',
      '5/04/2012,"Order",,26',
    ]);
    expect(transactionsOf(file).map((t) => [t.date, t.amount])).toEqual([
      ["2012-04-03", "50"],
      ["2012-04-03", "30"],
      ["2012-04-04", "-300"],
      ["2012-04-04", "-105.4"],
      ["2012-04-05", "26"],
    ]);
  });

  it("leaves one dated line above the rows where it is, and lines of days far from the rows' (a summary)", () => {
    const rows = ["03/04/2024,Vegie box,-50.25", "04/04/2024,Atm,-300.00", "05/04/2024,Refund,12.40"];
    expect(amounts(["25/05/2024,Minimum payment due,25", ...rows])).toEqual(["-50.25", "-300.00", "12.40"]);
    expect(amounts(["25/05/2024,Minimum payment due,25", "26/05/2024,Credit limit,5000", ...rows])).toHaveLength(3);
    const opening = read([
      "01/04/2012,Opening balance,,500",
      "03/04/2012,Vegie box,,-50.25",
      "04/04/2012,Atm,,-300.00",
    ]);
    expect(transactionsOf(opening)).toHaveLength(2);
    expect(opening.statements[0]!.openingBalance?.amount).toBe("500");
  });

  it("says so when a line above the rows is shaped as one and not read (a first row of whole amounts), and reads it when asked", () => {
    const lines = ["25/02/2024,SALARY ACME,3000", "20/02/2024,TESCO STORES,-23.10", "15/02/2024,COFFEE SHOP,-4.50"];
    const file = read(lines);
    expect(transactionsOf(file)).toHaveLength(2);
    expect(file.warnings.join(" ")).toMatch(
      /line 1 above the table has a date and an amount and was not read as a transaction/,
    );
    const asked = parseCsv(utf8(lines.join("\n")), { defaultCurrencyCode: "EUR", headerRow: null, skipRows: 0 });
    expect(transactionsOf(asked).map((t) => t.amount)).toEqual(["3000", "-23.10", "-4.50"]);
  });

  it("leaves a line above the table that has another number of cells where it is", () => {
    const file = read(["Statement 01/04/2012 balance 500", "3/04/2012,Vegie box,50.00", "4/04/2012,Atm,-300.00"]);
    expect(transactionsOf(file)).toHaveLength(2);
  });
});

describe("a headerless file under a summary line of another shape", () => {
  it("reads the rows under it, its date no more hiding theirs (BNP Paribas's account line)", () => {
    const rows = ["05/06/2019;;; AMORTISSEMENT PRET 1234;67,97", "05/07/2019;;; AMORTISSEMENT PRET 1234;68,07"];
    const summary = "Crédit immobilier;Crédit immobilier;****1234;18/03/2022;;-123 456,78";
    expect(amounts([summary, ...rows])).toEqual(["67.97", "68.07"]);
    expect(amounts([summary, rows[0]!])).toEqual(["67.97"]);
  });
});

describe("columns named as identifiers", () => {
  it("hold no money, though their name holds a money word (入出金明細ＩＤ, Japan Post Bank's)", () => {
    for (const header of ["入出金明細ＩＤ", "入出金明細ID", "Amount ID", "Betrag Nr", "Saldo Nummer"])
      expect(rolesForName(normaliseHeader(header).name)).toEqual([]);
    // A word that only ends in the letters is no identifier.
    expect(
      amounts([
        "Date,Merchant,Exchange Rate,Amount Paid",
        "01/04/2024,Hotel Paris,1.1702,-85.45",
        "02/04/2024,Cafe,1.1702,-4.27",
      ]),
    ).toEqual(["-85.45", "-4.27"]);
    const file = read(
      [
        "取引日,入出金明細ＩＤ,受入金額（円）,払出金額（円）,詳細１,詳細２,現在（貸付）高",
        "20250728,202507280000101,,50000,自払,ﾃﾞﾝｷ ﾀﾞｲ,234321",
        "20250728,202507280000201,,20000,自払,ｻﾝｷｭｳﾏｰﾄ,214321",
        "20250806,202508060000101,114300,,振込,ﾀﾛｳ,328621",
      ],
      "JPY",
    );
    expect(transactionsOf(file).map((t) => t.amount)).toEqual(["-50000", "-20000", "114300"]);
    expect(file.statements[0]!.closingBalance).toEqual({ amount: "328621", date: "2025-08-06" });
  });
});

describe("balances and accounts in the lines above the table", () => {
  it("read a balance's day after its figure ('as of 20250412'), not as more of its digits", () => {
    const file = read(
      [
        "Bank 12; Branch 3405; Account 0123456-50 (Streamline)",
        "Ledger Balance : 20.00 as of 20250412",
        "Date,Payee,Memo,Amount",
        "2025/04/01,Shop,Card,-10.00",
        "2025/04/10,Shop,Card,-5.00",
      ],
      "NZD",
    );
    expect(file.statements[0]!.closingBalance).toEqual({ amount: "20.00", date: "2025-04-12" });
    expect(file.statements[0]!.accountIdentifier).toBe("0123456-50");
  });
});

describe("the closing balance of a file of money out alone, newest first", () => {
  it("is the newest row's balance (the row's amount was taken off it a second time)", () => {
    const file = read([
      "Date de comptabilisation;Libellé;Montant débité (CHF);Montant crédité (CHF);Solde (CHF)",
      "31.12.2024;Frais de tenue de compte;2.00;;14602.71",
      "30.12.2024;Débit global;617.40;;14604.71",
      "29.12.2024;Ordre permanent;244.00;;15222.11",
      "28.12.2024;Carte;34.90;;15466.11",
    ]);
    expect(transactionsOf(file).map((t) => t.amount)).toEqual(["-2.00", "-617.40", "-244.00", "-34.90"]);
    expect(file.statements[0]!.closingBalance).toEqual({ amount: "14602.71", date: "2024-12-31" });
  });
});

describe("a credit column whose amounts carry both signs", () => {
  it("is a signed amount: the minus of money spent is kept (Mobile Suica's 入金・利用額)", () => {
    expect(
      amounts(
        [
          "月日,種別,利用場所,残高,入金・利用額",
          '2024/10/28,ｵｰﾄ,都六本木,"10,612","+10,000"',
          "2024/10/28,入,板橋,780,-220",
          "2024/10/27,物販,ｺﾝﾋﾞﾆ,1000,-150",
        ],
        "JPY",
      ),
    ).toEqual(["10000", "-220", "-150"]);
  });
});

describe("a column of dashes alone beside the amounts", () => {
  it("is no column of debit marks (OKQ8's 'Kurs', the rate of a purchase abroad)", async () => {
    const book = buildWorkbook([
      {
        rows: [
          ["Datum", "Typ", "Beskrivning", "In på konto", "Ut från konto", "Originalt belopp", "Valuta", "Kurs"],
          ["4 jul 2024", "Köp", "Finska pinnar", null, -12, -12, "SEK", "-"],
          ["28 jun 2024", "Inbetalning", "Bg Inbetalning", 5579.64, null, 5579.64, "SEK", "-"],
          ["27 jun 2024", "Återbetalning", "Macken", 120, null, 120, "SEK", "-"],
        ],
      },
    ]);
    const file = await parseStatementFile(book, "okq8.xlsx", { defaultCurrencyCode: "SEK" });
    expect(transactionsOf(file).map((t) => t.amount)).toEqual(["-12.00", "5579.64", "120.00"]);
  });
});

describe("a column of dashes alone under a name of its own", () => {
  it("marks nothing beside one signed amount column (the rows keep their signs)", () => {
    const rows = [
      "2024-03-05;ICA NARA;-245,50;-",
      "2024-03-06;LON ACME AB;25000,00;-",
      "2024-03-07;SL ACCESS;-40,00;-",
      "2024-03-08;SWISH FRAN ANNA;150,00;-",
    ];
    expect(amounts(["Datum;Text;Belopp;Kurs", ...rows])).toEqual(["-245.50", "25000.00", "-40.00", "150.00"]);
    expect(amounts(["Datum;Text;Belopp;Ref", ...rows])).toEqual(["-245.50", "25000.00", "-40.00", "150.00"]);
  });
});

describe("a card statement's label 'Account and card number'", () => {
  it("still makes the file a card's, whose sign the person chooses", () => {
    const file = read([
      "Account and card number;5232 **** **** 1234",
      "Date;Description;Amount",
      "01.03.2024;Shop;25,00",
      "02.03.2024;Refund;-20,00",
      "03.03.2024;Cafe;4,50",
    ]);
    expect(file.amountSemanticsRequired).toBe(true);
  });
});

describe("a sign column of minus marks and blanks", () => {
  it("still signs the rows it marks when no debit and credit columns are named", () => {
    expect(
      amounts([
        "Datum;Buchungstext;Betrag;+/-",
        "01.04.2024;REWE;12,50;-",
        "02.04.2024;Gehalt;2000,00;",
        "03.04.2024;Apotheke;8,20;-",
      ]),
    ).toEqual(["-12.50", "2000.00", "-8.20"]);
  });
});

describe("a category column", () => {
  it("gives each row the category the app or bank filed it under, and is never the row's text (Intesa's 'Categoria ')", () => {
    const file = read([
      'Data;Operazione;Dettagli;Conto o carta;Contabilizzazione;"Categoria ";Valuta;Importo',
      "23/05/2024;Bonifico;Stipendio maggio;Conto 1111111;CONTABILIZZATO;Bonifici ricevuti;EUR;2600,00",
      "21/05/2024;Pagamento;F24 acconto;Conto 1111111;CONTABILIZZATO;Imposte sul reddito e tasse varie;EUR;-23,57",
      "20/05/2024;Pagamento;Esselunga;Conto 1111111;CONTABILIZZATO;Alimentari e supermercato;EUR;-64,10",
    ]);
    expect(transactionsOf(file).map((t) => [t.category, t.description])).toEqual([
      ["Bonifici ricevuti", "Stipendio maggio"],
      ["Imposte sul reddito e tasse varie", "F24 acconto"],
      ["Alimentari e supermercato", "Esselunga"],
    ]);
    // Accounts and cards named together make no card statement: the signed amounts are read as printed.
    expect(file.amountSemanticsRequired).toBe(false);
  });

  it("is a sign column when it holds debit and credit marks", () => {
    expect(
      amounts([
        "Date,Description,Amount,Category",
        "05/03/2024,TESCO STORES 3321,12.50,Debit",
        "07/03/2024,ACME LTD SALARY,2500.00,Credit",
      ]),
    ).toEqual(["-12.50", "2500.00"]);
  });

  it("still describes the rows when it is the only text (a budget app's export with empty notes)", () => {
    const file = read([
      "Id,Date,Category,Amount,Currency,Note,Wallet",
      "1,05/03/2024,Food & Beverage,-12.50,EUR,,Cash",
      "2,06/03/2024,Transport,-3.10,EUR,,Cash",
      "3,07/03/2024,Salary,2500.00,EUR,,Cash",
    ]);
    expect(transactionsOf(file).map((t) => [t.description, t.category])).toEqual([
      ["Food & Beverage", "Food & Beverage"],
      ["Transport", "Transport"],
      ["Salary", "Salary"],
    ]);
  });

  it("is read in other languages, and a row without one has none", () => {
    const file = read([
      "Datum,Empfänger,Verwendungszweck,Kategorie,Betrag (EUR)",
      "2017-10-01,REWE,Einkauf,Lebensmittel,-12.50",
      "2017-10-02,Arbeitgeber,Gehalt,,2000.00",
    ]);
    expect(transactionsOf(file).map((t) => t.category)).toEqual(["Lebensmittel", null]);
  });
});

describe("month names of more languages", () => {
  it.each([
    ["01 octombrie 2020", "2020-10-01"],
    ["15 Ekim 2020", "2020-10-15"],
    ["12 Şubat 2021", "2021-02-12"],
    ["15 октября 2020", "2020-10-15"],
    ["10 мая 2020", "2020-05-10"],
    ["15 Οκτωβρίου 2020", "2020-10-15"],
    ["15 spalio 2020", "2020-10-15"],
    ["2020. október 15.", "2020-10-15"],
    // Polish and Czech November stays November: Croatian (October) is not read.
    ["15 listopada 2020", "2020-11-15"],
  ])("%s is %s", (cell, day) => {
    expect(parseDate(cell, "dmy")).toBe(day);
  });

  it("read a Romanian statement's dates", () => {
    expect(
      transactionsOf(
        read(
          ["Data,Detalii,Suma", "01 octombrie 2020,Cumparare POS,-400.00", "02 octombrie 2020,Incasare,500.00"],
          "RON",
        ),
      ).map((t) => t.date),
    ).toEqual(["2020-10-01", "2020-10-02"]);
  });
});

describe("currencies named by their unit or their name", () => {
  it("read ringgit from '(RM)' and rupiah from '(Rp)' beside a column's name", () => {
    expect(normaliseHeader("Debit (RM)")).toEqual({ name: "debit", currency: "MYR", currencies: ["MYR"] });
    expect(normaliseHeader("Jumlah (Rp)")).toEqual({ name: "jumlah", currency: "IDR", currencies: ["IDR"] });
  });

  it("read the currency a label names in words ('Currency:Naira')", () => {
    const file = read(["Account No: 0037529546", "Currency:Naira", "Date,Remarks,Amount", "2015-07-01,POS,-100.00"]);
    expect(file.statements[0]!.currencyCode).toBe("NGN");
  });
});

describe("a booking date named 'Booked At'", () => {
  it("is the row's date, the valuta date its value date", () => {
    const [row] = transactionsOf(
      read([
        "Booked At;Text;Credit/Debit Amount;Balance;Valuta Date",
        "21.11.2017 19:19;Shop;-59;15907.01;22.11.2017 00:00",
      ]),
    );
    expect([row!.date, row!.valueDate]).toEqual(["2017-11-21", "2017-11-22"]);
  });
});

describe("a bank profile whose header any card export could print", () => {
  it("is not taken from a header naming more columns (ASB's card export is no John Lewis card's)", () => {
    const file = read(
      [
        "Date Processed,Date of Transaction,Unique Id,Tran Type,Reference,Description,Amount",
        '2025/03/20,2025/03/20,2025032002,CREDIT,5023,"PAYMENT RECEIVED THANK YOU",-2750.00',
        '2025/04/09,2025/04/08,2025040902,DEBIT,5023,"Birdy Bytes",8.50',
      ],
      "NZD",
    );
    expect(file.bankName).toBeNull();
    expect(file.statements[0]!.currencyCode).toBe("NZD");
  });
});
