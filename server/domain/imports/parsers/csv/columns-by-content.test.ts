import { describe, expect, it } from "vitest";
import type { ParsedFile } from "../types";
import { parseCsv } from "./index";

/**
 * Columns are found by what they hold, in any language: headers we have never seen, headers in
 * other scripts, headers that lie. Every table here is written for the test, not taken from a bank.
 */
const utf8 = (text: string) => Buffer.from(text, "utf8");
const rows = (file: ParsedFile) =>
  file.statements.flatMap((s) => s.transactions.map((t) => [t.date, t.amount, t.description]));

describe("a header in words the importer does not know", () => {
  it("reads dates, amounts and text by their cells, and proves the balance column by the amounts", () => {
    const csv = [
      "Wann;Wieviel;Worum;Stand",
      "01.03.2024;-12,50;Bakery Miller;987,50",
      "02.03.2024;-40,00;Fuel station;947,50",
      "05.03.2024;2.000,00;Salary March;2.947,50",
      "06.03.2024;-7,25;Coffee;2.940,25",
    ].join("\n");
    const file = parseCsv(utf8(csv));
    expect(rows(file)).toEqual([
      ["2024-03-01", "-12.50", "Bakery Miller"],
      ["2024-03-02", "-40.00", "Fuel station"],
      ["2024-03-05", "2000.00", "Salary March"],
      ["2024-03-06", "-7.25", "Coffee"],
    ]);
    expect(file.statements[0]?.closingBalance).toEqual({ amount: "2940.25", date: "2024-03-06" });
  });

  it("tells amount from balance when the balance is the left one, newest row first", () => {
    const csv = [
      "A,B,C,D",
      "2024-04-03,Rent,1500.00,-900.00",
      "2024-04-02,Groceries,2400.00,-35.10",
      "2024-04-01,Refund,2435.10,20.00",
      "2024-03-31,Fee,2415.10,-2.00",
    ].join("\n");
    expect(rows(parseCsv(utf8(csv))).map((r) => r[1])).toEqual(["-900.00", "-35.10", "20.00", "-2.00"]);
  });

  it("pairs debit and credit columns of which one is filled per row", () => {
    const csv = ["X|Y|Z|W", "10/01/2024|Shop|25.00|", "11/01/2024|Wage||1200.00", "12/01/2024|Cinema|12.00|"].join(
      "\n",
    );
    expect(rows(parseCsv(utf8(csv))).map((r) => r[1])).toEqual(["-25.00", "1200.00", "-12.00"]);
  });

  it("reads an unsigned amount with a debit/credit mark column", () => {
    const csv = [
      "Col 1,Col 2,Col 3,Col 4",
      "2024-05-01,Salary,3000.00,C",
      "2024-05-02,Rent,950.00,D",
      "2024-05-03,Gym,30.00,D",
    ].join("\n");
    expect(rows(parseCsv(utf8(csv))).map((r) => r[1])).toEqual(["3000.00", "-950.00", "-30.00"]);
  });
});

describe("headers in other languages, whole or inside longer names", () => {
  it("Ukrainian", () => {
    const csv = [
      "Дата операції;Опис операції;Сума;Валюта;Залишок",
      "03.02.2024;Сільпо;-250,40;UAH;1 749,60",
      "04.02.2024;Зарплата;15 000,00;UAH;16 749,60",
    ].join("\n");
    const file = parseCsv(utf8(csv));
    expect(rows(file)).toEqual([
      ["2024-02-03", "-250.40", "Сільпо"],
      ["2024-02-04", "15000.00", "Зарплата"],
    ]);
    expect(file.statements[0]?.currencyCode).toBe("UAH");
  });

  it("Romanian debit and credit columns", () => {
    const csv = [
      "Data tranzactiei,Descriere,Suma debit,Suma credit,Sold final",
      "25/06/2024,Mega Image,85.20,,914.80",
      "26/06/2024,Salariu,,4500.00,5414.80",
    ].join("\n");
    expect(rows(parseCsv(utf8(csv)))).toEqual([
      ["2024-06-25", "-85.20", "Mega Image"],
      ["2024-06-26", "4500.00", "Salariu"],
    ]);
  });

  it("Spanish with the currency in the amount's name", () => {
    const csv = [
      "Fecha;Concepto del movimiento;Cantidad (EUR);Saldo (EUR)",
      "15/07/2024;Mercadona;-63,10;1.236,90",
      "16/07/2024;Nómina;1.800,00;3.036,90",
    ].join("\n");
    const file = parseCsv(utf8(csv));
    expect(rows(file)).toEqual([
      ["2024-07-15", "-63.10", "Mercadona"],
      ["2024-07-16", "1800.00", "Nómina"],
    ]);
    expect(file.statements[0]?.currencyCode).toBe("EUR");
  });

  it("German payee and notice columns under names of another bank", () => {
    const csv = [
      "Buchungsdatum;Valuta;Auftraggeber / Begünstigter;Avisierungstext;Betrag",
      "02.08.2024;01.08.2024;Stadtwerke;Abschlag August;-89,00",
      "05.08.2024;05.08.2024;Arbeitgeber GmbH;Gehalt;2.750,00",
    ].join("\n");
    const file = parseCsv(utf8(csv));
    expect(file.statements[0]?.transactions.map((t) => [t.date, t.counterparty, t.description])).toEqual([
      ["2024-08-02", "Stadtwerke", "Abschlag August"],
      ["2024-08-05", "Arbeitgeber GmbH", "Gehalt"],
    ]);
  });

  it("Swedish", () => {
    const csv = [
      "Bokföringsdag;Transaktionsdag;Text;Belopp;Saldo",
      "2024-09-03;2024-09-01;ICA Kvantum;-312,50;4 187,50",
      "2024-09-04;2024-09-04;Lön;25 000,00;29 187,50",
    ].join("\n");
    expect(rows(parseCsv(utf8(csv)))).toEqual([
      ["2024-09-03", "-312.50", "ICA Kvantum"],
      ["2024-09-04", "25000.00", "Lön"],
    ]);
  });
});

describe("the booking date among two date columns", () => {
  it("takes the column named as booking, posting or execution, even when it is the earlier one", () => {
    const csv = [
      "Valuta;Buchungstag;Text;Betrag",
      "04.03.2024;01.03.2024;Miete;-800,00",
      "06.03.2024;05.03.2024;Strom;-60,00",
    ].join("\n");
    expect(rows(parseCsv(utf8(csv))).map((r) => r[0])).toEqual(["2024-03-01", "2024-03-05"]);
  });

  it("takes the column named a date over the one named a value date", () => {
    const csv = [
      "Value date,Date,Details,Amount",
      "2024-03-04,2024-03-01,Rent,-800.00",
      "2024-03-02,2024-03-05,Power,-60.00",
    ].join("\n");
    expect(rows(parseCsv(utf8(csv))).map((r) => r[0])).toEqual(["2024-03-01", "2024-03-05"]);
  });

  it("without names, takes the column the rows are listed by (statements list rows in booking order)", () => {
    // D2 is never earlier than D1, but only D1 is in order: the order wins.
    const csv = [
      "D1,D2,T,A",
      "2024-03-01,2024-03-05,Transfer,-20.00",
      "2024-03-02,2024-03-02,Transfer,-5.00",
      "2024-03-03,2024-03-03,Fee,-9.00",
      "2024-03-04,2024-03-06,Transfer,-4.00",
    ].join("\n");
    expect(rows(parseCsv(utf8(csv))).map((r) => r[0])).toEqual([
      "2024-03-01",
      "2024-03-02",
      "2024-03-03",
      "2024-03-04",
    ]);
  });

  it("without names, both columns in order, takes the one never earlier than the other", () => {
    const csv = [
      "D1,D2,T,A",
      "2024-03-01,2024-03-03,Card payment,-20.00",
      "2024-03-02,2024-03-03,Transfer,-5.00",
      "2024-03-04,2024-03-06,Card payment,-9.00",
    ].join("\n");
    expect(rows(parseCsv(utf8(csv))).map((r) => r[0])).toEqual(["2024-03-03", "2024-03-03", "2024-03-06"]);
  });
});

describe("a header that contradicts its cells", () => {
  it("is set aside with a warning, and the cells decide", () => {
    // The names are shifted by one column: "Date" sits over the text, "Amount" over the dates.
    const csv = [
      "Reference,Date,Amount,Description",
      "A1,Rent,2024-03-01,-800.00",
      "A2,Power,2024-03-05,-60.00",
      "A3,Salary,2024-03-06,2500.00",
    ].join("\n");
    const file = parseCsv(utf8(csv));
    expect(rows(file).map((r) => [r[0], r[1]])).toEqual([
      ["2024-03-01", "-800.00"],
      ["2024-03-05", "-60.00"],
      ["2024-03-06", "2500.00"],
    ]);
    expect(file.warnings).toContain(
      "The column names do not match what the columns hold, so the columns were recognised from their content",
    );
  });
});

describe("a file without a header whose rows hold several texts", () => {
  it("describes a row by the text with the most letters, not by a note of figures beside it (a card's foreign amount)", () => {
    const csv = [
      "Visa, 4514010000000000, 2020-02-20, , GOJEK SINGAPORE, 8.10 SGD @ .976500000000, -7.91, D",
      "Visa, 4514010000000000, 2020-02-21, , GRAB TAXI, 12.40 SGD @ .976600000000, -12.11, D",
      "Visa, 4514010000000000, 2020-02-22, , TIM HORTONS #123, , -3.25, D",
    ].join("\n");
    expect(rows(parseCsv(utf8(csv))).map(([, , description]) => description)).toEqual([
      "GOJEK SINGAPORE",
      "GRAB TAXI",
      "TIM HORTONS #123",
    ]);
  });
});
