import { describe, expect, it } from "vitest";
import { transactionsOf } from "./csv-fixtures-testing";
import { parseCsv } from "./index";

/**
 * How banks of India, Latin America, Iberia and the Baltics write what other banks write otherwise,
 * each found in a real export (named in the test) and written here as a few made-up rows: the general
 * rule each one showed, not its file.
 */

const utf8 = (text: string) => Buffer.from(text, "utf8");
const statementOf = (csv: string, options = {}) => parseCsv(utf8(csv), options).statements[0]!;

describe("amounts in the Indian lakh grouping (Axis Bank, HDFC)", () => {
  it("are read, a minus followed by a grouping mark too, so no row of a lakh or more is left out", () => {
    const csv = [
      "Statement of Account No - 922030048910705 for the period (From : 19/08/2025 To : 19/08/2025)",
      "S.No,Transaction Date,Particulars,Amount(INR),Debit/Credit,Balance(INR),Branch Name(SOL)",
      '1,,OPENING BALANCE,,,"-,93,43,827.31",FARIDABAD BK',
      '2,19/08/2025,NEFT/NAPINO AUTO,"3,11,760.00",CR,"-90,32,067.31",FARIDABAD BK (248)',
      '3,19/08/2025,NEFT/KAJAL MANDAL,"8,850.00",DR,"-90,40,917.31",FARIDABAD BK (3202)',
      ',,CLOSING BALANCE,,,"-90,40,917.31",',
    ].join("\n");
    const statement = statementOf(csv, { defaultCurrencyCode: "INR" });
    expect(statement.transactions.map((t) => [t.amount, t.counterparty])).toEqual([
      ["311760.00", null],
      ["-8850.00", null],
    ]);
    // The balance lines' figures stand in the balance column alone, their words in the text: the
    // statement's own, dated by its rows. The account comes from the title line above the table.
    expect(statement).toMatchObject({
      accountIdentifier: "922030048910705",
      openingBalance: { amount: "-9343827.31", date: "2025-08-19" },
      closingBalance: { amount: "-9040917.31", date: "2025-08-19" },
    });
  });

  it("read a date column named with the short 'Dt' as the booking or value date its name says (HDFC)", () => {
    const csv = [
      "Date,Narration,Value Dt,Withdrawal Amt.,Deposit Amt.,Closing Balance",
      "24/06/25,NEFT DR-SAHIL MIRZA,25/06/25,30000.00,,100000.00",
      "05/07/25,UPI-INFINITUM VENTURES,06/07/25,,75000.00,175000.00",
    ].join("\n");
    expect(transactionsOf(parseCsv(utf8(csv))).map((t) => [t.date, t.valueDate])).toEqual([
      ["2025-06-24", "2025-06-25"],
      ["2025-07-05", "2025-07-06"],
    ]);
  });
});

describe("a dash where a money column has no figure (Novo Banco's Débito and Crédito)", () => {
  it("is an empty cell, so payments in are read, not left out as 'not an amount'", () => {
    const csv = [
      "Data Operação;Descrição;Débito;Crédito;Saldo Controlo",
      "24-11-2021;COBRANCA SDD EDP COMERCIAL;-83.82;-;4,855.57",
      "22-11-2021;TRANSF. CREDITO SEPA DE LMV LAB;-;167.02;4,939.39",
      "21-11-2021;COMPRA CARTAO FARMACIA CENTRAL;-18.99;—;4,772.37",
    ].join("\n");
    const file = parseCsv(utf8(csv), { defaultCurrencyCode: "EUR" });
    expect(file.warnings).toEqual([]);
    expect(transactionsOf(file).map((t) => t.amount)).toEqual(["-83.82", "167.02", "-18.99"]);
  });

  it("stays the sign it is in a column of signs beside unsigned amounts", () => {
    const csv = ["Date;Text;Amount;Sign", "01.03.2024;Rent;750,00;-", "02.03.2024;Salary;2.500,00;+"].join("\n");
    expect(transactionsOf(parseCsv(utf8(csv))).map((t) => t.amount)).toEqual(["-750.00", "2500.00"]);
  });
});

describe("the text and the party in columns named as banks of other regions name them", () => {
  it("reads the words beside description columns of codes alone (CaixaBank's 'Common description': '12')", () => {
    const csv = [
      "Transaction date,In payment (+),Expenses (-),Common description,Own description,Complementary concept 1",
      '31/12/2021,,"21,72",12,040,MERCADONA LA REMU',
      '30/12/2021,"1.336,48",,02,041,NEUROELECTRICS BARCELONA S.L.',
      '29/12/2021,,"3,96",12,040,GOOGLE *Google Play',
    ].join("\n");
    expect(transactionsOf(parseCsv(utf8(csv))).map((t) => t.description)).toEqual([
      "MERCADONA LA REMU",
      "NEUROELECTRICS BARCELONA S.L.",
      "GOOGLE *Google Play",
    ]);
  });

  it("takes a merchant column ('Comercio') as the other party, a subject ('Asunto', 'Tytułem') as text", () => {
    const card = ["Fecha\tConcepto\tComercio\tValor", "02/06/2023\tCOMPRA\tTIENDA D1 CALI\t$ 70.330,00"].join("\n");
    expect(transactionsOf(parseCsv(utf8(card), { defaultCurrencyCode: "COP" }))[0]).toMatchObject({
      counterparty: "TIENDA D1 CALI",
      amount: "70330.00",
      currencyCode: "COP",
    });
    const pekao = [
      "Data księgowania;Nadawca / Odbiorca;Tytułem;Kwota operacji;Waluta",
      "25.06.2021;TAURON SPRZEDAZ SP. Z O.O.;Platnosc za prad;-111,00;PLN",
    ].join("\n");
    expect(transactionsOf(parseCsv(utf8(pekao)))[0]).toMatchObject({
      description: "Platnosc za prad",
      counterparty: "TAURON SPRZEDAZ SP. Z O.O.",
    });
  });

  it("never takes the bank's own branch for the other party ('Branch Name', 'Nombre Sucursal')", () => {
    const csv = ["Date,Particulars,Amount,Branch Name", "19/08/2025,NEFT/KAJAL MANDAL,-8850.00,FARIDABAD BK"].join(
      "\n",
    );
    expect(transactionsOf(parseCsv(utf8(csv)))[0]!.counterparty).toBeNull();
  });

  it("reads a Lithuanian currency column ('Valiuta') and entry number ('Įrašo Nr.')", () => {
    const csv = [
      "Data;Gavėjas;Paaiškinimai;Suma;Valiuta;Įrašo Nr.",
      "2017-09-04;Vardenis Pavardenis;Mokestis;9.00;EUR;2017010133333333",
    ].join("\n");
    expect(transactionsOf(parseCsv(utf8(csv), { defaultCurrencyCode: "USD" }))[0]).toMatchObject({
      currencyCode: "EUR",
      externalId: "2017010133333333",
    });
  });
});

describe("the dollar sign on a peso account", () => {
  it("is the account's pesos, in the rows and in the balance above the table (Colombia, Uruguay)", () => {
    const csv = [
      "Saldo contable;$ 9.183,43",
      "",
      "Fecha;Concepto;Importe",
      "21/11/2025;TRF. E-BROU OTROS;$ -1.250,00",
    ].join("\n");
    const statement = statementOf(csv, { defaultCurrencyCode: "UYU" });
    expect(statement.currencyCode).toBe("UYU");
    expect(statement.transactions[0]!.currencyCode).toBe("UYU");
    expect(statement.closingBalance?.amount).toBe("9183.43");
  });
});

describe("the account's number above the table, as banks of other regions label it", () => {
  it("reads 'Conta:' (Portuguese) and a label over its value in one cell (BROU's 'Nº de Cuenta')", () => {
    const csv = ["Conta:;000316844390", "", "Data;Descrição;Montante", "24-11-2021;COBRANCA SDD EDP;-83,82"].join("\n");
    expect(statementOf(csv).accountIdentifier).toBe("000316844390");
    const brou = [
      '"Nº de Cuenta\nCA 1274461-00001";"Moneda\n$"',
      "",
      "Fecha;Concepto;Importe",
      "21/11/2025;TRF;-1.250,00",
    ];
    expect(statementOf(brou.join("\n")).accountIdentifier).toBe("1274461-00001");
  });

  it("reads the number under its label in a block of labels over their values (Itaú Uruguay)", () => {
    const csv = [
      "Nombre;Tipo de cuenta;Moneda;Nro de cuenta",
      "RIZZO GONZALO;Caja de Ahorro;Dólares;1064597",
      "",
      "Fecha;Concepto;Débito;Crédito;Saldo",
      "06/11/2025;CRE. CAMBIOSOP;;550.00;6186.88",
    ].join("\n");
    expect(statementOf(csv).accountIdentifier).toBe("1064597");
  });
});

describe("lines under or among the rows that are no transactions", () => {
  it("reads a total spelled with spaced letters ('S A L D O', Banco do Brasil's) as the closing balance the rows come to", () => {
    const csv = [
      '"Data","Histórico","Valor"',
      '"31/05/2023","Saldo Anterior","1479.60"',
      '"01/06/2023","Pix - Recebido","3500.00"',
      '"30/06/2023","Pagamento de DARF","-4979.40"',
      '"30/06/2023","S A L D O","0.20"',
    ].join("\n");
    const statement = statementOf(csv, { defaultCurrencyCode: "BRL" });
    expect(statement.transactions.map((t) => t.amount)).toEqual(["3500.00", "-4979.40"]);
    expect(statement.closingBalance).toEqual({ amount: "0.20", date: "2023-06-30" });
    // A total the opening balance and the rows do not come to is only a total.
    const sum = statementOf(csv.replace('"0.20"', '"8479.40"'), { defaultCurrencyCode: "BRL" });
    expect(sum.closingBalance).toBeNull();
  });

  it("leaves out the rows of a summary or of the latest entries under their own title, and says how many", () => {
    const csv = [
      "MONTO;DESCRIPCIÓN MOVIMIENTO;FECHA;CARGO/ABONO",
      "-38.787;COM.MANTENCION PLAN;27/08/2025;C",
      "-89.980;Compra ANDESGEAR MARINA;29/08/2025;C",
      "Resumen comisiones;Resumen comisiones;Resumen comisiones;Resumen comisiones",
      "MONTO;DESCRIPCIÓN MOVIMIENTO;FECHA;CARGO/ABONO",
      "-38.787;COM.MANTENCION PLAN;27/08/2025;C",
    ].join("\n");
    const file = parseCsv(utf8(csv), { defaultCurrencyCode: "CLP" });
    expect(transactionsOf(file).map((t) => t.description)).toEqual(["COM.MANTENCION PLAN", "Compra ANDESGEAR MARINA"]);
    expect(file.warnings).toContain(
      '1 row under "Resumen comisiones" (line 4), a section that is not the statement\'s own rows, was left out',
    );
  });

  it("reads the rows after a pending section's end, and never takes a note for a title", () => {
    const pendingFirst = [
      "Date,Description,Amount",
      "Pending Transactions",
      "11/02/2021,CARD HOLD,-5.00",
      "Posted Transactions",
      "11/01/2021,GROCERY,-20.00",
    ].join("\n");
    expect(transactionsOf(parseCsv(utf8(pendingFirst))).map((t) => t.description)).toEqual(["GROCERY"]);
    const note = [
      "Date,Description,Amount",
      "Pending Transactions are not reflected within this sort criterion.",
      "11/01/2021,GROCERY,-20.00",
    ].join("\n");
    expect(transactionsOf(parseCsv(utf8(note))).map((t) => t.description)).toEqual(["GROCERY"]);
  });
});

describe("what the lines above the table say, in other banks' words", () => {
  it("reads an opening balance in a block of labels over values, and label and value parted by a bar", () => {
    const csv = [
      "Extrato de: Ag: 270 | Conta: 121186-2 | Entre 01/08/2025 e 29/08/2025",
      "SALDO INICIAL;DEPÓSITOS;SALDO FINAL",
      "1.097.809;4.992.050;1.096.809",
      "",
      "FECHA;DESCRIPCIÓN;MONTO",
      "01/08/2025;Transf. HERMANOS;-1.000",
    ].join("\n");
    expect(statementOf(csv, { defaultCurrencyCode: "CLP" })).toMatchObject({
      accountIdentifier: "121186-2",
      openingBalance: { amount: "1097809", date: "2025-08-01" },
      closingBalance: { amount: "1096809" },
    });
  });
});

describe("a kind column that says what happened in a sentence (Fidelity's 'Action')", () => {
  it("leads the text, before the description it says more than", () => {
    const csv = [
      "Run Date,Action,Symbol,Description,Type,Amount ($)",
      "07/07/2025,YOU BOUGHT . EXCHANGE FROM FXAIX (Cash),FXNAX,FIDELITY U.S. BOND INDEX FUND,Cash,-86000",
      "06/30/2025,DIVIDEND RECEIVED FIDELITY U.S. BOND INDEX FUND (Cash),FXNAX,FIDELITY U.S. BOND INDEX FUND,Cash,2389.28",
    ].join("\n");
    expect(transactionsOf(parseCsv(utf8(csv))).map((t) => t.description)).toEqual([
      "YOU BOUGHT . EXCHANGE FROM FXAIX (Cash) FIDELITY U.S. BOND INDEX FUND",
      "DIVIDEND RECEIVED FIDELITY U.S. BOND INDEX FUND (Cash)",
    ]);
  });

  it("stays the kind when it names one in a word or two", () => {
    const csv = [
      "Date,Type,Description,Amount",
      "01/02/2024,Card payment,REWE,-5.00",
      "02/02/2024,Transfer,Rent,-700.00",
    ];
    expect(transactionsOf(parseCsv(utf8(csv.join("\n")))).map((t) => t.description)).toEqual(["REWE", "Rent"]);
  });

  it("leaves out the funds a Polish bank holds ('W trakcie realizacji', 'Blokada środków')", () => {
    const csv = [
      "Data transakcji;Kwota;Opis;Typ transakcji;Status",
      "2024-02-08;-500.00;PAYPAL XTB;Blokada środków;W trakcie realizacji",
      "2024-02-07;-20.00;ZABKA;Transakcja kartą;Zrealizowana",
    ].join("\n");
    expect(transactionsOf(parseCsv(utf8(csv))).map((t) => t.description)).toEqual(["ZABKA"]);
  });
});
