import { describe, expect, it } from "vitest";
import { type ParsedFile, StatementUnreadableError } from "../types";
import { decodeCsvBytes } from "./encoding";
import { unreadableBy } from "../testing";
import { lenientCells } from "./dialect";
import { parseCsv } from "./index";
import { transactionsOf } from "./csv-fixtures-testing";
import { parseStatementFile } from "../../parse-file";

const utf8 = (text: string) => Buffer.from(text, "utf8");

function transactions(file: ParsedFile) {
  return file.statements.flatMap((s) => s.transactions).sort((a, b) => a.row - b.row);
}

const unreadable = (bytes: Buffer): StatementUnreadableError => unreadableBy(() => parseCsv(bytes));

/** Encodes text to a single-byte code page from a table of the non-ASCII characters used. */
function encode8(text: string, table: Record<string, number>): Buffer {
  return Buffer.from(
    Array.from(text).map((c) => {
      const code = c.codePointAt(0) ?? 0;
      if (code < 0x80) return code;
      const byte = table[c];
      if (byte === undefined) throw new Error(`no byte for ${c}`);
      return byte;
    }),
  );
}

const CP1250 = {
  č: 0xe8,
  ř: 0xf8,
  ě: 0xec,
  ů: 0xf9,
  š: 0x9a,
  ž: 0x9e,
  á: 0xe1,
  í: 0xed,
  é: 0xe9,
  ú: 0xfa,
  ý: 0xfd,
  Č: 0xc8,
};
const ISO_8859_2 = { ...CP1250, š: 0xb9, ž: 0xbe };
const CP1252 = { ä: 0xe4, ö: 0xf6, ü: 0xfc, Ü: 0xdc, ß: 0xdf, é: 0xe9, è: 0xe8, "€": 0x80 };

const CZECH =
  "Datum zaúčtování;Částka;Zpráva pro příjemce\n05.03.2024;-1 250,00;Nákup potravin - řeznictví\n06.03.2024;300,00;Vrácení peněz za účet, žádost příští týden\n";

describe("encodings", () => {
  it("reads UTF-16 LE and BE with a BOM", () => {
    const text = "Date,Description,Amount\n2024-01-31,Café Zürich,-4.50\n";
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, "utf16le")]);
    const be = Buffer.from(le);
    be.swap16();
    for (const bytes of [le, be]) {
      const [t] = transactions(parseCsv(bytes));
      expect(t).toMatchObject({ date: "2024-01-31", amount: "-4.50", description: "Café Zürich", location: "line 2" });
    }
    expect(decodeCsvBytes(be).encoding).toBe("utf-16be");
  });

  it("recognises UTF-16 LE without a BOM", () => {
    const bytes = Buffer.from("Datum;Betrag;Text\n31.01.2024;-4,50;Bäckerei\n", "utf16le");
    expect(decodeCsvBytes(bytes).encoding).toBe("utf-16le");
    expect(transactions(parseCsv(bytes))[0]).toMatchObject({ amount: "-4.50", description: "Bäckerei" });
  });

  it("drops a UTF-8 BOM", () => {
    const file = parseCsv(
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), utf8("Date,Amount,Description\n2024-01-31,1.00,x\n")]),
    );
    expect(transactions(file)).toHaveLength(1);
  });

  it("tells Windows-1250 and ISO-8859-2 Czech from Windows-1252", () => {
    expect(decodeCsvBytes(encode8(CZECH, CP1250))).toMatchObject({ encoding: "windows-1250", text: CZECH });
    expect(decodeCsvBytes(encode8(CZECH, ISO_8859_2))).toMatchObject({ encoding: "iso-8859-2", text: CZECH });
    const german = "Buchungstag;Betrag;Verwendungszweck\n31.01.2024;-4,50;Bäckerei Müller Straße €\n";
    expect(decodeCsvBytes(encode8(german, CP1252))).toMatchObject({ encoding: "windows-1252", text: german });
    const [t] = transactions(parseCsv(encode8(CZECH, CP1250)));
    expect(t).toMatchObject({ date: "2024-03-05", amount: "-1250.00", description: "Nákup potravin - řeznictví" });
  });
});

describe("records", () => {
  it("keeps a quoted description spanning lines as one record and counts its lines", () => {
    const file = parseCsv(
      utf8('Date,Description,Amount\n2024-01-31,"Coffee\nand\r\ncake",-3.50\n2024-02-01,Salary,"1,000.00"\n'),
    );
    expect(transactions(file).map((t) => [t.description, t.amount, t.location])).toEqual([
      ["Coffee and cake", "-3.50", "line 2"],
      ["Salary", "1000.00", "line 5"],
    ]);
  });

  it("reads tab- and pipe-delimited files", () => {
    const tab = parseCsv(utf8("Date\tDescription\tAmount\n31/01/2024\tRent, January\t-700.00\n"));
    expect(transactions(tab)[0]).toMatchObject({ date: "2024-01-31", amount: "-700.00", description: "Rent, January" });
    const pipe = parseCsv(utf8("Datum|Omschrijving|Bedrag\n31-01-2024|Huur|-700,00\n"));
    expect(transactions(pipe)[0]).toMatchObject({ date: "2024-01-31", amount: "-700.00" });
  });

  it("reads the number formats banks print", () => {
    const file = parseCsv(
      utf8(
        "Date;Description;Amount\n01.02.2024;a;1 234,50\n02.02.2024;b;(12,30)\n03.02.2024;c;12,30-\n04.02.2024;d;€ 1.234,56\n",
      ),
    );
    expect(transactions(file).map((t) => t.amount)).toEqual(["1234.50", "-12.30", "-12.30", "1234.56"]);
  });
});

describe("day/month order", () => {
  it("decides from one unambiguous value in the column", () => {
    const file = parseCsv(utf8("Date,Description,Amount\n01/02/2024,a,-1.00\n01/13/2024,b,-2.00\n"));
    expect(transactions(file).map((t) => t.date)).toEqual(["2024-01-02", "2024-01-13"]);
    expect(file.warnings.filter((w) => w.includes("day/month or month/day"))).toEqual([]);
  });

  it("falls back to the locale and warns when the column stays ambiguous", () => {
    const us = parseCsv(utf8("Date,Description,Amount\n01/02/2024,a,-1.00\n03/04/2024,b,-2.00\n"));
    expect(transactions(us)[0]?.date).toBe("2024-01-02");
    expect(us.warnings.some((w) => w.includes('"01/02/2024"') && w.includes("month/day"))).toBe(true);
    const european = parseCsv(utf8("Date;Description;Amount\n01/02/2024;a;-1,00\n03/04/2024;b;-2,00\n"));
    expect(transactions(european)[0]?.date).toBe("2024-02-01");
    expect(european.warnings.some((w) => w.includes("decimal commas"))).toBe(true);
  });
});

describe("sign conventions", () => {
  it("asks for the convention of a card statement with one amount column, and applies it when given", () => {
    const bytes = utf8(
      "Date,Card Number,Description,Amount\n2024-01-02,1234,Shop,12.00\n2024-01-03,1234,Payment,-50.00\n",
    );
    const unknown = parseCsv(bytes);
    expect(unknown).toMatchObject({ amountSemantics: null, amountSemanticsRequired: true, bankKey: "generic_csv" });
    expect(transactions(unknown).map((t) => t.amount)).toEqual(["12.00", "-50.00"]);
    const chosen = parseCsv(bytes, { amountSemantics: "signed_debit_positive" });
    expect(chosen).toMatchObject({ amountSemantics: "signed_debit_positive", amountSemanticsRequired: false });
    expect(transactions(chosen).map((t) => t.amount)).toEqual(["-12.00", "50.00"]);
  });

  it("ignores a convention that does not fit the file's columns", () => {
    const file = parseCsv(utf8("Date,Description,Debit,Credit\n2024-01-02,Shop,12.00,\n"), {
      amountSemantics: "indicator_column",
    });
    expect(file.amountSemantics).toBe("split_columns");
    expect(file.warnings.some((w) => w.includes("indicator_column"))).toBe(true);
    expect(transactions(file)[0]?.amount).toBe("-12.00");
  });

  it("reads Soll/Haben marks and the default currency", () => {
    const file = parseCsv(
      utf8("Buchungstag;Betrag;S/H;Text\n31.01.2024;12,50;S;Miete\n01.02.2024;2.000,00;H;Gehalt\n"),
      { defaultCurrencyCode: "EUR" },
    );
    expect(file.amountSemantics).toBe("indicator_column");
    expect(transactions(file).map((t) => [t.amount, t.currencyCode])).toEqual([
      ["-12.50", "EUR"],
      ["2000.00", "EUR"],
    ]);
  });
});

describe("unreadable files", () => {
  it("refuses an empty file", () => {
    expect(unreadable(Buffer.alloc(0)).message).toContain("empty");
    expect(unreadable(utf8(" \r\n\n")).message).toContain("empty");
  });

  it("refuses binary garbage and archives", () => {
    let seed = 42;
    const garbage = Buffer.from(
      Array.from({ length: 4000 }, () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % 256),
    );
    expect(unreadable(garbage)).toBeInstanceOf(StatementUnreadableError);
    expect(unreadable(Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3])).message).toContain("ZIP");
  });

  it("refuses a file whose only transaction row has a date that does not exist, naming its line", () => {
    const error = unreadable(utf8("Date,Description,Amount\n2024-13-45,Tea,-2.00\n"));
    expect(error.location).toBe("line 2");
    expect(error.message).toContain("2024-13-45");
  });

  it("counts CR-only line endings when naming the line", () => {
    expect(unreadable(utf8("Datum;Betrag;Text\r32.01.2024;-2,00;b\r")).location).toBe("line 2");
  });

  it("refuses a file none of whose amounts can be read, naming the header line", () => {
    const error = unreadable(utf8("Datum;Text;Betrag\n31.01.2024;Kaffee;drei Euro\n01.02.2024;Tee;zwei Euro\n"));
    expect(error.message).toContain("No amount column was found");
    expect(error.location).toBe("line 1");
  });

  it("names the line where a quote is never closed", () => {
    expect(unreadable(utf8('Date,Description,Amount\n2024-01-31,"Coffee,-3.50\n2024-02-01,Tea,-2.00\n')).location).toBe(
      "line 2",
    );
  });

  it("reads a last quoted field followed by blanks and no line break as closed (Wealthsimple's last line)", () => {
    for (const blanks of [" ", "\t", "  \t"]) {
      const csv = `"date","description","amount"\n"2024-04-14","Coffee","-3.50"\n"2024-04-15","Direct deposit","1234.56"${blanks}`;
      expect(transactionsOf(parseCsv(utf8(csv))).map((t) => [t.date, t.amount])).toEqual([
        ["2024-04-14", "-3.50"],
        ["2024-04-15", "1234.56"],
      ]);
    }
  });

  it("says a statement laid out with spaces (a PDF saved as text) is no table, instead of asking for a column", () => {
    const text = [
      "                                        RELEVE N 8 AU 03/09/2019",
      "",
      "          COMPTE COURANT N 99999999999                     BIC CCBPFRPPBDX",
      "   DATE           LIBELLE/REFERENCE                     DEBIT        CREDIT",
      "   05/08     PRLV SEPA EDF                              45,20",
      "   12/08     VIR SALAIRE AOUT                                     1 980,00",
      "   20/08     CB CARREFOUR 18/08                         62,35",
      "                         SOLDE CREDITEUR AU 03/09/2019             2 310,45",
    ].join("\n");
    const error = unreadable(utf8(text));
    expect(error.message).toContain("text laid out with spaces");
    expect(error.message).toContain("download the statement from the bank as CSV");
  });

  it("refuses a table without dates or amounts", () => {
    expect(unreadable(utf8("Name,Email\nAda,ada@example.com\n")).message).toContain("No column of dates");
    expect(unreadable(utf8("Date,Description\n2024-01-31,Coffee\n")).message).toContain("No amount column");
  });
});

describe("files without transactions", () => {
  it("returns an empty statement for a header-only file", () => {
    const file = parseCsv(utf8("Date,Description,Amount,Currency\n"), { defaultCurrencyCode: "EUR" });
    expect(file.statements).toEqual([
      {
        accountIdentifier: null,
        currencyCode: "EUR",
        // Nothing in the file names it: the account's, written in.
        currencyAssumed: true,
        openingBalance: null,
        closingBalance: null,
        transactions: [],
      },
    ]);
    expect(file.warnings).toContain("The file holds no transactions");
    expect(file.amountSemanticsRequired).toBe(false);
  });
});

describe("the closing balance of rows that share one day", () => {
  // Handelsbanken lists newest first; when every row has the same day, only the balances tell the order.
  it.each([
    ["newest first", "Date;Text;Amount;Balance\n2025-01-02;blipp;-238;779.4\n2025-01-02;blupp;-228;1017.4\n", "779.4"],
    ["oldest first", "Date;Text;Amount;Balance\n2025-01-02;blupp;-228;1017.4\n2025-01-02;blipp;-238;779.4\n", "779.4"],
    [
      "newest first, three rows",
      "Date;Text;Amount;Balance\n2025-01-02;c;10.00;130.00\n2025-01-02;b;20.00;120.00\n2025-01-02;a;-5.00;100.00\n",
      "130.00",
    ],
    [
      "newest first, a balance missing between",
      "Date;Text;Amount;Balance\n2025-01-02;c;10.00;130.00\n2025-01-02;b;20.00;\n2025-01-02;a;-5.00;100.00\n",
      "130.00",
    ],
  ])("reads the balance chain %s", (_, text, closing) => {
    const [statement] = parseCsv(utf8(text), { defaultCurrencyCode: "SEK" }).statements;
    expect(statement!.closingBalance).toEqual({ amount: closing, date: "2025-01-02" });
  });
});

describe("a card statement with each payment in its own currency and in the account's", () => {
  it.each([
    [
      "VTB's words",
      "Дата операции;Сумма операции;Валюта операции;Сумма пересчитанная в валюту счета;Валюта счета;Основание",
    ],
    ["words nobody listed", "Booked;Charge;Charge currency;Settled;Settled currency;Text"],
  ])("reads the amounts in the account's currency (%s)", (_, header) => {
    const file = parseCsv(
      utf8(
        [
          header,
          "2019-07-06;-4,50;EUR;-336,15;RUB;Card payee1",
          "2019-07-06;-3,80;EUR;-283,48;RUB;Card payee2",
          "2019-07-05;-300,00;RUB;-300,00;RUB;PAY MTS TOPUP",
          "",
        ].join("\n"),
      ),
      { defaultCurrencyCode: "EUR" },
    );
    expect(file.statements.map((statement) => statement.currencyCode)).toEqual(["RUB"]);
    expect(transactions(file).map((row) => [row.amount, row.currencyCode])).toEqual([
      ["-336.15", "RUB"],
      ["-283.48", "RUB"],
      ["-300.00", "RUB"],
    ]);
    expect(file.warnings.join("\n")).toContain("in the account's currency RUB");
  });

  it("reads a statement of one payment abroad in the account's currency, RUR read as RUB", async () => {
    const csv = [
      "Дата операции;Сумма операции;Валюта операции;Сумма пересчитанная в валюту счета;Валюта счета;Основание",
      "2019-07-06;-4,50;EUR;-336,15;RUR;Карта *1234 payee1",
    ].join("\n");
    const file = await parseStatementFile(utf8(csv), "vtb.csv", { defaultCurrencyCode: "RUB" });
    expect(file.statements.flatMap((s) => s.transactions).map((row) => [row.amount, row.currencyCode])).toEqual([
      ["-336.15", "RUB"],
    ]);
    expect(file.statements.map((s) => s.currencyCode)).toEqual(["RUB"]);
    // In a euro account the euro amount is the account's own.
    const euro = parseCsv(utf8(csv), { defaultCurrencyCode: "EUR" });
    expect(transactions(euro).map((row) => [row.amount, row.currencyCode])).toEqual([["-4.50", "EUR"]]);
  });

  it.each([
    ["a fee filled on one row", "Date;Amount;Currency;Fee;Fee currency;Text", ["", "0,50;EUR", ""]],
    ["a fee on every row", "Date;Amount;Currency;Fee;Fee currency;Text", ["0,00;EUR", "0,50;EUR", "0,00;EUR"]],
    ["an exchange rate", "Date;Amount;Currency;Rate;Target currency;Text", ["1,0825;EUR", "0,85;EUR", "1,00;EUR"]],
    ["a branch and a code", "Date;Amount;Currency;Branch;Code;Text", ["12;HEL", "12;HEL", "12;HEL"]],
  ])("keeps the amounts when the other pair is %s, not the same money", (_, header, extra) => {
    const cells = extra.map((pair) => (pair === "" ? ";" : pair));
    const file = parseCsv(
      utf8(
        [
          header,
          `2024-01-02;-4,50;EUR;${cells[0]};a`,
          `2024-01-03;-3,80;USD;${cells[1]};b`,
          `2024-01-04;-10,00;EUR;${cells[2]};c`,
          "",
        ].join("\n"),
      ),
      { defaultCurrencyCode: "EUR" },
    );
    expect(transactions(file).map((row) => [row.amount, row.currencyCode])).toEqual([
      ["-4.50", "EUR"],
      ["-3.80", "USD"],
      ["-10.00", "EUR"],
    ]);
  });

  it("keeps a file whose one currency column varies with its amounts (a multi-currency account)", () => {
    const file = parseCsv(utf8("Date;Amount;Currency;Text\n2024-01-02;-4,50;EUR;a\n2024-01-03;-3,80;USD;b\n"), {
      defaultCurrencyCode: "EUR",
    });
    expect(transactions(file).map((row) => [row.amount, row.currencyCode])).toEqual([
      ["-4.50", "EUR"],
      ["-3.80", "USD"],
    ]);
  });
});

describe("stray lines never sink a file", () => {
  it("leaves out a row whose date does not exist and reads the rest, naming the line in a warning", () => {
    const file = parseCsv(
      utf8(
        "Date,Description,Amount\n2024-01-31,Coffee,-3.50\n2024-11-31,Closing balance,120.00\n2024-02-01,Tea,-2.00\n",
      ),
    );
    expect(transactions(file).map((t) => [t.date, t.amount])).toEqual([
      ["2024-01-31", "-3.50"],
      ["2024-02-01", "-2.00"],
    ]);
    expect(file.warnings.join("\n")).toMatch(/"2024-11-31" is not a valid date; the line was left out \(line 3\)/);
  });

  it("leaves out a balance line with a stray mark in its amount and reads the rest", () => {
    const file = parseCsv(
      utf8("Datum;Text;Betrag\n31.01.2024;Kaffee;-3,50\n31.01.2024;Saldo neu;| 1.234,56\n01.02.2024;Tee;-2,00\n"),
    );
    expect(transactions(file).map((t) => t.amount)).toEqual(["-3.50", "-2.00"]);
    expect(file.warnings.join("\n")).toContain("(line 3)");
  });
});

describe("rows that are not booked yet", () => {
  it("leaves out holds, reservations and pending rows, and says how many", () => {
    const csv = [
      "Date;Status;Description;Amount;Balance",
      "03.02.2024;Reservation;HOTEL ADLON;-200,00;",
      "02.02.2024;Vorgemerkt;REWE;-12,00;",
      "02.02.2024;Booked;SALARY;2000,00;2100,00",
      "01.02.2024;Booked;BAKERY;-3,00;100,00",
      "01.02.2024;pending;CARD CHECK;0,00;",
    ].join("\n");
    const file = parseCsv(utf8(csv));
    expect(transactions(file).map((t) => t.description)).toEqual(["SALARY", "BAKERY"]);
    expect(file.warnings).toContain("3 rows are not booked yet (pending, held or reserved) and were left out");
  });

  it("reads a status cell that wraps the word in the bank's own phrase, but not a description that only holds it", () => {
    const csv = [
      "Buchungstag;Info;Verwendungszweck;Betrag",
      "05.02.2024;Umsatz vorgemerkt;REWE SAGT DANKE;-23,10",
      "04.02.2024;Transaction: pending;AMAZON;-9,99",
      "03.02.2024;Umsatz gebucht;HOLD MUSIC GMBH;-5,00",
      "02.02.2024;Umsatz gebucht;Miete Februar;-800,00",
    ].join("\n");
    const file = parseCsv(utf8(csv));
    expect(transactions(file).map((t) => t.description)).toEqual(["HOLD MUSIC GMBH", "Miete Februar"]);
    expect(file.warnings).toContain("2 rows are not booked yet (pending, held or reserved) and were left out");
  });

  it("leaves out payments refused, reverted or cancelled, in the bank's language", () => {
    // Satispay's export (Italy): an "id,name,state,..." table with dates like "24 lug 2024. 02:59:45".
    const csv = [
      "id,name,state,kind,date,amount,currency",
      'a1,"Ricarica Satispay",APPROVED,BANK,"24 lug 2024. 02:59:45","30,40 ",EUR',
      'a2,"Supermercato",APPROVED,C2B,"20 mag 2024. 12:21:36","-2,00 ",EUR',
      'a3,"Conte Dracula",NOT APPROVED,P2P,"13 apr 2024. 11:48:16","-5,00 ",EUR',
      'a4,"Caffè Centrale",Rifiutato,C2B,"1 mar 2024. 09:44:27","-2,40 ",EUR',
      'a5,"Bar Roma",REVERTED,C2B,"1 mar 2024. 08:00:00","-1,20 ",EUR',
    ].join("\n");
    const file = parseCsv(utf8(csv));
    expect(transactions(file).map((t) => [t.date, t.amount])).toEqual([
      ["2024-07-24", "30.40"],
      ["2024-05-20", "-2.00"],
    ]);
    expect(file.warnings).toContain("3 rows were cancelled, declined or failed (no money moved) and were left out");
  });

  it("leaves out rows with a value date but no booking date yet", () => {
    const csv = [
      "Buchungstag;Wertstellung;Buchungstext;Betrag",
      ";06.02.2024;KARTENZAHLUNG EDEKA;-17,40",
      "05.02.2024;05.02.2024;GEHALT;2500,00",
      "04.02.2024;03.02.2024;KARTENZAHLUNG ARAL;-60,00",
    ].join("\n");
    const file = parseCsv(utf8(csv));
    expect(transactions(file).map((t) => [t.date, t.amount])).toEqual([
      ["2024-02-05", "2500.00"],
      ["2024-02-04", "-60.00"],
    ]);
    expect(file.warnings).toContain("1 row is not booked yet (pending, held or reserved) and was left out");
  });

  it("leaves out a zero-amount card authorisation but keeps other zero rows", () => {
    const csv =
      "Date,Description,Amount\n2024-03-01,Card authorisation NETFLIX,0.00\n2024-03-01,Interest 0%,0.00\n2024-03-02,NETFLIX,-9.99\n";
    expect(transactions(parseCsv(utf8(csv))).map((t) => t.description)).toEqual(["Interest 0%", "NETFLIX"]);
  });
});

describe("quotes nobody doubled inside a quoted field", () => {
  it("are read as text; the fields after them stay in their columns", () => {
    expect(lenientCells('"a","UAB "Naktida"","x, y",7\n', ",")).toEqual(["a", 'UAB "Naktida"', "x, y", "7"]);
    expect(lenientCells('"say "hi" now";"12,30";', ";")).toEqual(['say "hi" now', "12,30", ""]);
    expect(lenientCells('plain,"quoted ""twice""",', ",")).toEqual(["plain", 'quoted "twice"', ""]);
    // A doubled quote before a delimiter inside a field that goes on: the reading with the row's width.
    expect(lenientCells('"Say ""hi"", ok","UAB "Naktida"","12.20"', ",", 3)).toEqual([
      'Say "hi", ok',
      'UAB "Naktida"',
      "12.20",
    ]);
    // Spaces between a closing quote and the delimiter, as papaparse allows them.
    expect(lenientCells('"2024-01-03" ,"Shop "Sud" GmbH" ,-5.00', ",", 3)).toEqual([
      "2024-01-03",
      'Shop "Sud" GmbH',
      "-5.00",
    ]);
  });

  it("leave the rest of a valid file alone", () => {
    const file = parseCsv(
      utf8(
        [
          "Date,Description,Amount",
          '2024-01-02,"Cafe ""Central"", Wien",-3.50',
          '2024-01-03,"Shop "Nord" GmbH",-9.99',
          "2024-01-04,Salary,2000.00",
        ].join("\n"),
      ),
    );
    expect(transactions(file).map((t) => [t.description, t.amount])).toEqual([
      ['Cafe "Central", Wien', "-3.50"],
      ['Shop "Nord" GmbH', "-9.99"],
      ["Salary", "2000.00"],
    ]);
  });
});

describe("the statement's own account", () => {
  it("is the one the lines above the table name, not a column of the other parties' IBANs (DKB)", () => {
    const csv = [
      '"Girokonto";"DE42120300001033738756"',
      "",
      '"Buchungsdatum";"Wertstellung";"Status";"Zahlungsempfänger*in";"Verwendungszweck";"IBAN";"Betrag (€)"',
      '"08.12.25";"08.12.25";"Gebucht";"Stadtwerke";"Abschlag Strom";"DE89370400440532013000";"-48"',
      '"05.12.25";"05.12.25";"Gebucht";"K.MICHEL GMBH";"Rechnung 5012";"DE02120300000000202051";"-62,3"',
    ].join("\n");
    const file = parseCsv(utf8(csv));
    expect(file.statements[0]!.accountIdentifier).toBe("DE42120300001033738756");
    expect(transactions(file).map((t) => t.amount)).toEqual(["-48", "-62.3"]);
  });

  it("is a column's when every row names the same account and nothing above the table does", () => {
    const csv = [
      "Kontonummer;Buchungstag;Text;Betrag",
      "DE42120300001033738756;08.12.2025;Miete;-800,00",
      "DE42120300001033738756;09.12.2025;Gehalt;2500,00",
    ].join("\n");
    expect(parseCsv(utf8(csv)).statements[0]!.accountIdentifier).toBe("DE42120300001033738756");
  });
});

describe("a currency column written with signs or in lower case", () => {
  it("reads each row's currency from it, under a header in words the reader does not know (Israel's MAX card)", () => {
    const csv = [
      "Kolona A,Kolona B,Kolona C,Kolona D",
      "01/02/2026,SUPER PHARM,-123.45,₪",
      "03/02/2026,AMAZON MKTPLACE PMTS,-89.90,usd",
      "15/02/2026,CAFE LONDON,-4.20,£",
      "16/02/2026,REFUND,12.00,₪",
    ].join("\n");
    const file = parseCsv(utf8(csv), { defaultCurrencyCode: "EUR" });
    expect(transactions(file).map((t) => [t.date, t.amount, t.currencyCode])).toEqual([
      ["2026-02-01", "-123.45", "ILS"],
      ["2026-02-03", "-89.90", "USD"],
      ["2026-02-15", "-4.20", "GBP"],
      ["2026-02-16", "12.00", "ILS"],
    ]);
  });
});

describe("lines after a total", () => {
  it("are a footer, not more text of the last transaction (Bangkok Bank's disclaimer)", () => {
    const csv = [
      "Date,Description,Withdrawal,Deposit,Balance",
      '"02 May 2025","Transfer","6,200.00","","125,778.13"',
      '"01 May 2025","Payment for Goods","1,456.00","","131,978.13"',
      ',"Second line of the payment",,,',
      ',"Total","7,656.00",,',
      ',"Disclaimer: The Transfer Reference is provided by the sender.",,,',
    ].join("\n");
    const file = parseCsv(utf8(csv));
    expect(transactions(file).map((t) => t.description)).toEqual([
      "Transfer",
      "Payment for Goods Second line of the payment",
    ]);
  });
});

describe("a description column the header names but no row fills", () => {
  it("gives way to the column that holds the text (Stanbic's export)", () => {
    const csv = [
      "Date,,Transaction description,Debits,Credits,Balance",
      '07/02/2020,AT20038ZM0126671 INTERNAL TRANSFER Fact 226,,"600,00",,"58 658,71"',
      '08/02/2020,AT20038ZADS26671 APPRO COMPTE,,,"100,00","58 758,71"',
      '09/02/2020,CARD PURCHASE SHOPRITE LUSAKA,,"45,10",,"58 713,61"',
    ].join("\n");
    const file = parseCsv(utf8(csv));
    expect(transactions(file).map((t) => [t.description, t.amount])).toEqual([
      ["AT20038ZM0126671 INTERNAL TRANSFER Fact 226", "-600.00"],
      ["AT20038ZADS26671 APPRO COMPTE", "100.00"],
      ["CARD PURCHASE SHOPRITE LUSAKA", "-45.10"],
    ]);
  });
});

describe("the statement's own account, from a column", () => {
  it("is the column's when every row names it, however spaced, with a footer below; a card's column outranks a reference account above", () => {
    const csv = [
      '"Kreditkarte:";"4748 **** 1234"',
      '"Referenzkonto:";"DE42120300001033738756"',
      "",
      "Konto;Datum;Text;Betrag",
      "DE89 3704 0044 0532 0130 00;08.12.2025;Miete;-800,00",
      "DE89370400440532013000;09.12.2025;Gehalt;2500,00",
      "Total;;;1700,00",
    ].join("\n");
    expect(parseCsv(utf8(csv)).statements[0]!.accountIdentifier).toBe("DE89370400440532013000");
  });
});

describe("a currency column of another money than the row's", () => {
  it("is not the row's currency when named for the original payment (Neon) or for an asset (Finpension)", () => {
    const neon = [
      '"Date";"Amount";"Original amount";"Original currency";"Exchange rate";"Description"',
      '"2024-05-26";"-69.46";"-75.80";"USD";"1.09128";"Airline Company"',
      '"2024-05-21";"-26.40";"-500.00";"MXN";"0.0528";"Restaurant"',
      '"2024-05-15";"-588.00";"";"";"";"Pension Fund"',
    ].join("\n");
    const file = parseCsv(utf8(neon), { defaultCurrencyCode: "CHF" });
    expect(transactions(file).map((t) => [t.amount, t.currencyCode])).toEqual([
      ["-69.46", "CHF"],
      ["-26.40", "CHF"],
      ["-588.00", "CHF"],
    ]);
  });

  it("is not the row's currency when it names several currencies and leaves other rows blank, under any name", () => {
    const csv = [
      "Tag;Betrag;Kolonne X;Text",
      "2024-05-26;-69,46;USD;Airline",
      "2024-05-21;-26,40;MXN;Restaurant",
      "2024-05-15;-588,00;;Pension",
    ].join("\n");
    const file = parseCsv(utf8(csv), { defaultCurrencyCode: "CHF" });
    expect(transactions(file).map((t) => t.currencyCode)).toEqual(["CHF", "CHF", "CHF"]);
  });
});

describe("a closing balance stated above the table", () => {
  it.each([
    ['"Kontostand vom 30.10.2025:";"1.234,56 €"', { amount: "1234.56", date: "2025-10-30" }],
    ['"Koncový stav účtu k 30.09.2023: 15301 CZK"', { amount: "15301", date: "2023-09-30" }],
    ["Laatste saldo;1.617,97 EUR", { amount: "1617.97", date: "2025-10-02" }],
    ["Closing Balance;USD 51383.09", { amount: "51383.09", date: "2025-10-02" }],
  ])("is the statement's closing balance: %s", (line, closing) => {
    const csv = [line, "", "Datum;Text;Betrag", "01.10.2025;Miete;-800,00", "02.10.2025;Gehalt;2500,00"].join("\n");
    expect(parseCsv(utf8(csv)).statements[0]!.closingBalance).toEqual(closing);
  });

  it("is not read from a line that only names a balance without an amount, or from a title", () => {
    const csv = ["Saldo;", "Kontoauszug Saldo 2025", "", "Datum;Text;Betrag", "01.10.2025;Miete;-800,00"].join("\n");
    expect(parseCsv(utf8(csv)).statements[0]!.closingBalance).toBeNull();
  });
});

describe("a fee column beside the amount", () => {
  const revolut = (balances: [string, string, string]) =>
    [
      "Type,Started Date,Description,Amount,Fee,Currency,State,Balance",
      `TOPUP,2024-01-01 10:00:00,Top-up,500.00,0.00,CHF,COMPLETED,${balances[0]}`,
      `CARD_PAYMENT,2024-03-01 16:45:00,Online Store,-42.18,0.42,CHF,COMPLETED,${balances[1]}`,
      `TRANSFER,2024-03-15 11:00:00,Transfer,-75.00,0.00,CHF,COMPLETED,${balances[2]}`,
    ].join("\n");

  it("is charged to the amount when the balance moves by both (Revolut)", () => {
    const file = parseCsv(utf8(revolut(["500.00", "457.40", "382.40"])));
    expect(transactions(file).map((t) => t.amount)).toEqual(["500.00", "-42.60", "-75.00"]);
  });

  it("is left alone when the balance moves by the amount alone", () => {
    const file = parseCsv(utf8(revolut(["500.00", "457.82", "382.82"])));
    expect(transactions(file).map((t) => t.amount)).toEqual(["500.00", "-42.18", "-75.00"]);
  });
});

describe("a line of figures below the rows", () => {
  it("is a footer, not more text of the last transaction (Venmo's balances and disclaimer)", () => {
    const csv = [
      ",ID,Datetime,Note,Status,Amount (total),Beginning Balance,Ending Balance,Disclaimer",
      ",311053760,2002-09-10T23:00:04,Merchant Transaction,Complete,- $21.59,,,",
      ',,,,,,$23.40,$0.00,"In case of errors or questions about your electronic transfers"',
    ].join("\n");
    const file = parseCsv(utf8(csv), { defaultCurrencyCode: "USD" });
    expect(transactions(file).map((t) => [t.amount, t.description])).toEqual([["-21.59", "Merchant Transaction"]]);
  });
});

describe("a Japanese bank's export with dates written 4月30日 (JA Bank)", () => {
  it("reads month and day, the year from the statement or today, and its payment and deposit columns", () => {
    const csv = [
      '"番号","明細区分","取扱日付","起算日","お支払金額","お預り金額","取引区分","残高","摘要"',
      '"001","","4月30日","","","¥7,000","振込入金","¥7,000","ｳｳ"',
      '"002","","4月30日","","¥4,600","","出金","¥2,400","NSS"',
      '"003","","5月2日","","¥1,000","","出金","¥1,400","ABC"',
    ].join("\n");
    const file = parseCsv(utf8(csv), { defaultCurrencyCode: "JPY" });
    expect(transactions(file).map((t) => [t.date.slice(5), t.amount])).toEqual([
      ["04-30", "7000"],
      ["04-30", "-4600"],
      ["05-02", "-1000"],
    ]);
  });
});

describe("two date columns", () => {
  it("take the day the bank carried the order out as the date and the value date as such (BNP Paribas Fortis)", () => {
    const csv = [
      "Volgnummer;Uitvoeringsdatum;Valutadatum;Bedrag;Valuta rekening;Mededeling",
      "2015-0124;13/03/2015;16/03/2015;-78,48;EUR;VIA PC BANKING",
      "2015-0125;14/03/2015;14/03/2015;-5,30;EUR;BETALING MET BANKKAART",
    ].join("\n");
    expect(transactions(parseCsv(utf8(csv))).map((t) => [t.date, t.valueDate])).toEqual([
      ["2015-03-13", "2015-03-16"],
      ["2015-03-14", "2015-03-14"],
    ]);
  });
});

describe("an account column with a malformed line (Rabobank)", () => {
  it("still names the statement's account", () => {
    const csv = [
      '"IBAN/BBAN","Munt","Datum","Bedrag","Omschrijving"',
      '"NL77RABO0311467415","EUR","2018-03-01","-337,49","Huur"',
      'NL77RABO0311467415","EUR","2018-03-14","+50,00","Loterij"',
      '"NL77RABO0311467415","EUR","2018-03-16","-750,00","Koelewijn"',
    ].join("\n");
    expect(parseCsv(utf8(csv)).statements[0]!.accountIdentifier).toBe("NL77RABO0311467415");
  });
});

describe("a legend under the table (ICICI's notes on its codes)", () => {
  it("is one warning saying which lines, not one per line", () => {
    const csv = [
      "Date,Description,Amount,Reference",
      "2025-02-01,SALARY,1000.00,R1",
      "2025-02-03,GROCER,-25.50,R2",
      // In a column of its own, not the description's: no more of the last row's text.
      ",,,Legends Used in Account Statement",
      ",,,INF - Internet Fund Transfer",
      ",,,NEFT - National Electronic Fund Transfer",
      ",,,UPI - Unified Payments Interface",
    ].join("\n");
    const file = parseCsv(utf8(csv), { defaultCurrencyCode: "INR" });
    expect(transactionsOf(file)).toHaveLength(2);
    expect(file.warnings).toEqual([
      "4 lines from line 4 to line 7, under the last transaction, have no date and were skipped",
    ]);
  });

  it("keeps a warning per undated line among the transactions, and for undated money under them", () => {
    const csv = [
      "Date,Description,Amount,Reference",
      "2025-02-01,SALARY,1000.00,R1",
      ",,,note one",
      ",,,note two",
      ",,,note three",
      "2025-02-03,GROCER,-25.50,R2",
      ",COFFEE,-3.00,R3",
      ",,,Legend",
      ",,,Legend 2",
    ].join("\n");
    expect(parseCsv(utf8(csv), { defaultCurrencyCode: "INR" }).warnings).toEqual([
      "line 3 has no date and was skipped",
      "line 4 has no date and was skipped",
      "line 5 has no date and was skipped",
      "line 7 has no date and was skipped",
      "line 8 has no date and was skipped",
      "line 9 has no date and was skipped",
    ]);
  });
});

describe("what the readings of new banks' files must not catch (a review's cases)", () => {
  it("answers a long run of spaces in a table without dates at once, and names the missing column", () => {
    const started = performance.now();
    const error = unreadable(utf8(`Name,Email\nAda,ada@x.com${" ".repeat(200_000)}\nBob,b@x.com\n`));
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(error.message).toContain("No column of dates");
  });

  it("asks for the date column of a real table whose amounts are padded with spaces", () => {
    const csv = "Description,Amount\nCOFFEE SHOP,     -3.50\nBAKERY,     -2.10\nSALARY,   2000.00\n";
    expect(unreadable(utf8(csv)).message).toContain("No column of dates");
  });

  it("keeps a table's header over a summary line above it when the month has no transaction", () => {
    const csv = [
      "Statement date;Opening balance;Closing balance",
      "31.01.2024;1.000,00;1.000,00",
      "",
      "Buchungstag;Verwendungszweck;Betrag;Saldo",
    ].join("\n");
    const file = parseCsv(utf8(csv), { defaultCurrencyCode: "EUR" });
    expect(file.optionsUsed).toMatchObject({ headerRow: 4 });
    expect(transactionsOf(file)).toEqual([]);
  });

  it("splits at commas a table whose descriptions hold tildes", () => {
    const csv =
      "Date,Description,Amount\n2024-01-02,A~B~C~D,-1.00\n2024-01-03,E~F~G~H,-2.00\n2024-01-04,I~J~K~L,-3.00\n";
    const file = parseCsv(utf8(csv));
    expect(file.optionsUsed).toMatchObject({ delimiter: "," });
    expect(transactionsOf(file).map((t) => t.description)).toEqual(["A~B~C~D", "E~F~G~H", "I~J~K~L"]);
  });

  it("takes a party's bank, account or reference for no party, nor a SWIFT ordering or beneficiary customer for the holder", () => {
    const french = ["Date;Libellé;Montant;Banque du bénéficiaire", "02.01.2024;Loyer;-800,00;BNP PARIBAS"].join("\n");
    expect(transactionsOf(parseCsv(utf8(french))).map((t) => t.counterparty)).toEqual([null]);
    const swift = [
      "Value Date,Ordering Customer Name,Beneficiary Customer Name,Amount",
      "2024-01-02,ACME LTD,JANE DOE,-100.00",
    ].join("\n");
    expect(transactionsOf(parseCsv(utf8(swift))).map((t) => t.counterparty)).toEqual(["JANE DOE"]);
  });

  it("keeps a party name with a time or a figure before a colon", () => {
    const csv = [
      "Date,Payee,Amount",
      "2024-01-02,REWE Markt 17 12:34,-5.00",
      "2024-01-03,Payee: Corner Shop,-2.00",
    ].join("\n");
    expect(transactionsOf(parseCsv(utf8(csv))).map((t) => t.counterparty)).toEqual([
      "REWE Markt 17 12:34",
      "Corner Shop",
    ]);
  });

  it("says a glued date that does not exist is no valid date (31Feb2025)", () => {
    const csv = ["Date,Description,Amount", "24Jan2025,SALARY,1000.00", "31Feb2025,GROCER,-25.50"].join("\n");
    const file = parseCsv(utf8(csv), { defaultCurrencyCode: "INR" });
    expect(transactionsOf(file)).toHaveLength(1);
    expect(file.warnings.join(" ")).toContain('"31Feb2025" is not a valid date');
  });
});
