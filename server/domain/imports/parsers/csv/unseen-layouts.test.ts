import iconv from "iconv-lite";
import { describe, expect, it } from "vitest";
import { transactionsOf } from "./csv-fixtures-testing";
import { parseCsv } from "./index";

/**
 * Layouts of banks the reader was not written for, each found in a real export (named in the test)
 * and written here as a few made-up rows: the general rule each one showed, not its file.
 */

const utf8 = (text: string) => Buffer.from(text, "utf8");

describe("a header any bank could write (Date,Description,Amount,Balance)", () => {
  const csv =
    "Date,Description,Amount,Balance\n03/04/2024,CARD PURCHASE,-5.00,995.00\n05/04/2024,SALARY,100.00,1095.00\n";

  it("is first direct's in a pounds account: its bank, and day-first dates", () => {
    const file = parseCsv(utf8(csv), { defaultCurrencyCode: "GBP" });
    expect([file.bankKey, transactionsOf(file)[0]!.date, transactionsOf(file)[0]!.currencyCode]).toEqual([
      "first_direct",
      "2024-04-03",
      "GBP",
    ]);
  });

  it("is no bank's in an account of another currency: the account's currency and its way of writing dates", () => {
    const rand = parseCsv(utf8(csv), { defaultCurrencyCode: "ZAR" });
    expect([rand.bankKey, rand.bankName, transactionsOf(rand).map((t) => t.currencyCode)]).toEqual([
      "generic_csv",
      null,
      ["ZAR", "ZAR"],
    ]);
    // One row: nothing in the dates themselves tells the order.
    const dollars = parseCsv(utf8(csv.split("\n").slice(0, 2).join("\n")), { defaultCurrencyCode: "USD" });
    expect(transactionsOf(dollars).map((t) => [t.date, t.currencyCode])).toEqual([["2024-03-04", "USD"]]);
  });
});

describe("card exports printing purchases positive beside a few negative rows", () => {
  it("are not read as signed when the only words say positive is spending (Aqua): the person chooses", () => {
    const csv = [
      "Date,Description,Amount(GBP)",
      "06/06/2019,Trainline      London       GBR,19.87",
      "27/05/2019, PAYMENT RECEIVED - THANK YOU,-59.64",
    ].join("\n");
    const file = parseCsv(utf8(csv), { defaultCurrencyCode: "GBP" });
    expect([file.amountSemantics, file.amountSemanticsRequired]).toEqual([null, true]);
    expect(file.warnings.join(" ")).toMatch(/looks like a card statement/);
    // Amounts the bank writes with "+" too are its own signs: a repayment out of a debit account (ABC's).
    const signed = ["Date,Description,Amount", "20240101,Transfer in,+100.00", "20240103,PAYMENT - THANK YOU,-50.00"];
    expect(parseCsv(utf8(signed.join("\n"))).amountSemantics).toBe("signed_debit_negative");
  });

  it("are asked about with the bill's line anywhere in a long file (sorted by amount, the payment comes last)", () => {
    const purchases = Array.from({ length: 2_100 }, (_, i) => `06/06/2019,SHOP ${i},${(i % 90) + 10}.25`);
    const csv = ["Date,Description,Amount(GBP)", ...purchases, "27/05/2019, PAYMENT RECEIVED - THANK YOU,-500.00"];
    const file = parseCsv(utf8(csv.join("\n")), { defaultCurrencyCode: "GBP" });
    expect([file.amountSemantics, file.amountSemanticsRequired]).toEqual([null, true]);
  });

  it("leave a current account's minus signs alone on words that only hint otherwise (wages paid, a return flight)", () => {
    const wages = [
      "Date,Description,Amount",
      "01/03/2024,Salary March J Smith,-2500.00",
      "02/03/2024,Salary March A Lee,-2300.00",
      "05/03/2024,Invoice 1001 ACME Ltd,4000.00",
      "10/03/2024,Office rent,-1200.00",
    ];
    const flight = [
      "Date,Description,Amount",
      "01/03/2024,Ryanair return flight DUB,-89.99",
      "05/03/2024,Transfer from John,400.00",
    ];
    for (const csv of [wages, flight]) {
      const file = parseCsv(utf8(csv.join("\n")), { defaultCurrencyCode: "EUR" });
      expect([file.amountSemantics, file.amountSemanticsRequired]).toEqual(["signed_debit_negative", false]);
    }
  });

  it("know a card by its bill's lines among the negative rows (Discover: 'DIRECTPAY FULL BALANCE', a statement credit)", () => {
    const csv = [
      "Trans. Date,Post Date,Description,Amount,Category",
      "03/01/2024,03/01/2024,SAFEWAY #1234,45.10,Supermarkets",
      "03/04/2024,03/04/2024,SHELL OIL 5744,38.00,Gasoline",
      "03/10/2024,03/10/2024,DIRECTPAY FULL BALANCE,-512.34,Payments and Credits",
      "03/12/2024,03/12/2024,CASHBACK BONUS REDEMPTION PYMT/STMT CRDT,-12.50,Awards and Rebate Credits",
    ].join("\n");
    const file = parseCsv(utf8(csv), { defaultCurrencyCode: "USD" });
    expect([file.amountSemantics, file.amountSemanticsRequired]).toEqual([null, true]);
  });

  it("read a cell of spaces in linear time (the card-bill phrase, a CR or DR mark)", () => {
    const spaces = " ".repeat(200_000);
    const csv = ["Date,Description,Amount", `01/03/2024,payment${spaces}x,-1.00`, `02/03/2024,Shop,1${spaces}x`];
    // Quadratic patterns took minutes here; the test's own timeout would fail them.
    expect(transactionsOf(parseCsv(utf8(csv.join("\n")))).map((t) => t.amount)).toEqual(["-1.00"]);
  });

  it("know a card by a column named in camel case (Viseca's CardId)", () => {
    const csv = [
      "TransactionId,CardId,Date,Amount,Currency,MerchantName",
      "TRX1,000000XXXXXXXXXX,2025-03-01 15:12:22,29.000,CHF,Jschalp Gastro AG",
      "TRX2,000000XXXXXXXXXX,2025-04-02 10:00:00,-80.000,CHF,Apple",
    ].join("\n");
    const file = parseCsv(utf8(csv), { defaultCurrencyCode: "CHF" });
    expect([file.amountSemantics, file.amountSemanticsRequired]).toEqual([null, true]);
    expect(file.warnings.join(" ")).toMatch(/looks like a card statement/);
  });
});

describe("a second date column filled on a few rows only (Spiir's CustomDate)", () => {
  it("is not the booking date: every row keeps its date, none is taken for pending", () => {
    const csv = [
      '"Date";"Description";"Amount";"CustomDate"',
      '"29-12-2023";"Salary";"30153,33";"01-01-2024"',
      '"02-01-2024";"Insurance";"-60,00";',
      '"02-01-2024";"Spotify";"-97,00";',
      '"03-01-2024";"Groceries";"-250,00";',
    ].join("\n");
    const file = parseCsv(utf8(csv), { defaultCurrencyCode: "DKK" });
    expect(transactionsOf(file).map((t) => [t.date, t.amount])).toEqual([
      ["2023-12-29", "30153.33"],
      ["2024-01-02", "-60.00"],
      ["2024-01-02", "-97.00"],
      ["2024-01-03", "-250.00"],
    ]);
    expect(file.warnings.filter((w) => /pending|not booked/.test(w))).toEqual([]);
  });
});

describe("a statement in Lithuanian (Swedbank Lithuania), its words known and not", () => {
  // The layout of Swedbank Lithuania's export (kedder/ofxstatement-lithuanian's sample): record types
  // 10/82/86 are the opening balance, turnovers and closing balance of each currency; D/K is the sign.
  const csv = [
    '"Sąskaitos Nr.","","Data","Gavėjas","Paaiškinimai","Suma","Valiuta","D/K","Įrašo Nr.","Kodas",',
    '"LT797300010XXXXXXXXX","10","2012-01-01","","Likutis pradžiai","2123.82","LTL","K","","AS",',
    '"LT797300010XXXXXXXXX","20","2012-01-02","McDonald\'s","PIRKINYS 2011.12.30 14.34 LTL McDonald\'s Vilnius","14.34","LTL","D","2012010200041787","K",',
    '"LT797300010XXXXXXXXX","20","2012-01-26","UAB "Naktida"","PIRKINYS 2012.01.25 12.2 LTL UAB "Naktida" Vilnius","12.20","LTL","D","2012012600096815","K",',
    '"LT797300010XXXXXXXXX","20","2012-01-10","Company","Salary","1600.00","LTL","K","2012011000673562","MK",',
    '"LT797300010XXXXXXXXX","82","2012-01-31","","Apyvarta","26.54","LTL","D","","K2",',
    '"LT797300010XXXXXXXXX","82","2012-01-31","","Apyvarta","1600.00","LTL","K","","K2",',
    '"LT797300010XXXXXXXXX","86","2012-01-31","","Likutis pabaigai","3697.28","LTL","K","","LS",',
    '"LT797300010XXXXXXXXX","10","2012-01-01","","Likutis pradžiai","120","EUR","K","","AS",',
    '"LT797300010XXXXXXXXX","86","2012-01-31","","Likutis pabaigai","120","EUR","K","","LS",',
  ].join("\n");

  // The same file under a header of words no bank uses: the columns are found by their content alone.
  const unknownWords = csv.replace(/^.*\n/, '"Aaa","","Bbb","Ccc","Ddd","Eee","Fff","Ggg","Hhh","Iii",\n');

  it.each([
    ["its header", csv],
    ["a header of unknown words", unknownWords],
  ])(
    "reads signs from D/K and the currency from its column, leaves out the balance lines, and keeps the row with stray quotes (%s)",
    (_, text) => {
      const file = parseCsv(utf8(text), { defaultCurrencyCode: "EUR" });
      expect(transactionsOf(file).map((t) => [t.date, t.amount, t.currencyCode])).toEqual([
        ["2012-01-02", "-14.34", "LTL"],
        ["2012-01-26", "-12.20", "LTL"],
        ["2012-01-10", "1600.00", "LTL"],
      ]);
      expect(transactionsOf(file)[1]!.description).toBe('PIRKINYS 2012.01.25 12.2 LTL UAB "Naktida" Vilnius');
      // The LTL statement's closing line, not the EUR one printed after it.
      expect(file.statements.map((s) => [s.currencyCode, s.closingBalance?.amount])).toEqual([["LTL", "3697.28"]]);
      expect(file.warnings.filter((w) => /balance|total/.test(w))).toHaveLength(6);
    },
  );

  it("takes the other party from Gavėjas, the account from Sąskaitos Nr. and the text from Paaiškinimai", () => {
    const file = parseCsv(utf8(csv), { defaultCurrencyCode: "EUR" });
    expect(transactionsOf(file).map((t) => [t.counterparty, t.description])).toEqual([
      ["McDonald's", "PIRKINYS 2011.12.30 14.34 LTL McDonald's Vilnius"],
      ['UAB "Naktida"', 'PIRKINYS 2012.01.25 12.2 LTL UAB "Naktida" Vilnius'],
      ["Company", "Salary"],
    ]);
    expect(file.statements.map((s) => s.accountIdentifier)).toEqual(["LT797300010XXXXXXXXX"]);
  });

  it("never takes a zero-padded record code for the amount, nor a column of codes over one with cents", () => {
    // Amounts in whole forints: only the leading zeros tell the record type (010, 020) from money.
    const forints = parseCsv(
      utf8(["010,2024-01-02,Pekseg,1500", "020,2024-01-03,Fizetes,250000", "010,2024-01-04,Piac,4200"].join("\n")),
      { defaultCurrencyCode: "HUF" },
    );
    expect(transactionsOf(forints).map((t) => t.amount)).toEqual(["1500", "250000", "4200"]);
  });

  it("reads a cell of punctuation alone ('/', '--') as empty text, so the other party describes the row (WeChat Pay)", () => {
    const file = parseCsv(
      utf8(
        [
          "交易时间,交易对方,商品,收/支,金额(元),备注",
          "2023-08-30 20:46:40,京东商城,订单233,支出,¥150.58,/",
          "2023-08-31 09:00:00,同性好友,/,收入,¥0.35,/",
          "2023-08-31 10:00:00,--,利息,收入,¥0.01,/",
        ].join("\n"),
      ),
      { defaultCurrencyCode: "CNY" },
    );
    expect(transactionsOf(file).map((t) => [t.description, t.counterparty])).toEqual([
      ["订单233", "京东商城"],
      ["同性好友", "同性好友"],
      ["利息", null],
    ]);
  });

  it("keeps a note of an emoji or a sign alone ('🍕', '#', '€')", () => {
    const file = parseCsv(
      utf8(["Date,Note,Amount", "2024-01-02,🍕,-12.00", "2024-01-03,#,-1.00", "2024-01-04,€,-2.00"].join("\n")),
    );
    expect(transactionsOf(file).map((t) => t.description)).toEqual(["🍕", "#", "€"]);
  });

  it("reads a Summary column as the description", () => {
    const file = parseCsv(
      utf8("Date,Summary,Withdrawal,Deposit,Notes\n2021/07/02,Expense,200,,\n2021/07/08,Transfer In,,200,\n"),
    );
    expect(transactionsOf(file).map((t) => [t.amount, t.description])).toEqual([
      ["-200", "Expense"],
      ["200", "Transfer In"],
    ]);
  });
});

describe("header names as banks write them now", () => {
  it("read a currency sign in the name as the column's currency, and money in and out in one column as signed (Rakuten Bank)", () => {
    const rakuten = parseCsv(
      utf8(
        ["取引日,入出金(円),取引後残高(円),入出金内容", "20230407,3146,5113,給与", "20230427,-3086,2027,カード"].join(
          "\n",
        ),
      ),
      { defaultCurrencyCode: "USD" },
    );
    expect(transactionsOf(rakuten).map((t) => [t.amount, t.currencyCode])).toEqual([
      ["3146", "JPY"],
      ["-3086", "JPY"],
    ]);
    const euro = parseCsv(utf8(["Datum;Text;Betrag (€)", "01.10.2025;Miete;-800,00"].join("\n")), {
      defaultCurrencyCode: "USD",
    });
    expect(euro.statements.map((s) => [s.currencyCode, s.currencyAssumed ?? false])).toEqual([["EUR", false]]);
  });

  it("read 元 beside a name as the yuan, and ¥ as the account's yuan (WeChat Pay, Alipay), else the yen", () => {
    const wechat = ["交易时间,交易对方,商品,收/支,金额(元)", "2023-08-30 20:46:40,京东商城,订单233,支出,¥150.58"].join(
      "\n",
    );
    for (const account of ["EUR", "CNY"]) {
      const file = parseCsv(utf8(wechat), { defaultCurrencyCode: account });
      expect(transactionsOf(file).map((t) => [t.amount, t.currencyCode])).toEqual([["-150.58", "CNY"]]);
    }
    const alipay = ["交易时间,交易对方,金额", "2023-08-30,京东商城,¥150.58"].join("\n");
    const inYuan = parseCsv(utf8(alipay), { defaultCurrencyCode: "CNY" });
    expect(transactionsOf(inYuan).map((t) => t.currencyCode)).toEqual(["CNY"]);
    const inYen = parseCsv(utf8(alipay), { defaultCurrencyCode: "JPY" });
    expect(transactionsOf(inYen).map((t) => t.currencyCode)).toEqual(["JPY"]);
    // 元 is the Taiwan dollar's unit as well: a TWD account's 元 is its own.
    const taiwan = parseCsv(utf8(["交易日期,摘要,支出金額(元)", "2024-01-02,便利商店,120"].join("\n")), {
      defaultCurrencyCode: "TWD",
    });
    expect(transactionsOf(taiwan).map((t) => t.currencyCode)).toEqual(["TWD"]);
  });

  it("read an amount with its unit after it (WAON's 円, 元, 원) in that currency, the account's dollar for 元", () => {
    const waon = ["取引年月日,利用店舗,利用金額（税込）,利用区分", '2018/10/22,板橋前野町,"1,504円",チャージ'];
    const file = parseCsv(utf8(waon.join("\n")), { defaultCurrencyCode: "JPY" });
    expect(transactionsOf(file).map((t) => [t.amount, t.currencyCode, t.description])).toEqual([
      ["1504", "JPY", "板橋前野町"],
    ]);
    const taiwan = parseCsv(utf8(["日期,摘要,金額", "2024/01/02,便利商店,-120元"].join("\n")), {
      defaultCurrencyCode: "TWD",
    });
    expect(transactionsOf(taiwan).map((t) => [t.amount, t.currencyCode])).toEqual([["-120", "TWD"]]);
    const korea = parseCsv(utf8(["거래일,내용,금액", '2024-01-02,편의점,"-12,000원"'].join("\n")), {
      defaultCurrencyCode: "KRW",
    });
    expect(transactionsOf(korea).map((t) => [t.amount, t.currencyCode])).toEqual([["-12000", "KRW"]]);
  });

  it("take the amount in the account's currency beside the operation's (Raiffeisen Russia)", () => {
    const csv = [
      "Дата транзакции;Описание;Валюта операции;Сумма в валюте операции;Валюта счета;Сумма в валюте счета",
      "27.09.2024 00:00;Кафе в Стамбуле;TRY;-500.00;RUB;-1350.00",
      "28.09.2024 00:00;Зарплата;RUB;90000.00;RUB;90000.00",
    ].join("\n");
    const file = parseCsv(utf8(csv), { defaultCurrencyCode: "RUB" });
    expect(transactionsOf(file).map((t) => [t.amount, t.currencyCode])).toEqual([
      ["-1350.00", "RUB"],
      ["90000.00", "RUB"],
    ]);
  });

  it("take the payee of money out and the payer of money in as the other party, in gender-inclusive German (DKB)", () => {
    const csv = [
      '"Buchungsdatum";"Zahlungspflichtige*r";"Zahlungsempfänger*in";"Verwendungszweck";"Betrag (€)"',
      '"24.10.25";"Max Mustermann";"Telekom Shop GmbH";"Mobilfunkrechnung";"-19,99"',
      '"01.10.25";"Firma Tech GmbH";"Max Mustermann";"Gehalt Oktober";"2500,00"',
    ].join("\n");
    expect(transactionsOf(parseCsv(utf8(csv))).map((t) => t.counterparty)).toEqual([
      "Telekom Shop GmbH",
      "Firma Tech GmbH",
    ]);
  });

  it("read N26's English 'Payment Reference' as the description beside 'Partner Name'", () => {
    const csv = [
      '"Booking Date","Value Date","Partner Name","Partner Iban",Type,"Payment Reference","Account Name","Amount (EUR)"',
      '2024-01-16,2024-01-16,"AMAZON.COM",,Presentment,"Online purchase - Books","Main Account",-29.99',
      '2024-01-17,2024-01-17,"UBER *TRIP",,Presentment,"Ride from Airport","Main Account",-18.75',
    ].join("\n");
    expect(transactionsOf(parseCsv(utf8(csv))).map((t) => [t.description, t.counterparty])).toEqual([
      ["Online purchase - Books", "AMAZON.COM"],
      ["Ride from Airport", "UBER *TRIP"],
    ]);
  });

  it("read expense and income columns as money out and in (Toshl's export, Latin American banks' Egresos)", () => {
    const toshl = [
      '"Date","Account","Category","Expense amount","Income amount","Currency","Description"',
      '"1/2/24","Cash","Food & Drinks","12.50","0","EUR","Pizza"',
      '"1/3/24","Bank","Salary","0","2,000.00","EUR","January salary"',
    ].join("\n");
    const file = parseCsv(utf8(toshl), { defaultCurrencyCode: "EUR" });
    expect([file.amountSemantics, file.amountSemanticsRequired]).toEqual(["split_columns", false]);
    expect(transactionsOf(file).map((t) => t.amount)).toEqual(["-12.50", "2000.00"]);
    const mexico = ["Fecha;Concepto;Egresos;Ingresos", "02/01/2024;OXXO;150,00;", "03/01/2024;NOMINA;;9500,00"];
    expect(transactionsOf(parseCsv(utf8(mexico.join("\n")))).map((t) => t.amount)).toEqual(["-150.00", "9500.00"]);
  });

  it("know the other party in French and a name written as one word (Crelan, Triodos)", () => {
    const csv = ["Date;Montant;Contrepartie;Communication", "03/02/2025;-5,95;STORE 1234;Achat"].join("\n");
    expect(transactionsOf(parseCsv(utf8(csv))).map((t) => t.counterparty)).toEqual(["STORE 1234"]);
  });
});

describe("names written in camel case, beside a party's attributes (Bank Norwegian)", () => {
  const csv = [
    "TransactionDate;Text;Type;Currency Amount;Currency Rate;Currency;Amount;Merchant Area;Merchant Category;BookDate;ValueDate",
    "2018-12-31;K supermarket;Osto;-64.1;1;EUR;-64.1;Helsinki;Grocery Stores, Supermarkets;2019-01-02;2019-02-15",
    "2019-01-01;Askalo T mi;Osto;-9.5;1;EUR;-9.5;HELSINKI;Eating places and Restaurants;2019-01-02;2019-02-15",
    "2019-01-01;HOPLOP RUOHOLAH;Osto;-10;1;EUR;-10;HELSINKI;Amusement Parks, Carnivals, Circuses;2019-01-02;2019-02-15",
  ].join("\n");

  it("reads the names as their words, keeps the header (a rate is no currency), and takes no area or category for the party", () => {
    const file = parseCsv(utf8(csv), { defaultCurrencyCode: "EUR" });
    expect(file.warnings.filter((w) => w.includes("column names do not match"))).toEqual([]);
    expect(transactionsOf(file).map((t) => [t.date, t.valueDate, t.amount, t.description, t.counterparty])).toEqual([
      ["2019-01-02", "2019-02-15", "-64.1", "K supermarket", null],
      ["2019-01-02", "2019-02-15", "-9.5", "Askalo T mi", null],
      ["2019-01-02", "2019-02-15", "-10", "HOPLOP RUOHOLAH", null],
    ]);
  });
});

describe("Nordic banks' party and heading columns (Nordea Sweden and Finland)", () => {
  it("takes no account number for the other party, and the heading before the message as the text", () => {
    const sweden = parseCsv(
      utf8(
        [
          "Bokföringsdag;Belopp;Avsändare;Mottagare;Namn;Rubrik;Saldo;Valuta",
          "2021-04-24;428,60;;123456789;;Swish;3716,17;SEK",
          "2021-04-23;-120,00;123456789;FI49 1234 5678 9012 34;Anna Berg;Betalning;3287,57;SEK",
        ].join("\n"),
      ),
      { defaultCurrencyCode: "SEK" },
    );
    expect(transactionsOf(sweden).map((t) => [t.description, t.counterparty])).toEqual([
      ["Swish", null],
      ["Betalning", "Anna Berg"],
    ]);
    const finland = parseCsv(
      utf8(
        [
          "Kirjauspäivä;Määrä;Maksaja;Maksunsaaja;Nimi;Otsikko;Viesti;Viitenumero;Saldo;Valuutta;",
          "2019/08/15;-1446,59;FI49 xxxx xxxx;;;BANK NORWEGIAN CREDIT CARDS;40 061 64;;;EUR;",
        ].join("\n"),
      ),
      { defaultCurrencyCode: "EUR" },
    );
    expect(transactionsOf(finland).map((t) => [t.description, t.counterparty])).toEqual([
      ["BANK NORWEGIAN CREDIT CARDS 40 061 64", null],
    ]);
  });
});

describe("a UTF-8 file whose own text holds U+FFFD (OP's header, letters an editor lost)", () => {
  it("is read, not refused as binary", () => {
    const file = parseCsv(
      utf8(
        [
          "Kirjausp\uFFFDiv\uFFFD;Arvop\uFFFDiv\uFFFD;M\uFFFD\uFFFDr\uFFFD EUROA;Selitys;Saaja/Maksaja;Viesti",
          "02.01.2019;02.01.2019;-201,10;TILISIIRTO;LARJO LAURI;Mortgage",
          "03.01.2019;03.01.2019;-12,00;KORTTIOSTO;K-MARKET;",
        ].join("\n"),
      ),
      { defaultCurrencyCode: "EUR" },
    );
    expect(transactionsOf(file).map((t) => [t.date, t.amount])).toEqual([
      ["2019-01-02", "-201.10"],
      ["2019-01-03", "-12.00"],
    ]);
  });
});

describe("a description spread over columns without names (PKO BP)", () => {
  it("reads the unnamed columns after the named one as more of its text", () => {
    const file = parseCsv(
      utf8(
        [
          '"Data operacji","Kwota","Waluta","Opis transakcji","","",""',
          '"2025-12-07","-12.87","PLN","Tytuł: 000483849 7483849","Lokalizacja: Adres: PIEKARNIA K. Miasto: WARSZAWA","Numer karty: 425125******4436",""',
          '"2025-12-08","-15.00","PLN","Tytuł: 000483849 7483850","Lokalizacja: Adres: ZABKA Z1234 Miasto: KRAKOW","Numer karty: 425125******4436",""',
        ].join("\n"),
      ),
      { defaultCurrencyCode: "PLN" },
    );
    expect(transactionsOf(file).map((t) => t.description)).toEqual([
      "Tytuł: 000483849 7483849 Lokalizacja: Adres: PIEKARNIA K. Miasto: WARSZAWA Numer karty: 425125******4436",
      "Tytuł: 000483849 7483850 Lokalizacja: Adres: ZABKA Z1234 Miasto: KRAKOW Numer karty: 425125******4436",
    ]);
  });
});

describe("a broker's cash rows (Nordnet)", () => {
  it("reads the amount's currency from the column right after it, and a trade by its security", () => {
    const tsv = [
      "Bogføringsdag\tTransaktionstype\tVærdipapirer\tSamlede afgifter\tValuta\tBeløb\tValuta\tSaldo\tTransaktionstekst",
      "2025-07-30\tINDBETALING\t\t\t\t275900\tDKK\t276294,95\tARV. R. MADSEN",
      "2025-07-31\tKØBT\tiShares MSCI ACWI UCITS ETF\t29\tSEK\t-10309,14\tDKK\t265985,81\t",
    ].join("\n");
    const file = parseCsv(utf8(tsv), { defaultCurrencyCode: "DKK" });
    expect(transactionsOf(file).map((t) => [t.amount, t.currencyCode, t.description])).toEqual([
      ["275900", "DKK", "ARV. R. MADSEN"],
      ["-10309.14", "DKK", "iShares MSCI ACWI UCITS ETF"],
    ]);
  });
});

describe("M-Pesa's statement (Paid In, Withdrawn)", () => {
  it("reads withdrawals as money out beside the money paid in", () => {
    const csv = [
      "Receipt No.,Completion Time,Details,Transaction Status,Paid In,Withdrawn,Balance",
      "SGL1DVO63T,2024-07-21 15:09:48,Customer Transfer to - 07******264 DAVID,Completed,,850.00,13.00",
      "SGL1DVO62S,2024-07-21 12:01:10,Funds received from - 07******111 ANNE,Completed,500.00,,863.00",
    ].join("\n");
    const file = parseCsv(utf8(csv), { defaultCurrencyCode: "KES" });
    expect(transactionsOf(file).map((t) => [t.date, t.amount])).toEqual([
      ["2024-07-21", "-850.00"],
      ["2024-07-21", "500.00"],
    ]);
  });
});

describe("New Zealand's payment fields (ANZ)", () => {
  it("reads Code beside Particulars as more of the text: a card purchase's merchant", () => {
    const csv = [
      "Transaction Date,Type,Details,Particulars,Code,Reference,Amount,Balance",
      "11/08/2023,Visa Purchase,4835-****-****-0127  Df,,Gull Awatea Rd,,-119.61,176.83",
      "10/08/2023,Transfer,01-0811-0846368-01,Credit,Transfer,203254,500.00,296.44",
    ].join("\n");
    const file = parseCsv(utf8(csv), { defaultCurrencyCode: "NZD" });
    expect(transactionsOf(file).map((t) => t.description)).toEqual([
      "4835-****-****-0127 Df Gull Awatea Rd",
      "01-0811-0846368-01 Credit Transfer",
    ]);
  });
});

describe("an export of several accounts, each row's named in an account column", () => {
  it("is one statement per account (an app's: Mint, YNAB, Monefy), named by the account", () => {
    const csv = [
      '"Date","Description","Amount","Transaction Type","Category","Account Name"',
      '"1/05/2024","Safeway","54.21","debit","Groceries","Chase Checking"',
      '"1/05/2024","Payment Thank You","500.00","credit","Credit Card Payment","Amex Gold"',
      '"1/04/2024","Payment to Amex","500.00","debit","Credit Card Payment","Chase Checking"',
    ].join("\n");
    const file = parseCsv(utf8(csv), { defaultCurrencyCode: "USD" });
    expect(
      file.statements.map((s) => [s.accountName, s.accountIdentifier, s.transactions.map((t) => [t.row, t.amount])]),
    ).toEqual([
      [
        "Chase Checking",
        null,
        [
          [1, "-54.21"],
          [3, "-500.00"],
        ],
      ],
      ["Amex Gold", null, [[2, "500.00"]]],
    ]);
  });

  it("per account and currency, a number for an account's identifier, and what moved after fees (Questrade)", () => {
    const csv = [
      "Transaction Date,Description,Gross Amount,Commission,Net Amount,Currency,Account #",
      "2025-03-07,DIVIDEND,0.00,0.00,27.89,CAD,12345678",
      "2025-02-21,SELL VXUS,480.00,-0.23,479.77,USD,54637281",
      "2025-02-25,WIRE DEP,0.00,0.00,500.00,USD,98765432",
      "2025-03-06,SELL XBAL,608.00,0.00,608.00,CAD,54637281",
    ].join("\n");
    const file = parseCsv(utf8(csv), { defaultCurrencyCode: "CAD" });
    expect(
      file.statements.map((s) => [s.accountIdentifier, s.currencyCode, s.transactions.map((t) => t.amount)]),
    ).toEqual([
      ["12345678", "CAD", ["27.89"]],
      ["54637281", "USD", ["479.77"]],
      ["98765432", "USD", ["500.00"]],
      ["54637281", "CAD", ["608.00"]],
    ]);
  });

  it("stays one statement when one account holds nine rows in ten (Amex's supplementary card on a few)", () => {
    const rows = Array.from(
      { length: 10 },
      (_, i) => `${String(i + 1).padStart(2, "0")}/03/2024,SHOP ${i},J SMITH,-11003,-${i + 1}.00`,
    );
    const csv = ["Date,Description,Card Member,Account #,Amount", ...rows, "11/03/2024,TAXI,A SMITH,-11011,-7.00"];
    expect(
      parseCsv(utf8(csv.join("\n")), { defaultCurrencyCode: "USD" }).statements.map((s) => s.transactions.length),
    ).toEqual([11]);
  });

  it("counts an account named by a number beside others named by words as one of several ('Visa 4321')", () => {
    const csv = [
      '"Date","Description","Amount","Transaction Type","Account Name"',
      '"3/01/2024","Safeway","45.10","debit","Checking"',
      '"3/03/2024","Amazon","20.00","debit","Visa 4321"',
      '"3/05/2024","VISA PAYMENT","300.00","debit","Checking"',
      '"3/05/2024","PAYMENT THANK YOU","300.00","credit","Visa 4321"',
    ].join("\n");
    expect(parseCsv(utf8(csv)).statements.map((s) => [s.accountName, s.transactions.length])).toEqual([
      ["Checking", 2],
      ["Visa 4321", 2],
    ]);
  });

  it("stays one statement for one account on every row (N26's Account Name), or for the other party's IBAN (DKB)", () => {
    const n26 = ["Booking Date,Partner Name,Account Name,Amount (EUR)", "2024-01-16,AMAZON,Main Account,-29.99"];
    n26.push("2024-01-17,UBER,Main Account,-18.75");
    expect(parseCsv(utf8(n26.join("\n"))).statements).toHaveLength(1);
    const dkb = [
      '"Buchungsdatum";"Zahlungsempfänger*in";"Verwendungszweck";"IBAN";"Betrag (€)"',
      '"01.10.25";"Vermieter";"Miete";"DE02120300000000202051";"-800,00"',
      '"02.10.25";"Telekom";"Rechnung";"DE44500105175407324931";"-19,99"',
      '"01.11.25";"Vermieter";"Miete";"DE02120300000000202051";"-800,00"',
    ];
    expect(parseCsv(utf8(dkb.join("\n"))).statements.map((s) => s.transactions.length)).toEqual([3]);
    // N26's English export names the other party's IBAN "Account number".
    const n26English = [
      '"Date","Payee","Account number","Payment reference","Amount (EUR)"',
      '"2024-03-01","ACME GmbH","DE89370400440532013000","Salary March","2500.0"',
      '"2024-03-02","Vermieter","DE02120300000000202051","Miete Maerz","-800.0"',
    ];
    expect(
      parseCsv(utf8(n26English.join("\n"))).statements.map((s) => [s.accountIdentifier, s.transactions.length]),
    ).toEqual([[null, 2]]);
  });
});

describe("a debit/credit pair in whole numbers under names of codes (PUMB's client-bank export)", () => {
  it("reads both sides when only a few debits have cents and the quiet side is written 0", () => {
    const csv = [
      "ST_DATE;ACC_NUMB;DB;CR;DOC_NO;KOR_NAME;DESCRIPT;UDB;UCR",
      '2022.12.12;UA623348510000000000260087146;0;0;63;"PVNZ MIT";"Tuition, December";3670;0',
      "2022.12.12;UA623348510000000000260087146;0;0;64;Transit account;Loan returned;0;3500",
      "2022.12.20;UA623348510000000000260087146;0;0;65;Tax office;Single tax;603;0",
      "2022.12.28;UA623348510000000000260087146;0;0;66;Client A;Invoice 12;0;12000",
      "2022.12.30;UA623348510000000000260087146;0;0;67;Treasury;Social tax;50.25;0",
      "2022.12.30;UA623348510000000000260087146;0;0;68;Bandera S.A.;Salary;2696.75;0",
    ].join("\n");
    const file = parseCsv(utf8(csv), { defaultCurrencyCode: "UAH" });
    expect([file.amountSemantics, file.amountSemanticsRequired]).toEqual(["split_columns", false]);
    expect(transactionsOf(file).map((t) => [t.amount, t.description])).toEqual([
      ["-3670", "Tuition, December"],
      ["3500", "Loan returned"],
      ["-603", "Single tax"],
      ["12000", "Invoice 12"],
      ["-50.25", "Social tax"],
      ["-2696.75", "Salary"],
    ]);
  });
});

describe("a statement laid out under merged header cells, with a summary of the period below (BCI Chile)", () => {
  const csv = [
    "FECHA;SUCURSAL;DESCRIPCION;CHEQUES Y OTROS CARGOS;;DEPOSITOS Y ABONOS;;SALDO DIARIO;",
    ";;;;;;;;",
    "1/2/18;OF VIRT U;PAGO RECIBIDO;;;;90.251;;83.408.836",
    "1/2/18;LA FLORID;CHEQUE COBRADO POR CAJA;;100.000;;;;83.308.836",
    "1/16/18;OF CENTRA;TRANSFER DE A.PETRIC;;;;82.354;;83.391.190",
    "1/17/18;SVP LA FL;CHEQUE COBRADO POR CAJA;;1.293.955;;;;82.097.235",
    "Resumen del Periodo;;;;;;;;",
    "Periodo;;;Saldo Anterior;Total Cargos;;Total Abonos;;Saldo Final",
    "29-12-2017 al 17-01-2018;;;83.318.585;-;1.393.955;  +  ;172.605; =;82.097.235",
  ].join("\n");

  it("reads each value under the name merged over its column, both sides of the pair, and no period as a row", () => {
    const file = parseCsv(utf8(csv), { defaultCurrencyCode: "CLP" });
    expect(transactionsOf(file).map((t) => [t.date, t.amount])).toEqual([
      ["2018-01-02", "90251"],
      ["2018-01-02", "-100000"],
      ["2018-01-16", "82354"],
      ["2018-01-17", "-1293955"],
    ]);
    expect(file.statements[0]!.closingBalance).toEqual({ amount: "82097235", date: "2018-01-17" });
    expect(file.warnings.join("\n")).toMatch(/is not a transaction \("29-12-2017 al 17-01-2018 /);
  });
});

describe("transfer lists and business exports (Wise, Alfa-Bank Ukraine)", () => {
  it("take what moved, not a fee's amount; the sender or receiver by direction; no payee's account for the statement's", () => {
    const business = [
      'ID,Status,Direction,"Created on","Source fee amount","Source fee currency","Source name","Source amount (after fees)","Source currency","Target name","Target amount (after fees)","Target currency",Reference',
      'TRANSFER-1,COMPLETED,IN,"2024-04-12 14:00:47",4.14,USD,"XXX SCHWEIZ AG",35797.44,USD,cybovate,35797.44,USD,"CH24Q2 002"',
      'TRANSFER-2,COMPLETED,OUT,"2024-04-10 08:26:47",12.38,USD,cybovate,13819.77,USD,"YYY AG",13819.77,USD,"Rechnung Nr 200506"',
    ].join("\n");
    expect(transactionsOf(parseCsv(utf8(business))).map((t) => [t.amount, t.counterparty])).toEqual([
      ["35797.44", "XXX SCHWEIZ AG"],
      ["-13819.77", "YYY AG"],
    ]);
    const personal = [
      '"TransferWise ID",Date,Amount,Currency,Description,"Payer Name","Payee Name","Payee Account Number",Merchant',
      'TRANSFER-3,24-08-2020,-357.38,USD,"Sent money to John Doe",,"John Doe","LT21 1111 2222 3333 4444",',
      'TRANSFER-4,24-08-2020,125.00,USD,"Received money from a friend","A Friend",,,',
      "CARD-5,25-08-2020,-4.50,USD,Card transaction,,,,Starbucks",
    ].join("\n");
    const file = parseCsv(utf8(personal));
    expect(file.statements.map((s) => s.accountIdentifier)).toEqual([null]);
    expect(transactionsOf(file).map((t) => t.counterparty)).toEqual(["John Doe", "A Friend", "Starbucks"]);
  });

  it("read 'Наш рахунок' (our account) as the statement's own beside the other party's bare 'Рахунок' and 'IBAN'", () => {
    const csv = [
      "Наш рахунок;Наш IBAN;Операція;Рахунок;IBAN;Найменування контрагента;Призначення платежу;Дата проведення;Сума;Валюта",
      "11111111111111;UA111;Дебет;1111111;UA111;XYZ COMPANY;Продаж валюти;03.03.2021;1018.23;GBP",
      "11111111111111;UA111;Кредит;2222222;UA222;JOHN DOE;Надходження;03.03.2021;5018.23;GBP",
      "222222222222222222;UA333;Кредит;3333333;UA444;CITIBANK NA;Надходження;02.03.2021;500.00;GBP",
    ].join("\n");
    const file = parseCsv(utf8(csv), { defaultCurrencyCode: "UAH" });
    expect(
      file.statements.map((s) => [s.accountIdentifier, s.transactions.map((t) => [t.amount, t.counterparty])]),
    ).toEqual([
      [
        "11111111111111",
        [
          ["-1018.23", "XYZ COMPANY"],
          ["5018.23", "JOHN DOE"],
        ],
      ],
      ["222222222222222222", [["500.00", "CITIBANK NA"]]],
    ]);
  });
});

describe("card holds named in brackets after the merchant (Piraeus Bank)", () => {
  it("are left out as not booked, and the closing balance is the last booked row's", () => {
    const csv = [
      "Category;Transaction Narrative;Posted date;Amount;Currency;Progressive Ledger Balance",
      "Restaurants;KAPETANAKIS IOANNIS THESSALONIKI(DEBIT PURCHASE AUTHORIZATION);25/07/2020;-13;EUR;0",
      "Restaurants;E FOOD GR IRAKLEIO (CARD PURCHASE);24/07/2020;-18;EUR;2440.62",
      "Pharmacy;ALISE ALIKI KALAMARIA (CARD PURCHASE);23/07/2020;-6.35;EUR;2458.62",
      "Income;B/O WORLDPAY AP LTD (INCOMING TRANSFER);20/07/2020;130.73;EUR;2464.97",
    ].join("\n");
    const file = parseCsv(utf8(csv), { defaultCurrencyCode: "EUR" });
    expect(transactionsOf(file).map((t) => t.amount)).toEqual(["-18", "-6.35", "130.73"]);
    expect(file.statements[0]!.closingBalance).toEqual({ amount: "2440.62", date: "2020-07-24" });
    expect(file.warnings).toContain("1 row is not booked yet (pending, held or reserved) and was left out");
  });
});

describe("a statement in Romanian (Raiffeisen Romania)", () => {
  it("takes the text from 'Descrierea tranzactiei' and the party's name, not its tax code", () => {
    const csv = [
      'Data inregistrare;Data tranzactiei;Suma debit;Suma credit;Cod fiscal beneficiar;"Nume/Denumire\n ordonator/beneficiar";Descrierea tranzactiei',
      "22/01/2018;22/01/2018;100.00;;;;Payment 1 |Card nr. XXXX XXXX XXXX 1234",
      "22/01/2018;22/01/2018;;100.00;12345678;FIRMA SRL;OPH/unknown stuff",
    ].join("\n");
    expect(transactionsOf(parseCsv(utf8(csv))).map((t) => [t.amount, t.description, t.counterparty])).toEqual([
      ["-100.00", "Payment 1 |Card nr. XXXX XXXX XXXX 1234", null],
      ["100.00", "OPH/unknown stuff", "FIRMA SRL"],
    ]);
  });
});

describe("a payer column alone", () => {
  it("leaves the text to an unknown column ('Zweckangabe'), which only payer and payee together would make moot", () => {
    const csv = [
      "Date,Auftraggeber,Zweckangabe,Amount",
      "01/03/2024,,Miete Maerz,-800.00",
      "02/03/2024,ACME GmbH,Gehalt Maerz,1500.00",
    ];
    expect(transactionsOf(parseCsv(utf8(csv.join("\n")))).map((t) => [t.description, t.counterparty])).toEqual([
      ["Miete Maerz", null],
      ["Gehalt Maerz", "ACME GmbH"],
    ]);
  });
});

describe("a payee column beside what describes the payee", () => {
  it("takes no category, city or country for the text (the payee describes the row)", () => {
    const csv = [
      "Datum;Zahlungsempfänger;Kategorie;Betrag",
      "01.03.2024;REWE;Lebensmittel;-45,10",
      "02.03.2024;Stadtwerke;Energie;-60,00",
    ];
    expect(transactionsOf(parseCsv(utf8(csv.join("\n")))).map((t) => [t.description, t.counterparty])).toEqual([
      ["REWE", "REWE"],
      ["Stadtwerke", "Stadtwerke"],
    ]);
  });
});

describe("lines below the rows", () => {
  it("after a blank line are no more of the last row's text (Piraeus' 'Update Date: ...')", () => {
    for (const blanks of [[";;"], [";;", ";;"]]) {
      const csv = [
        "Date;Details;Amount",
        "24/07/2020;CARD PURCHASE;-13,00",
        ...blanks,
        ";Update Date: 25/07/2020 17:44:12;",
      ];
      expect(transactionsOf(parseCsv(utf8(csv.join("\n")))).map((t) => t.description)).toEqual(["CARD PURCHASE"]);
    }
    // One blank line after each line (a file written double-spaced): the second line is still the row's.
    const double = [
      "Date;Details;Withdrawals;Deposits",
      "",
      "01/03/2024;FAST PAYMENT;50.00;",
      "",
      ";to JOHN TAN;;",
      "",
    ];
    expect(transactionsOf(parseCsv(utf8(double.join("\n")))).map((t) => t.description)).toEqual([
      "FAST PAYMENT to JOHN TAN",
    ]);
  });

  it("read dates written year first with spaces (Bank Pocztowy's '2019 10 11')", () => {
    const csv = ["Data;Opis;Kwota", "2019 10 11;Opłata;-5,00", "2019 10 09;Wpływ;1000,00"].join("\n");
    expect(transactionsOf(parseCsv(utf8(csv))).map((t) => t.date)).toEqual(["2019-10-11", "2019-10-09"]);
  });
});

describe("a row's text over several columns", () => {
  it("says a part once when a later column repeats what an earlier one names (ZKB's 'Details' beside its booking text)", () => {
    const csv = [
      '"Date";"Booking text";"Debit CHF";"Credit CHF";"Payment purpose";"Details"',
      '"10.01.2024";"Debit eBill: Test Utility Company";"150.00";"";"";"TEST UTILITY COMPANY"',
      '"15.01.2024";"Debit Mobile Banking: Anna Muster";"100.00";"";"Rent";"Anna Muster"',
      // Only whole words count as said: "Muster AG" is more than "Muster" in "Mustermann".
      '"16.01.2024";"Debit: Hans Mustermann";"10.00";"";"";"Muster AG"',
    ].join("\n");
    expect(transactionsOf(parseCsv(utf8(csv))).map((t) => t.description)).toEqual([
      "Debit eBill: Test Utility Company",
      "Debit Mobile Banking: Anna Muster Rent",
      "Debit: Hans Mustermann Muster AG",
    ]);
  });

  it("compares no more than a payee's length: long cells are kept whole, in linear time (3 MB of them took a minute)", () => {
    const long = "a".repeat(300_000);
    const rows = Array.from({ length: 10 }, () => `"10.01.2024";"${long}";"-1.00";"${long.slice(150_000)}"`);
    const started = performance.now();
    const file = parseCsv(utf8(['"Date";"Booking text";"Amount";"Details"', ...rows].join("\n")));
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(transactionsOf(file)[0]!.description).toHaveLength(450_001);
  });
});

describe("the other party's column", () => {
  it("names a card acceptor written name\\street\\city\\postcode (SEB Estonia's) by its name", () => {
    const csv = [
      'Date;"Beneficiary\'s name";(D/C);Amount;Description',
      '"04.07.2022";"TAMMSAARE RIMI ISETEEN\\TAMMSAARE TEE 104A        \\TALLINN      \\12918     ESTEST";"D";13,56;"kaart...075740 RIMI"',
      '"04.07.2022";"OLEREX VIIMSI         \\MUULI TEE 2";"D";14,10;"kaart...075740 OLEREX"',
      '"05.07.2022";"Mari Maasikas";"C";100,00;"Laen"',
      // A name with a backslash of its own is no address.
      '"06.07.2022";"AC\\DC Fan Shop";"D";25,00;"Shirt"',
    ].join("\n");
    expect(transactionsOf(parseCsv(utf8(csv))).map((t) => [t.amount, t.counterparty])).toEqual([
      ["-13.56", "TAMMSAARE RIMI ISETEEN"],
      ["-14.10", "OLEREX VIIMSI"],
      ["100.00", "Mari Maasikas"],
      ["-25.00", "AC\\DC Fan Shop"],
    ]);
  });

  it("leaves out a label the cell writes before the name, in any language the columns' names are known in (Raiffeisen Austria's)", () => {
    const csv = [
      "Datum;Text;Gegenpartei;Betrag",
      "11.03.2019;SEPA Lastschrift;Zahlungsempfänger:  S.C.D.;-227,73",
      "12.03.2019;Virement;Bénéficiaire : Jean Dupont;-15,00",
      "13.03.2019;Payment;Payee: Corner Shop Ltd;-4,20",
      // A colon of the name's own, and a label that names no party, stay.
      "14.03.2019;Order;Amazon.de: Marketplace;-9,99",
      "15.03.2019;Ref;Reference: 12345 Corner;-1,00",
    ].join("\n");
    expect(transactionsOf(parseCsv(utf8(csv))).map((t) => t.counterparty)).toEqual([
      "S.C.D.",
      "Jean Dupont",
      "Corner Shop Ltd",
      "Amazon.de: Marketplace",
      "Reference: 12345 Corner",
    ]);
  });
});

describe("a Japanese card bill's columns of a named month (Rakuten Card)", () => {
  it("are neither the amount's side nor a running balance: no closing balance is made of them", () => {
    const csv = [
      '"利用日","利用店名・商品名","利用者","支払方法","利用金額","支払手数料","支払総額","10月支払金額","11月繰越残高"',
      '"2019/09/07","ローソン","本人","1回払い","1051","0","1051","1051","0"',
      '"2019/09/10","家電量販店","本人","分割","30000","600","30600","10200","20400"',
    ].join("\n");
    const file = parseCsv(utf8(csv), { defaultCurrencyCode: "JPY" });
    expect(file.optionsUsed?.columns).toMatchObject({ amount: "利用金額" });
    expect(file.optionsUsed?.columns).not.toHaveProperty("debit");
    expect(file.optionsUsed?.columns).not.toHaveProperty("balance");
    expect(file.statements[0]!.closingBalance).toBeNull();
    expect(transactionsOf(file).map((t) => t.amount)).toEqual(["1051", "30000"]);
  });
});

describe("Handelsbanken's two dates (Reskontradatum, Transaktionsdatum)", () => {
  it("books on the ledger date, and leaves out a preliminary row that has only the day of purchase", () => {
    // The purchase's day first, and the same as the ledger's on the booked rows: only the names tell them apart.
    const csv = [
      "Transaktionsdatum;Reskontradatum;Text;Belopp;Saldo",
      "2023-12-08;;Prel WILLYS V;-383,80;1 737,90",
      "2023-12-07;2023-12-07;APOTEK HJARTAT;-120,00;2 121,70",
      "2023-12-05;2023-12-05;ICA NARA;-250,00;2 241,70",
      "2023-12-01;2023-12-01;LON;25 000,00;2 491,70",
    ].join("\n");
    const file = parseCsv(utf8(csv), { defaultCurrencyCode: "SEK" });
    expect(transactionsOf(file).map((t) => [t.date, t.valueDate, t.description])).toEqual([
      ["2023-12-07", "2023-12-07", "APOTEK HJARTAT"],
      ["2023-12-05", "2023-12-05", "ICA NARA"],
      ["2023-12-01", "2023-12-01", "LON"],
    ]);
    expect(file.warnings).toContain("1 row is not booked yet (pending, held or reserved) and was left out");
  });
});

describe("Revolut's 2018 export (Reference, Paid Out, Paid In, Balance, Category)", () => {
  it("describes a row by its Reference, not by its category", () => {
    const csv = [
      "Completed Date ; Reference ; Paid Out (EUR) ; Paid In (EUR) ; Exchange Out; Exchange In; Balance (EUR); Category",
      "Apr 8, 2018 ; Shop A  ; 11.00 ;  ;  ;  ; 189.10; utilities",
      "Apr 6, 2018 ; Shop B  ; 49.76 ;  ;  ;  ; 200.10; shopping",
      "Apr 2, 2018 ; Top-Up by *1234  ;  ; 200.00 ;  ;  ; 249.86; general",
    ].join("\n");
    expect(transactionsOf(parseCsv(utf8(csv))).map((t) => [t.amount, t.description])).toEqual([
      ["-11.00", "Shop A"],
      ["-49.76", "Shop B"],
      ["200.00", "Top-Up by *1234"],
    ]);
  });
});

describe("an opening balance printed as a line of its own", () => {
  it("is the statement's opening balance, its figure in the amount column (Swedbank Lithuania's 'Likutis pradžiai')", () => {
    const csv = [
      '"Sąskaitos Nr.","","Data","Gavėjas","Paaiškinimai","Suma","Valiuta","D/K"',
      '"LT797300010000000001","10","2012-01-01","","Likutis pradžiai","2123.82","LTL","K"',
      '"LT797300010000000001","20","2012-01-05","UAB Maxima","Pirkimas","23.50","LTL","D"',
      '"LT797300010000000001","20","2012-01-20","Darbdavys","Atlyginimas","1817.00","LTL","K"',
      '"LT797300010000000001","86","2012-01-31","","Likutis pabaigai","3917.32","LTL","K"',
    ].join("\n");
    const [statement] = parseCsv(utf8(csv)).statements;
    expect([statement!.openingBalance, statement!.closingBalance]).toEqual([
      { amount: "2123.82", date: "2012-01-01" },
      { amount: "3917.32", date: "2012-01-31" },
    ]);
    expect(statement!.transactions.map((t) => t.amount)).toEqual(["-23.50", "1817.00"]);
  });

  it("is the balance column's figure beside a zero amount, and the earliest of a file listed newest first", () => {
    const csv = [
      "Date;Description;Amount;Balance",
      "2024-02-10;Shop;-40,00;1170,00",
      "2024-02-01;Opening balance;0,00;1210,00",
      "2024-01-15;Salary;210,00;1210,00",
      "2024-01-01;Opening balance;0,00;1000,00",
    ].join("\n");
    const [statement] = parseCsv(utf8(csv), { defaultCurrencyCode: "EUR" }).statements;
    expect(statement!.openingBalance).toEqual({ amount: "1000.00", date: "2024-01-01" });
    expect(statement!.transactions.map((t) => t.amount)).toEqual(["-40.00", "210.00"]);
  });

  it("is read from the balance column when its amount cells are empty (Stanbic's 'Opening balance')", () => {
    const csv = [
      "Ref,Date,Description,Debit,Credit,Value date,Balance",
      ',07/02/2020,Opening balance,,,,"59 258,71"',
      '1,07/02/2020,ATM WITHDRAWAL,"500,00",,07/02/2020,"58 758,71"',
    ].join("\n");
    const [statement] = parseCsv(utf8(csv), { defaultCurrencyCode: "ZMW" }).statements;
    expect([statement!.openingBalance, statement!.closingBalance]).toEqual([
      { amount: "59258.71", date: "2020-02-07" },
      { amount: "58758.71", date: "2020-02-07" },
    ]);
    expect(statement!.transactions.map((t) => [t.amount, t.description])).toEqual([["-500.00", "ATM WITHDRAWAL"]]);
  });
});

describe("a payment app's note beside the other party's name (Satispay's 'extra info')", () => {
  it("is the description, and a row without one is described by the party", () => {
    const csv = [
      "id,name,state,kind,date,amount,currency,extra info",
      '9c4ce4dc,"Ajeje Brazorf",APPROVED,P2P,"22/06/2024","-17,00 ",EUR,"Adesso lo trovo il biglietto"',
      'b84e42ce,"Supermercato",APPROVED,C2B,"20/05/2024","-2,00 ",EUR,""',
    ].join("\n");
    expect(transactionsOf(parseCsv(utf8(csv))).map((t) => [t.description, t.counterparty])).toEqual([
      ["Adesso lo trovo il biglietto", "Ajeje Brazorf"],
      ["Supermercato", "Supermercato"],
    ]);
  });
});

describe("an amount column left empty beside debit and credit columns (Deutsche Bank's Betrag, Soll, Haben)", () => {
  it("reads the amounts from the debit and credit columns", () => {
    const csv = [
      "Buchungstag;Verwendungszweck;Betrag;Soll;Haben;Währung",
      "02.01.2019;Mitgliedsbeitrag;;;15,00;EUR",
      "10.01.2019;Abschlag Strom;;-1200,00;;EUR",
      "11.01.2019;Miete;;-651,26;;EUR",
    ].join("\n");
    const file = parseCsv(utf8(csv));
    expect(transactionsOf(file).map((t) => [t.date, t.amount])).toEqual([
      ["2019-01-02", "15.00"],
      ["2019-01-10", "-1200.00"],
      ["2019-01-11", "-651.26"],
    ]);
    expect(file.optionsUsed?.columns).not.toHaveProperty("amount");
  });

  it("still reads an amount column that holds the amounts beside empty debit and credit columns", () => {
    const csv = ["Datum;Text;Betrag;Soll;Haben", "02.01.2019;Miete;-651,26;;", "03.01.2019;Lohn;2000,00;;"].join("\n");
    expect(transactionsOf(parseCsv(utf8(csv))).map((t) => t.amount)).toEqual(["-651.26", "2000.00"]);
  });
});

describe("a card statement of HDFC Bank (India): tildes between cells, blocks of other tables around it", () => {
  const csv = [
    "Name~A Cardholder",
    "Payment Due Date~02/02/2025",
    "",
    "Transaction type~Primary / Addon Customer Name~DATE~Description~Base NeuCoins~AMT~Debit / Credit",
    "Domestic~A CARDHOLDER~09/01/2025 19:09:21~UPI-Swiggy Limited~~153.00~",
    "Domestic~A CARDHOLDER~11/01/2025 10:02:00~UPI-Samina Shaikh~~100.00~Cr",
    "",
    "Loan Type~Loan Number~Loan Booked Date~Value Date~Loan Amount~Currency~Description~Balance Principal outstanding",
    "",
  ].join("\n");

  it("is split at its tildes, under the header with transactions below it, not the later block's that names more", () => {
    const file = parseCsv(utf8(csv), { defaultCurrencyCode: "INR" });
    expect(file.optionsUsed).toMatchObject({ delimiter: "~", headerRow: 4 });
    expect(transactionsOf(file).map((t) => [t.date, t.amount, t.description])).toEqual([
      ["2025-01-09", "-153.00", "UPI-Swiggy Limited"],
      ["2025-01-11", "100.00", "UPI-Samina Shaikh"],
    ]);
  });

  it('takes no column of the card\'s own holder as the other party ("Customer Name", Mercury\'s "Name On Card")', () => {
    expect(transactionsOf(parseCsv(utf8(csv), { defaultCurrencyCode: "INR" })).map((t) => t.counterparty)).toEqual([
      null,
      null,
    ]);
    const mercury = [
      "Date (UTC),Description,Amount,Status,Bank Description,Name On Card",
      "04-17-2024,GUSTO,-46.00,Sent,GUSTO FEE 111111,Jane Holder",
      "04-16-2024,Amazon Web Services,-353.63,Sent,AWS,Jane Holder",
    ].join("\n");
    const file = parseCsv(utf8(mercury), { defaultCurrencyCode: "USD" });
    expect(file.optionsUsed?.columns).not.toHaveProperty("counterparty");
    expect(transactionsOf(file).map((t) => t.counterparty)).not.toContain("Jane Holder");
  });
});

describe("money columns named in the Scandinavian languages (DNB's card bill: Inn and Ut)", () => {
  it("reads Ut as money out and Inn as money in, whatever their order", () => {
    const csv = [
      "Dato;Beløpet gjelder;Inn;Ut",
      "25.10.2025;Innbetaling;5000,00;",
      "24.10.2025;REMA 1000 OSLO;;150,50",
    ].join("\n");
    expect(transactionsOf(parseCsv(utf8(csv))).map((t) => t.amount)).toEqual(["5000.00", "-150.50"]);
    const danish = ["Dato;Tekst;Ud;Ind", "25.10.2025;Løn;;3000,00", "24.10.2025;Netto;80,25;"].join("\n");
    expect(transactionsOf(parseCsv(utf8(danish))).map((t) => t.amount)).toEqual(["3000.00", "-80.25"]);
  });
});

describe("the other party, the own account and the value date in Polish and Swedish exports", () => {
  it("reads Bank Millennium's own account, not the other party's, and its Odbiorca/Zleceniodawca", () => {
    const csv = [
      '"Numer rachunku/karty","Data transakcji","Na konto/Z konta","Odbiorca/Zleceniodawca","Opis","Obciążenia","Uznania","Waluta"',
      '"PL22 2222 2222 2222 2222 2222 2222","2021-06-06","PL11 1111 1111 1111 1111 1111 1111","Jan Kowalski","Zwrot","","50.00","PLN"',
      '"PL22 2222 2222 2222 2222 2222 2222","2021-05-05","","Spotify","Subskrypcja","-19.99","","PLN"',
    ].join("\n");
    const file = parseCsv(utf8(csv));
    expect(file.statements.map((s) => s.accountIdentifier)).toEqual(["PL22222222222222222222222222"]);
    expect(transactionsOf(file).map((t) => [t.amount, t.counterparty])).toEqual([
      ["50.00", "Jan Kowalski"],
      ["-19.99", "Spotify"],
    ]);
  });

  it("reads ING Bank Śląski's Dane kontrahenta and Szczegóły, and Swedbank Sweden's Referens and Valutadag", () => {
    const ing = [
      '"Data transakcji";"Dane kontrahenta";"Tytuł";"Szczegóły";"Kwota transakcji (waluta rachunku)";"Waluta"',
      '"2021-05-05";"Pizzeria Roma";"Płatność kartą";"Hawajska";"-40,00";"PLN"',
    ].join("\n");
    expect(transactionsOf(parseCsv(utf8(ing))).map((t) => [t.counterparty, t.description])).toEqual([
      ["Pizzeria Roma", "Płatność kartą Hawajska"],
    ]);
    const swedbank = [
      "Radnummer,Bokföringsdag,Transaktionsdag,Valutadag,Referens,Beskrivning,Belopp",
      '1,2019-10-31,2019-10-31,2019-10-30,"Brf Bostad","Bg-bet. via internet",-4200.00',
    ].join("\n");
    expect(transactionsOf(parseCsv(utf8(swedbank))).map((t) => [t.valueDate, t.description])).toEqual([
      ["2019-10-30", "Brf Bostad Bg-bet. via internet"],
    ]);
  });
});

describe("an ICICI card statement: Accountno: above the table, Amount(in Rs)", () => {
  const csv = [
    '"Accountno:","000000001234567"',
    '"Customer Name:","MR. A HOLDER"',
    "",
    '"Date","Sr.No.","Transaction Details","Amount(in Rs)","BillingAmountSign"',
    '"29/12/2024","1","DMART AVENUE SUPERMART","2645.88",""',
    '"31/12/2024","2","Reversal of fuel Surcharge","6.00","CR"',
  ].join("\n");

  it("names the account and reads the amounts in rupees", () => {
    const file = parseCsv(utf8(csv), { defaultCurrencyCode: "EUR" });
    expect(file.statements.map((s) => [s.accountIdentifier, s.currencyCode])).toEqual([["000000001234567", "INR"]]);
    expect(transactionsOf(file).map((t) => [t.amount, t.currencyCode])).toEqual([
      ["-2645.88", "INR"],
      ["6.00", "INR"],
    ]);
  });

  it("reads rupees as the account's own when it keeps another country's (Sri Lanka's)", () => {
    const file = parseCsv(utf8(csv), { defaultCurrencyCode: "LKR" });
    expect(transactionsOf(file).map((t) => t.currencyCode)).toEqual(["LKR", "LKR"]);
  });
});

describe("an account column filled on a few rows only (Nordea Finland's Kontonummer beside the payee)", () => {
  it("is the other party's: the account named above the table is the statement's", () => {
    const csv = [
      "Kontonummer\tFI1234567890123456",
      "",
      "Bokningsdag\tBelopp\tMottagare/Betalare\tKontonummer\tMeddelande",
      "08.04.2019\t300,00\tJOHN DOE\t\tMisc",
      "12.04.2019\t-20,00\tK-MARKET\t\tOstos",
      "26.04.2019\t-12,50\tFINNKINO OY\t233318-13247\te-betalning",
      "27.04.2019\t-8,00\tR-KIOSKI\t\tOstos",
    ].join("\n");
    expect(parseCsv(utf8(csv)).statements.map((s) => s.accountIdentifier)).toEqual(["FI1234567890123456"]);
  });
});

describe("what the lines above a table say, as Romanian and Spanish banks write it", () => {
  it("reads a currency's local name after the currency's label (Valuta: LEI) and an accented account label", () => {
    const csv = [
      "Número de Cuenta:;0073 0100 50 1234567890",
      "Valuta:;LEI",
      "",
      "Data;Descriere;Suma",
      "01.03.2024;Plata factura;-120,00",
    ].join("\n");
    const [statement] = parseCsv(utf8(csv), { defaultCurrencyCode: "EUR" }).statements;
    expect([statement!.accountIdentifier, statement!.currencyCode]).toEqual(["0073 0100 50 1234567890", "RON"]);
  });

  it("takes LEI for no currency where no label names one (a legal entity identifier)", () => {
    const csv = ["LEI;5493001KJTIIGC8Y1R12", "", "Data;Descriere;Suma", "01.03.2024;Plata;-120,00"].join("\n");
    expect(parseCsv(utf8(csv), { defaultCurrencyCode: "EUR" }).statements[0]!.currencyCode).toBe("EUR");
  });
});

describe("a card's currency column beside the payment's own amount (Bank Norwegian)", () => {
  const csv = [
    "TransactionDate,Text,Currency Amount,Currency Rate,Currency,Amount",
    "8/1/19,PAYPAL *USCUSTOMSBO,-14,9.873571429,USD,-138.23",
    "8/5/19,Spotify P0C23C671C,-99,1,SEK,-99",
    "8/11/19,ITUNES.COM/BILL,-29,1,SEK,-29",
  ].join("\n");

  it("names the payment's own amount's currency: the amounts are the card's, in the account's currency", () => {
    const file = parseCsv(utf8(csv), { defaultCurrencyCode: "SEK" });
    expect(transactionsOf(file).map((t) => [t.amount, t.currencyCode])).toEqual([
      ["-138.23", "SEK"],
      ["-99", "SEK"],
      ["-29", "SEK"],
    ]);
    expect(file.warnings.join(" ")).toContain('"Currency" names the currency of "Currency Amount"');
  });

  it("still gives each row its currency when no other amount matches the account's rows", () => {
    const file = parseCsv(utf8(csv), { defaultCurrencyCode: "EUR" });
    expect(transactionsOf(file).map((t) => t.currencyCode)).toEqual(["USD", "SEK", "SEK"]);
  });
});

describe("Swedbank Lithuania's export without a header row (record types 10, 20, 82, 86)", () => {
  const csv = [
    "LT357300010133333333,10,2017-09-01,,Opening balance,100.00,EUR,K,,AS,,",
    "LT357300010133333333,20,2017-09-04,Vardenis Pavardenis | AGBLLT2XXXX | LT154010042403333333,/ / / / / / / / ,9.00,EUR,K,2017010133333333,MK,,",
    "LT357300010133333333,20,2017-09-04,Kazkokia gimnazija | AGBLLT2XXXX | LT074010042703333333,pagal PVM s-ta Nr. XXX-333333/ / / / / / / / ,41.62,EUR,D,2017010133333334,MK,,",
    "LT357300010133333333,82,2017-09-05,,Turnover,9.00,EUR,K,,K2,,",
    "LT357300010133333333,82,2017-09-05,,Turnover,41.62,EUR,D,,K2,,",
    "LT357300010133333333,86,2017-09-05,,Closing balance,67.38,EUR,K,,LS,,",
  ].join("\n");

  it("is read by the bank's columns: its balance and turnover lines are no transactions", () => {
    const file = parseCsv(utf8(csv), { defaultCurrencyCode: "EUR" });
    expect(file.bankKey).toBe("swedbank_lt");
    const [statement] = file.statements;
    expect([
      statement!.accountIdentifier,
      statement!.openingBalance?.amount,
      statement!.closingBalance?.amount,
    ]).toEqual(["LT357300010133333333", "100.00", "67.38"]);
    expect(transactionsOf(file).map((t) => [t.amount, t.counterparty, t.description])).toEqual([
      // The purpose's padding of slashes is nothing to say; the name before the party's codes is the party.
      ["9.00", "Vardenis Pavardenis", "Vardenis Pavardenis"],
      ["-41.62", "Kazkokia gimnazija", "pagal PVM s-ta Nr. XXX-333333"],
    ]);
  });
});

describe("Japanese banks' and cards' exports", () => {
  it("read withdrawal and deposit columns named without 金額 (SMBC's お引出し, お預入れ)", () => {
    const csv = [
      "年月日,お引出し,お預入れ,お取り扱い内容,残高,メモ,ラベル",
      '2022/10/6,,1,"普通預金利息",8,"",',
      '2022/10/6,,1,"V123456",7,"",',
      '2022/10/6,,1,"振込　ﾀﾅｶ",6,"",',
      '2022/10/6,,1,"振込　ｻﾄｳ",5,"",',
      '2022/10/6,1,,"V123456",4,"",',
      '2022/10/6,1,,"カード振込　ｽｽﾞｷ",5,"",',
      '2022/10/6,1,,"JC ﾔﾏﾀﾞ",6,"",',
    ].join("\n");
    const file = parseCsv(iconv.encode(csv, "shift_jis"), { defaultCurrencyCode: "JPY" });
    expect(transactionsOf(file).map((t) => t.amount)).toEqual(["1", "1", "1", "1", "-1", "-1", "-1"]);
  });

  it("read the yen sign Shift_JIS writes as a backslash (JA Bank's \\7,000)", () => {
    const csv = [
      '"番号","取扱日付","お支払金額","お預り金額","残高","摘要"',
      '"001","2024/04/30","","¥7,000","¥7,000","ｳｳ"',
      '"002","2024/04/30","¥4,600","","¥2,400","NSS"',
    ].join("\n");
    // Shift_JIS has no ¥ of its own: byte 0x5C, which decodes as "\" and Japanese systems show as ¥.
    const bytes = iconv.encode(csv.replaceAll("¥", "\\"), "shift_jis");
    expect(bytes.includes(0x5c)).toBe(true);
    const file = parseCsv(bytes, { defaultCurrencyCode: "JPY" });
    expect(transactionsOf(file).map((t) => t.amount)).toEqual(["7000", "-4600"]);
    expect(file.statements[0]!.closingBalance?.amount).toBe("2400");
  });

  it("take the day of each purchase, not the bill's due date on every row, as the date (PayPay Card)", () => {
    const csv = [
      '"利用日/キャンセル日","利用店名・商品名","利用者","支払区分","利用金額","手数料","支払総額","当月お支払日"',
      '"2022/7/29","ＰａｙＰａｙ　チャージ","本人*","1回","3000","0","3000","2022/8/29"',
      '"2022/7/3","ﾍﾟｲﾍﾟｲ ﾋﾞｯｸﾞｴｰ","本人*","1回","292","0","292","2022/8/29"',
      '"2022/7/12","ローソン","本人*","1回","540","0","540","2022/8/29"',
    ].join("\n");
    const file = parseCsv(utf8(csv), { defaultCurrencyCode: "JPY", amountSemantics: "signed_debit_positive" });
    expect(transactionsOf(file).map((t) => [t.date, t.amount])).toEqual([
      ["2022-07-29", "-3000"],
      ["2022-07-03", "-292"],
      ["2022-07-12", "-540"],
    ]);
  });

  it("keep the day a payment was made, in a list of payments, as its date (支払日 is no bill's due date)", () => {
    const csv = [
      "作成日,支払日,支払先,金額",
      "2024/02/20,2024/03/06,東京電力,-8200",
      "2024/02/25,2024/03/08,NTT,-4100",
    ];
    const file = parseCsv(utf8(csv.join("\n")), { defaultCurrencyCode: "JPY" });
    expect(transactionsOf(file).map((t) => t.date)).toEqual(["2024-03-06", "2024-03-08"]);
  });

  it("read a prepaid card's history by its balance, though it says 利用 as a card bill does", () => {
    const csv = [
      "利用日,利用店舗,利用金額,残高",
      "2024/03/01,コンビニ,480,4520",
      "2024/03/02,カフェ,350,4170",
      "2024/03/04,書店,1200,2970",
    ];
    const file = parseCsv(utf8(csv.join("\n")), { defaultCurrencyCode: "JPY" });
    expect(file.amountSemantics).toBe("signed_debit_positive");
    expect(transactionsOf(file).map((t) => t.amount)).toEqual(["-480", "-350", "-1200"]);
  });

  it("are card bills by their words: a refund's minus sign does not make purchases money in (Rakuten Card)", () => {
    const csv = [
      '"ご利用日","ご利用先","ご利用金額（円）","現地通貨額","通貨略称"',
      '"20221010","HELLO WORLD","1000","10.00","USD"',
      '"20221011","ローソン","500","",""',
      '"20221012","HERE IS YOUR REFUND","-1000","10.00","USD"',
    ].join("\n");
    const file = parseCsv(utf8(csv), { defaultCurrencyCode: "JPY" });
    expect([file.amountSemantics, file.amountSemanticsRequired]).toEqual([null, true]);
    expect(file.warnings.join(" ")).toMatch(/looks like a card statement/);
    const chosen = parseCsv(utf8(csv), { defaultCurrencyCode: "JPY", amountSemantics: "signed_debit_positive" });
    expect(transactionsOf(chosen).map((t) => [t.amount, t.currencyCode])).toEqual([
      ["-1000", "JPY"],
      ["-500", "JPY"],
      ["1000", "JPY"],
    ]);
  });
});

describe("two money columns named DR and CR (Shinsei Bank's English export)", () => {
  it("are the debit and credit columns", () => {
    const csv = [
      "Value Date\tRef No.\tDescription\tDR\tCR\tRunning Balance",
      "2022/10/10\t000000007\tInterest\t\t1\t7",
      "2022/10/10\t000000006\tTransfer in\t\t1\t6",
      "2022/10/10\t000000005\tATM withdrawal\t1\t\t5",
      "2022/10/10\t000000004\tNET transfer\t1\t\t6",
      "2022/10/10\t000000003\tCard top-up\t1\t\t7",
      "2022/10/10\t000000002\tTax\t1\t\t8",
    ].join("\n");
    const file = parseCsv(utf8(csv), { defaultCurrencyCode: "JPY" });
    expect(transactionsOf(file).map((t) => t.amount)).toEqual(["1", "1", "-1", "-1", "-1", "-1"]);
  });
});

describe("a text spread over columns named alike but for their number (DBS's Transaction Ref1, Ref2, Ref3)", () => {
  it("is read from all of them, in order", () => {
    const csv = [
      "Transaction Date,Reference,Debit Amount,Credit Amount,Transaction Ref1,Transaction Ref2,Transaction Ref3",
      "06 May 2020,MST, 34.65, ,COLD STORAGE NG 04MAY,,",
      "05 May 2020,AWL, 50.00, ,02051101,NTUC E COAST R,",
      "02 May 2020,ITR, 2603.31, ,UOB:XXX:I-BANK,bla bla,EDUC XXX",
    ].join("\n");
    const file = parseCsv(utf8(csv), { defaultCurrencyCode: "SGD" });
    expect(transactionsOf(file).map((t) => t.description)).toEqual([
      "COLD STORAGE NG 04MAY",
      "02051101 NTUC E COAST R",
      "UOB:XXX:I-BANK bla bla EDUC XXX",
    ]);
  });
});

describe("Bank of America's Simple Description beside the card's own text", () => {
  it("is the other party", () => {
    const csv = [
      "Status,Date,Original Description,Category,Currency,Amount,Simple Description",
      "posted,09/19/2023,AMAZON RETA* EN44T2YC3   WWW.AMAZON.COWA,Shopping,USD,-16.72,Amazon",
      "posted,09/17/2023,REI #221 BOCA RATON      BOCA RATON   FL,General Merchandise,USD,-96.30,REI",
    ].join("\n");
    const file = parseCsv(utf8(csv), { defaultCurrencyCode: "USD" });
    expect(transactionsOf(file).map((t) => [t.counterparty, t.description])).toEqual([
      ["Amazon", "AMAZON RETA* EN44T2YC3 WWW.AMAZON.COWA"],
      ["REI", "REI #221 BOCA RATON BOCA RATON FL"],
    ]);
  });
});

describe("German banks' balance lines and texts (Volksbank, comdirect, DKB)", () => {
  it("reads a balance whose words stand outside the text columns, with a date and an amount (Volksbank)", () => {
    const csv = [
      '"Buchungstag";"Valuta";"Empfänger/Zahlungspflichtiger";"Vorgang/Verwendungszweck";"Kundenreferenz";"Währung";"Umsatz";" "',
      '"08.08.2012";"08.08.2012";"Bäckerei Kunz";"Kartenzahlung";"ref";"EUR";"7,50";"S"',
      '"09.08.2012";"09.08.2012";"Jane Doe";"Rechnung 7004";"ref";"EUR";"170,00";"H"',
      "",
      '"17.07.2012";;;;"Anfangssaldo";"EUR";"100,00";"H"',
      '"09.08.2012";;;;"Endsaldo";"EUR";"262,50";"H"',
    ].join("\n");
    const file = parseCsv(utf8(csv), { defaultCurrencyCode: "EUR" });
    expect(transactionsOf(file).map((t) => t.amount)).toEqual(["-7.50", "170.00"]);
    expect([file.statements[0]!.openingBalance?.amount, file.statements[0]!.closingBalance?.amount]).toEqual([
      "100.00",
      "262.50",
    ]);
  });

  it("reads a balance line with its words where the dates stand, and the kind's column holding the text (comdirect)", () => {
    const csv = [
      '"Buchungstag";"Wertstellung (Valuta)";"Vorgang";"Buchungstext";"Umsatz in EUR"',
      '"21.05.2013";"21.05.2013";"Lastschrift Einzug";"Auftraggeber: BLUMENLADEN Buchungstext: EC 60981180 Ref. 0RK13151D1555835";"-33,11"',
      '"17.05.2013";"17.05.2013";"Übertrag/Überweisung";"Auftraggeber: HANS WURST GMBH Buchungstext: MIETE MAI Ref. JG11313791816110";"833,12"',
      '"16.05.2013";"16.05.2013";"Lastschrift Einzug";"Auftraggeber: STADTWERKE Buchungstext: STROM ABSCHLAG Ref. 6LD1313551033344";"-54,00"',
      "",
      '"Alter Kontostand";"+1.234,56"',
    ].join("\n");
    const file = parseCsv(utf8(csv), { defaultCurrencyCode: "EUR" });
    expect(transactionsOf(file).map((t) => t.description)).toEqual([
      "Auftraggeber: BLUMENLADEN Buchungstext: EC 60981180 Ref. 0RK13151D1555835",
      "Auftraggeber: HANS WURST GMBH Buchungstext: MIETE MAI Ref. JG11313791816110",
      "Auftraggeber: STADTWERKE Buchungstext: STROM ABSCHLAG Ref. 6LD1313551033344",
    ]);
    expect(file.statements[0]!.openingBalance).toEqual({ amount: "1234.56", date: "2013-05-16" });
  });

  it("takes the account the line above the table names over a column of the other party's (DKB)", () => {
    const csv = [
      '"Kontonummer:";"DE89 3704 0044 0532 0130 00 / Girokonto";',
      "",
      '"Buchungstag";"Wertstellung";"Buchungstext";"Auftraggeber / Begünstigter";"Verwendungszweck";"Kontonummer";"Betrag (EUR)";',
      '"16.01.2018";"16.01.2018";"Lastschrift";"REWE Filialen";"REWE SAGT DANKE.";"DE02120300000000202051";"-15,37";',
    ].join("\n");
    const file = parseCsv(utf8(csv), { defaultCurrencyCode: "EUR" });
    expect(file.statements[0]!.accountIdentifier).toBe("DE89370400440532013000");
  });
});

describe("columns that name the account's own side (Citi, Boursorama)", () => {
  it("never takes the card member's name as the other party (Citi's Member Name)", () => {
    const csv = [
      "Status,Date,Description,Debit,Credit,Member Name",
      'Cleared,11/28/2020,"COSTCO GAS #0441 PALM DESERT CA",20.91,,JANE KIM',
      'Cleared,11/27/2020,"TRADER JOES #12",87.65,,JANE KIM',
    ].join("\n");
    const file = parseCsv(utf8(csv), { defaultCurrencyCode: "USD" });
    expect(transactionsOf(file).map((t) => [t.amount, t.counterparty])).toEqual([
      ["-20.91", null],
      ["-87.65", null],
    ]);
  });

  it("leaves the account's label out of each row's text (Boursorama's accountLabel)", () => {
    const csv = [
      "dateOp;dateVal;label;category;amount;accountNum;accountLabel;accountbalance",
      '2022-06-15;2022-06-15;"CARTE 13/06/22 VELIB METROPOLE";"Transports";-2,00;00040123456;"BOURSORAMA BANQUE";120,00',
      '2022-06-13;2022-06-13;"PRLV SEPA Bouygues Telecom";"Téléphonie";-9,99;00040123456;"BOURSORAMA BANQUE";122,00',
    ].join("\n");
    const file = parseCsv(utf8(csv), { defaultCurrencyCode: "EUR" });
    expect(transactionsOf(file).map((t) => t.description)).toEqual([
      "CARTE 13/06/22 VELIB METROPOLE",
      "PRLV SEPA Bouygues Telecom",
    ]);
  });
});

describe("a signed amount under a debit/credit mark's name (Nationwide's Debit/Credit)", () => {
  it("is the amount, and the other columns keep their names", () => {
    const csv = [
      '"Date","Type","Merchant/Description","Debit/Credit","Balance"',
      '"19/07/2025","Visa purchase","A COFFEE SHOP GB","-£52.00","-£2.00"',
      '"26/05/2025","Contactless Payment","A PARK GB","-£15.00","£50.00"',
      '"11/09/2024","Bank credit SOME KINDLY MERCHANT","**************************","+£5.00","£65.00"',
    ].join("\n");
    const file = parseCsv(utf8(csv), { defaultCurrencyCode: "GBP" });
    expect(file.warnings).toEqual([]);
    expect(transactionsOf(file).map((t) => [t.amount, t.description, t.counterparty])).toEqual([
      ["-52.00", "A COFFEE SHOP GB", "A COFFEE SHOP GB"],
      ["-15.00", "A PARK GB", "A PARK GB"],
      // A masked merchant says nothing: the row is described by its kind.
      ["5.00", "Bank credit SOME KINDLY MERCHANT", null],
    ]);
  });

  it("stays a mark where the cells are marks", () => {
    const csv = ["Date;Amount;Debit/Credit;Text", "03.04.2024;12,50;D;Bakery", "04.04.2024;100,00;C;Refund"].join("\n");
    const file = parseCsv(utf8(csv), { defaultCurrencyCode: "EUR" });
    expect(transactionsOf(file).map((t) => t.amount)).toEqual(["-12.50", "100.00"]);
  });
});

describe("the rules of the German round, where they must not reach", () => {
  it("keeps a merchant column no name found as the text beside a column named as the kind (Vendor, Reference)", () => {
    const csv = [
      "Date,Vendor,Reference,Amount",
      "2024-02-01,Tesco,CARD PAYMENT CONTACTLESS 0102 14:22,-12.00",
      "2024-02-02,Tesco,CARD PAYMENT CONTACTLESS 0203 09:10,-8.40",
      "2024-02-03,Shell,CARD PAYMENT CHIP 0304 18:45,-40.00",
      "2024-02-04,Shell,CARD PAYMENT CHIP 0405 07:30,-35.10",
    ].join("\n");
    const file = parseCsv(utf8(csv), { defaultCurrencyCode: "GBP" });
    expect(transactionsOf(file).map((t) => t.description)).toEqual(["Tesco", "Tesco", "Shell", "Shell"]);
  });

  it("keeps an account column's number over the line above the table on a statement of many rows", () => {
    const csv = [
      "Account number:;XXXXXX3000",
      "",
      "Date;IBAN;Text;Amount",
      "02.01.2024;DE89370400440532013000;Bakery;-3,50",
      "03.01.2024;DE89370400440532013000;Salary;2000,00",
      "04.01.2024;DE89370400440532013000;Rent;-900,00",
    ].join("\n");
    expect(parseCsv(utf8(csv)).statements[0]!.accountIdentifier).toBe("DE89370400440532013000");
    // And an account's label is neither its number nor a row's text.
    const labelled = [
      "Date,Description,Amount,Account Number,Account Label",
      "2024-01-02,Coffee,-3.50,12345678,Everyday Checking",
      "2024-01-03,Salary,2000.00,12345678,Everyday Checking",
    ].join("\n");
    const file = parseCsv(utf8(labelled), { defaultCurrencyCode: "USD" });
    expect([file.statements[0]!.accountIdentifier, transactionsOf(file)[0]!.description]).toEqual([
      "12345678",
      "Coffee",
    ]);
  });

  it("dates each undated balance by its own rows, signs it as the amounts, and takes no year for a balance", () => {
    const periods = [
      "Buchungstag;Vorgang;Umsatz",
      "14.03.2024;Miete;-500,00",
      "02.03.2024;Gehalt;2000,00",
      "Alter Kontostand;-597,00",
      "14.02.2024;Miete;-500,00",
      "01.02.2024;Strom;-2,00",
      "Alter Kontostand;-95,00",
      "Neuer Kontostand;2024",
    ].join("\n");
    const file = parseCsv(utf8(periods));
    expect(file.statements[0]!.openingBalance).toEqual({ amount: "-95.00", date: "2024-02-01" });
    expect(file.statements[0]!.closingBalance).toBeNull();
    const card = ["Date,Description,Amount", "03/01/2024,COFFEE,3.00", "03/05/2024,BOOKS,150.00", "New balance,153.00"];
    const bill = parseCsv(utf8(card.join("\n")), {
      defaultCurrencyCode: "USD",
      amountSemantics: "signed_debit_positive",
    });
    expect(bill.statements[0]!.closingBalance).toEqual({ amount: "-153.00", date: "2024-03-05" });
  });
});

describe("a line of labels over a line of their values above the table (Sparda-Bank)", () => {
  it("gives the statement's account and closing balance", () => {
    const csv = [
      '"Kontoumsätze SpardaGiro Online"',
      "",
      '"Umsätze ab";"Enddatum";"Kontonummer";"Saldo";"Währung"',
      '"01.01.2024";"15.02.2024";"1234567";"12.345,67";"EUR"',
      "",
      '"Buchungstag";"Wertstellungstag";"Verwendungszweck";"Umsatz";"Währung"',
      '"20.01.2024";"20.01.2024";"MCDONALDS 19.01.2024";"-11,99";"EUR"',
      '"11.02.2024";"11.02.2024";"GEHALT";"2.000,00";"EUR"',
    ].join("\n");
    const statement = parseCsv(utf8(csv)).statements[0]!;
    expect([statement.accountIdentifier, statement.closingBalance?.amount]).toEqual(["1234567", "12345.67"]);
  });
});

describe("accounts and balances above the table, in Spanish and Romanian", () => {
  it("reads the account after a number sign, a cell away (Banco de Chile's Cuenta N°:), not after a name", () => {
    const table = ["Fecha;Descripción;Cargos;Abonos", "15/01/2024;TRASPASO A:Maria;500000;", "16/01/2024;ABONO;;20000"];
    const chile = parseCsv(utf8(["Cuenta N°:;;00-123-45678-90", "", ...table].join("\n")), {
      defaultCurrencyCode: "CLP",
    });
    expect(chile.statements[0]!.accountIdentifier).toBe("00-123-45678-90");
    const named = parseCsv(utf8(["Account Name:;Foo current 12345", "", ...table].join("\n")), {
      defaultCurrencyCode: "CLP",
    });
    expect(named.statements[0]!.accountIdentifier).toBeNull();
  });

  it("reads the closing balance under its label on a line of labels (Raiffeisen Romania's Sold final)", () => {
    const csv = [
      "Sold initial;Rulaj debitor;Rulaj creditor;Sold final",
      "1000.00;200.00;300.00;1100.00",
      "",
      "Data tranzactiei;Descriere;Debit;Credit",
      "20.01.2018;Payment 1;200.00;",
      "22.01.2018;Incasare;;300.00",
    ].join("\n");
    expect(parseCsv(utf8(csv), { defaultCurrencyCode: "RON" }).statements[0]!.closingBalance?.amount).toBe("1100.00");
  });
});

describe("lines above the table that look like labels and values but are not one pair of lines", () => {
  const table = ["", "Buchungstag;Text;Betrag", "20.01.2024;Miete;-500,00", "21.01.2024;Gehalt;2000,00"];
  const statementOf = (...preamble: string[]) => parseCsv(utf8([...preamble, ...table].join("\n"))).statements[0]!;

  it("take no balance from a table of balances by date, nor from values shifted off their labels", () => {
    expect(statementOf("Datum;Saldo", "01.01.2024;1.000,00", "31.01.2024;2.988,01").closingBalance).toBeNull();
    expect(statementOf("Kontonummer;Saldo", "Girokonto;1234567;1.234,56").closingBalance).toBeNull();
  });

  it("take no account from a word under its label, nor from a bank code after a number sign", () => {
    expect(statementOf("Typ;Konto", "Kundennummer;9876543210").accountIdentifier).toBeNull();
    expect(statementOf("Konto Nr.:;;BLZ 12030000").accountIdentifier).toBeNull();
  });
});

describe("a party column empty on every row (ICBC's 对方户名 beside 交易场所)", () => {
  it("gives way to another party's column that names several, never to the holder's one name", () => {
    const csv = [
      "交易日期,摘要,交易场所,交易金额(支出),对方户名",
      "2023-05-05,消费,财付通-拼多多平台商户,18.00,",
      "2023-05-04,ETC,广东联合电子收费股份,12.35,",
      "2023-05-02,消费,支付宝-北京百度网讯科技有限公司,17.32,",
    ].join("\n");
    const file = parseCsv(utf8(csv), { defaultCurrencyCode: "CNY" });
    expect(transactionsOf(file).map((t) => t.counterparty)).toEqual([
      "财付通-拼多多平台商户",
      "广东联合电子收费股份",
      "支付宝-北京百度网讯科技有限公司",
    ]);
    const holder = [
      "Rekeningnummer;Naam;Datum;Omschrijving;Bedrag;Naam tegenpartij",
      "BE11123456789012;SMITH JOHN;28/02/2018;BIJDRAGE KBC-PLUSREKENING;-3,40;",
      "BE11123456789012;SMITH JOHN;01/03/2018;KAARTBETALING;-12,00;",
    ].join("\n");
    expect(transactionsOf(parseCsv(utf8(holder))).map((t) => t.counterparty)).toEqual([null, null]);
  });
});
