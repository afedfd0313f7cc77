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

describe("Indonesian statements (BCA, BNI, BRI, Mandiri)", () => {
  it("read their words for amount, credit, the debit/credit mark and the balance after the row", () => {
    const mandiri = [
      "Tgl.;Rincian Transaksi;Debit;Kredit;Saldo;Branch Code",
      "12/01/2023;GRU GRAH DR KR;0;16136929;41245959;99106",
      "13/01/2023;BIAYA ADM;15000;0;41230959;99101",
    ].join("\n");
    expect(transactionsOf(parseCsv(utf8(mandiri))).map((t) => t.amount)).toEqual(["16136929", "-15000"]);
    const bni = [
      "Tanggal Kirim;Deskripsi;Amount;Db/Cr;Balance",
      "24/09/2025;TRANSFER DARI;150000;C;54157300",
      "24/09/2025;PEMINDAHAN KE 321004725;56319500;D;-2162200",
    ].join("\n");
    expect(transactionsOf(parseCsv(utf8(bni))).map((t) => t.amount)).toEqual(["150000", "-56319500"]);
    const bri = [
      "TGL_TRAN;DESK_TRAN;SALDO_AWAL_MUTASI;MUTASI_DEBET;MUTASI_KREDIT;SALDO_AKHIR_MUTASI",
      "04/04/2024;RPL 140 PDH;44842356;0;34650000;79492356",
      "30/04/2024;TAX;79492356;15450;0;79476906",
    ].join("\n");
    expect(statementOf(bri).closingBalance).toEqual({ amount: "79476906", date: "2024-04-30" });
    const bca = [
      "Tanggal Transaksi;Keterangan;Jumlah;Saldo",
      '31/12/2023;BIAYA ADM;"-2.146,05 DB";-2146.05',
      '31/12/2023;BUNGA;"2.145,83 CR";-0.22',
    ].join("\n");
    expect(transactionsOf(parseCsv(utf8(bca))).map((t) => t.amount)).toEqual(["-2146.05", "2145.83"]);
  });
});

describe("signs a file states twice", () => {
  it("follow the signed amounts when a kind column mislabels a row or names a kind it does not sign (Chase, 2010)", () => {
    const rows = [
      "DEBIT,11/02/2010,CHICKEN BAR,-6.17",
      "DSLIP,09/17/2010,DEPOSIT,60.00",
      "DEBIT,09/22/2010,AMAZON REFUND,21.61",
    ];
    const more = Array.from(
      { length: 50 },
      (_, i) => `DEBIT,10/${String((i % 28) + 1).padStart(2, "0")}/2010,SHOP ${i},-${i + 1}.00`,
    );
    const amounts = transactionsOf(
      parseCsv(utf8([...rows, ...more, "CREDIT,10/29/2010,PAYROLL,1500.00"].join("\n"))),
    ).map((t) => t.amount);
    expect(amounts.slice(0, 3)).toEqual(["-6.17", "60.00", "21.61"]);
    expect(amounts).toHaveLength(54);
  });

  it("asks when a card bill's payment line runs into the next words (Discover's 'DIRECTPAY FULL BALANCESEE DETAILS')", () => {
    const csv = [
      "Trans. Date,Post Date,Description,Amount,Category",
      "11/04/2023,11/04/2023,VONS #327 LAGUNA BEACH CA,22.49,Supermarkets",
      "11/06/2023,11/06/2023,DIRECTPAY FULL BALANCESEE DETAILS OF YOUR NEXT DIRECTPAY BELOW,-920.14,Payments and Credits",
    ].join("\n");
    const file = parseCsv(utf8(csv), { defaultCurrencyCode: "USD" });
    expect([file.amountSemantics, file.amountSemanticsRequired]).toEqual([null, true]);
  });
});

describe("what a review of these rules found", () => {
  it("takes no period's date for the account ('Statement of Account for the period 01/04/2024 ...')", () => {
    const csv = [
      "Statement of Account for the period 01/04/2024 to 30/06/2024",
      "Account Number :,50100123456789",
      "Date,Narration,Amount",
      "01/04/2024,Shop,-5.00",
    ].join("\n");
    expect(statementOf(csv).accountIdentifier).toBe("50100123456789");
    expect(
      statementOf(
        csv
          .split("\n")
          .filter((_, i) => i !== 1)
          .join("\n"),
      ).accountIdentifier,
    ).toBeNull();
  });

  it("keeps US dollars said so apart from the pesos' '$' (an Argentine card)", () => {
    const csv = [
      "Fecha;Concepto;Importe",
      "02/01/2024;NETFLIX.COM;US$ -12,99",
      "03/01/2024;SUPERMERCADO DIA;$ -15.300,00",
    ];
    const rows = transactionsOf(parseCsv(utf8(csv.join("\n")), { defaultCurrencyCode: "ARS" }));
    expect(rows.map((t) => [t.amount, t.currencyCode])).toEqual([
      ["-12.99", "USD"],
      ["-15300.00", "ARS"],
    ]);
  });

  it("ends a pending section at a blank line or at the table's names repeated after its rows", () => {
    const blank = [
      "Date,Description,Amount",
      "Pending transactions,,",
      "2024-01-05,Coffee,-3.00",
      ",,",
      "2024-01-04,Salary,1000.00",
      "2024-01-03,Rent,-500.00",
    ];
    expect(transactionsOf(parseCsv(utf8(blank.join("\n")))).map((t) => t.description)).toEqual(["Salary", "Rent"]);
    const header = [...blank.slice(0, 3), "Date,Description,Amount", ...blank.slice(4)];
    expect(transactionsOf(parseCsv(utf8(header.join("\n")))).map((t) => t.description)).toEqual(["Salary", "Rent"]);
  });

  it("takes no account from a list of accounts above the table, one per line", () => {
    const csv = [
      "Nro de cuenta;Tipo;Moneda;Titular",
      "1064597;Caja de ahorro;Pesos;RIZZO",
      "2231884;Cuenta corriente;Dólares;RIZZO",
      "",
      "Fecha;Concepto;Importe",
      "06/11/2025;CRE. CAMBIOSOP;550.00",
    ].join("\n");
    expect(statementOf(csv).accountIdentifier).toBeNull();
  });

  it("lets the table's own opening line count over the one above it", () => {
    const csv = [
      "Saldo anterior:;1.000,00",
      "",
      "Fecha;Concepto;Importe;Saldo",
      "02/03/2024;Saldo inicial;;900,00",
      "02/03/2024;Compra;-100,00;800,00",
    ].join("\n");
    expect(statementOf(csv).openingBalance?.amount).toBe("900.00");
  });

  it("never reads the bank's branch as the text beside descriptions of codes", () => {
    const csv = [
      "Date,Description,Branch Name,Amount",
      "01/04/2024,000123,MUMBAI FORT,-5.00",
      "02/04/2024,000124,MUMBAI FORT,-7.00",
    ].join("\n");
    expect(transactionsOf(parseCsv(utf8(csv))).map((t) => t.description)).toEqual(["000123", "000124"]);
  });
});

describe("Kasikornbank's statement (Thailand)", () => {
  it("reads its 'Descriptions' kind with its 'Details', and its 'Beginning Balance' line as the opening balance", () => {
    const csv = [
      ",Date,Time,Descriptions,Withdrawal,Deposit,Outstanding Balance,Channel,Details",
      ",01-02-23,,Beginning Balance,,,0.00,,",
      ',01-02-23,11:24,Transfer Deposit,,"79,901.58","79,901.58",KTB Branch,From KTB X0052',
      ',01-02-23,11:57,Cash Withdrawal,300.00,,"79,601.58",Bang Saphan Branch,Ref Code K0633724',
    ].join("\n");
    const statement = statementOf(csv, { defaultCurrencyCode: "THB" });
    expect(statement.transactions.map((t) => [t.amount, t.description])).toEqual([
      ["79901.58", "Transfer Deposit From KTB X0052"],
      ["-300.00", "Cash Withdrawal Ref Code K0633724"],
    ]);
    expect(statement.openingBalance).toEqual({ amount: "0.00", date: "2023-02-01" });
  });
});

describe("what a second review found", () => {
  it("reads BCA's unnamed mark column and a 'Debit/Kredit' one, a salary on the first row included", () => {
    const bca = [
      "Tanggal Transaksi,Keterangan,Cabang,Jumlah,,Saldo",
      '01/03/2024,TRSF E-BANKING CR PT MAJU,0000,"25,000,000.00",CR,"26,000,000.00"',
      '02/03/2024,TARIKAN ATM,0998,"500,000.00",DB,"25,500,000.00"',
      '03/03/2024,KARTU DEBIT INDOMARET,0000,"85,000.00",DB,"25,415,000.00"',
    ];
    expect(transactionsOf(parseCsv(utf8(bca.join("\n")))).map((t) => t.amount)).toEqual([
      "25000000.00",
      "-500000.00",
      "-85000.00",
    ]);
    const named = bca.map((line, i) => (i === 0 ? line.replace(",,", ",Debit/Kredit,") : line));
    expect(transactionsOf(parseCsv(utf8(named.join("\n")))).map((t) => t.amount)[0]).toBe("25000000.00");
  });

  it("takes no card's number for the credit, nor a bond's face value for the amount", () => {
    const card = ["Tanggal;Keterangan;Nomor Kartu Kredit;Tagihan", "01/03/2024;Indomaret;1234;-250.000"].join("\n");
    expect(transactionsOf(parseCsv(utf8(card)))[0]!.amount).toBe("-250000");
    const bond = ["Fecha;Concepto;Nominal;Importe", "01/03/2024;Compra bono;10000,00;-9.850,00"].join("\n");
    expect(transactionsOf(parseCsv(utf8(bond)))[0]!.amount).toBe("-9850.00");
  });

  it("keeps pending rows out of a double-spaced file, and reads ordinary account lines", () => {
    const lines = [
      "Date,Description,Amount",
      "Pending transactions,,",
      "03/06/2024,UBER TRIP,-12.50",
      "03/06/2024,STARBUCKS,-5.25",
    ];
    const doubled = [...lines, "Posted transactions,,", "03/01/2024,PAYROLL ACME,2500.00"].flatMap((line) => [
      line,
      ",,",
    ]);
    expect(transactionsOf(parseCsv(utf8(doubled.join("\n")))).map((t) => t.description)).toEqual(["PAYROLL ACME"]);
    for (const [line, account] of [
      ["Statement for account 12345678", "12345678"],
      ["Statement of Account: 0123-456789-01", "0123-456789-01"],
      ["Account:,20-05-10 12345678", "20-05-10 12345678"],
    ]) {
      const csv = [line, "Date,Narration,Amount", "01/04/2024,Shop,-5.00"].join("\n");
      expect(statementOf(csv).accountIdentifier, line).toBe(account);
    }
  });

  it("keeps an account block's number beside a line of other facts under it", () => {
    const csv = [
      "Nombre;Moneda;Nro de cuenta",
      "RIZZO JUAN;Dólares;1064597",
      "Periodo;01/03/2024 al 31/03/2024",
      "",
      "Fecha;Concepto;Importe",
      "01/03/2024;Sueldo;2500,00",
    ].join("\n");
    expect(statementOf(csv).accountIdentifier).toBe("1064597");
  });

  it("reads marks, not signs, when the debits carry none (a settlement file's payout beside one negative correction)", () => {
    const rows = Array.from(
      { length: 98 },
      (_, i) => `2024-03-${String((i % 28) + 1).padStart(2, "0")},SETTLEMENT ${i},${100 + i}.00,C`,
    );
    const csv = ["Date,Text,Amount,D/C", ...rows, "2024-03-15,PAYOUT,5000.00,D", "2024-03-16,CHARGEBACK FIX,-25.00,C"];
    const amounts = transactionsOf(parseCsv(utf8(csv.join("\n")))).map((t) => t.amount);
    expect(amounts.at(-2)).toBe("-5000.00");
  });
});
