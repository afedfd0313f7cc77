import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { ParsedStatement, ParsedTransaction } from "../types";
import { looksLikeMt940, parseMt940 } from "./parse-mt940";

/**
 * Every MT940 sample statement, with values read from the files by hand. The booking date is the
 * :61: entry date (MMDD, year taken from the value date) when there is one, else the value date;
 * D and RC amounts are negative.
 */
const DIR = path.resolve(process.cwd(), "../shared/fixtures/statements/mt940");

interface Row {
  date: string;
  amount: string;
  externalId: string | null;
  /** A fragment of the description (omitted when the bank gives none worth checking). */
  text?: string;
  counterparty?: string | null;
}
interface Statement {
  account: string;
  currency: string;
  count: number;
  opening?: { amount: string; date: string };
  closing: { amount: string; date: string } | null;
  first?: Row;
  last?: Row;
}
interface Expected {
  bankKey: string;
  statements: Statement[];
}

const row = (
  date: string,
  amount: string,
  externalId: string | null,
  text?: string,
  counterparty?: string | null,
): Row => ({
  date,
  amount,
  externalId,
  ...(text !== undefined ? { text } : {}),
  ...(counterparty !== undefined ? { counterparty } : {}),
});
const bal = (amount: string, date: string) => ({ amount, date });
const one = (bankKey: string, statement: Statement): Expected => ({ bankKey, statements: [statement] });

const EXPECTED: Record<string, Expected> = {
  "mt940rs_cmxl_bph_pl_trailing_spaces.sta": one("bank_bph", {
    account: "BPHKPLPK/320000546101",
    currency: "PLN",
    count: 3,
    opening: bal("40000.00", "2003-10-02"),
    closing: bal("50040.00", "2002-03-25"),
    first: row("2003-10-20", "20000.00", "8327000090031789", "ZAPLATA ZA FABRYKATY"),
    last: row("2003-10-20", "40.00", "8327000090031791", "Odsetki od lokaty nr 101000"),
  }),
  "mt940rs_danskebank_dk_text_preamble_crlf.sta": one("danske_bank_dk", {
    account: "DABADKKK/1234567890",
    currency: "DKK",
    count: 89,
    opening: bal("2478926.70", "2009-09-24"),
    closing: bal("3851379.47", "2009-10-20"),
    first: row("2009-09-29", "-829419.78", null, "Dansken"),
    last: row("2009-10-20", "-3009.51", null, "PET VAN PARK AMSTERDAM"),
  }),
  "mt940rs_danskebank_se_text_preamble_crlf.sta": one("danske_bank_dk", {
    account: "DABADKKK/1111-11-11111",
    currency: "SEK",
    count: 103,
    opening: bal("2460347.64", "2009-09-24"),
    closing: bal("12988743.24", "2009-10-20"),
    first: row("2009-09-30", "-360390.00", null, "DBT.Test"),
    last: row("2009-10-20", "67444.00", null, "Test Test"),
  }),
  "mt940rs_sparkasse_buxtehude.sta": one("mt940", {
    account: "20752041/0291593375",
    currency: "EUR",
    count: 3,
    closing: bal("13523.09", "2018-11-27"),
    first: row("2018-11-27", "-119.35", null, "basically some information here"),
    last: row("2018-11-27", "-5.00", null, "some ümläuté and öther stüff"),
  }),
  "oca_ing_nl_old.940": one("ing_nl", {
    account: "NL77INGB0574908765",
    currency: "EUR",
    count: 8,
    closing: bal("564.35", "2014-01-20"),
    // ":61:1401200220C1,56NTRFEREF//00000000001" + "005" on the next line; entry date 0220.
    first: row("2014-02-20", "1.56", "00000000001005", "EV10001REP1000000T1000", "ING BANK NV INZAKE WEB"),
    last: row("2014-02-20", "-119.00", "00000000001012", "1070123412341234"),
  }),
  "oca_ing_nl_structured86.940": one("ing_nl", {
    account: "NL77INGB0574908765",
    currency: "EUR",
    count: 8,
    closing: bal("564.35", "2014-02-20"),
    first: row("2014-02-20", "1.56", "00000000001005", "EV10001REP1000000T1000"),
    last: row("2014-02-20", "-119.00", "00000000001012", "1070123412341234"),
  }),
  "oca_mollie_nl_example.mt940": one("mt940", {
    account: "NL30ABNA000000000000",
    currency: "EUR",
    count: 21,
    closing: bal("-1350.26", "2016-09-01"),
    first: row("2016-08-31", "29.93", null, "Order 123", "V. Oornaam"),
    last: row("2016-08-31", "-14.69", null, "Factuurnummer 2016.00000", "Mollie B.V."),
  }),
  "oca_rabobank_nl_crlf.swi": one("rabobank", {
    account: "NL34RABO0142623393",
    currency: "EUR",
    count: 2,
    opening: bal("4433.52", "2013-12-31"),
    closing: bal("4798.91", "2014-01-07"),
    first: row("2014-01-02", "400.00", null, "Test money paid by other partner", "R. SMITH"),
    last: row("2014-01-01", "-34.61", null, "Periode 01-10-2013 t/m 31-12-2013", "Kosten"),
  }),
  // The third message has no :62F:; the closing balance is the second message's.
  "oca_sns_nl_swift_blocks.940": one("sns", {
    account: "NL05SNSB0908244436",
    currency: "EUR",
    count: 8,
    closing: bal("2253.57", "2017-12-28"),
    first: row("2017-12-27", "-713.13", null, "Factuur 17227/248/20", "gerrits glas en schilderwerk"),
    last: row("2017-12-29", "-35.00", null, "Europese incasso door:STICHTING DERDENGELDEN BUCKAROO"),
  }),
  "phpmt940_bunq_nl.sta": one("bunq", {
    account: "NL10BUNQ2290325473",
    currency: "EUR",
    count: 111,
    closing: bal("5.66", "2019-05-31"),
    first: row("2019-01-31", "2", null, "P.C. Wacki", "P.C. Wacki"),
    last: row("2019-05-24", "-6", null, "Test", "Test"),
  }),
  "phpmt940_hsbc_hk_crlf.sta": one("mt940", {
    account: "808XXXXXX292",
    currency: "HKD",
    count: 1,
    closing: bal("0.00", "2012-03-29"),
    first: row("2012-03-29", "-20000.00", "6128522200250001", "PAYMENT OF INVOICES 204011665"),
  }),
  "phpmt940_komercijalna_mk.sta": one("komercijalna_banka_mk", {
    account: "300000002778989",
    currency: "MKD",
    count: 3,
    closing: bal("36992", "2020-12-01"),
    first: row("2020-12-01", "-80", "25594900", "Mesecna provizija"),
    last: row("2020-12-01", "2250", "25577226", "Uplata po faktura 747"),
  }),
  "phpmt940_kontist_de.sta": one("mt940", {
    account: "DE85110101002482488293",
    currency: "EUR",
    count: 6,
    closing: bal("395.91", "2021-02-18"),
    first: row("2021-02-15", "50.00", null, "CHRISTIAN BENDT", "CHRISTIAN BENDT"),
    last: row("2021-02-17", "-117.81", null, "Kontist Steuerservice, DE642211", "Kontist GmbH"),
  }),
  "phpmt940_penta_de.sta": one("mt940", {
    account: "11010100/2324817618",
    currency: "EUR",
    count: 30,
    closing: bal("9843.36", "2020-09-30"),
    first: row("2020-09-02", "-20.00", null, "Unkostenbeitrag Starterkitchen"),
    last: row("2020-09-30", "-17.33", null, "Haufe Service Center GmbH"),
  }),
  "phpmt940_sparkasse_spk.sta": one("mt940", {
    account: "20090500/0006853030",
    currency: "EUR",
    count: 10,
    opening: bal("1818.90", "2010-02-17"),
    closing: bal("2734.22", "2010-02-18"),
    // value date 100217, entry date 0204; "0000000000000002" repeats in the file, so it is no id.
    first: row("2010-02-04", "80", "00001238972230329", "SOME DESCRIPTION MORE DESC"),
    last: row("2010-02-18", "10", null, "HANS BAMBEL, MALTA"),
  }),
  "phpmt940_zenith_ng.sta": one("zenith_bank", {
    account: "1014365930",
    currency: "NGN",
    count: 8,
    closing: bal("2469.14", "2020-11-30"),
    first: row("2020-11-30", "220000.00", "19239782213", "TRANSFER-PAYROLL"),
    last: row("2020-11-30", "-240.23", "19245574932", "Acct Maint. Fee + VAT"),
  }),
  "wolph_asnbank_swift_blocks.940.txt": one("asn", {
    account: "NL81ASNB9999999999",
    currency: "EUR",
    count: 8,
    closing: bal("501.23", "2020-01-31"),
    first: row("2020-01-01", "-65.00", null, "Betaling sieraden", "hr gjlm paulissen"),
    last: row("2020-01-31", "-903.76", null, "Betaling aan ICS 99999999999", "international card services"),
  }),
  "wolph_betterplace_german_sepa_snippet.sta": {
    bankKey: "mt940",
    statements: [
      {
        account: "50880050/0194787400888",
        currency: "EUR",
        count: 4,
        opening: bal("766656.49", "2007-09-03"),
        closing: bal("1125250.4", "2007-09-04"),
        first: row("2007-09-04", "50990.05", "0724710333343453", "Verw CTSc-01 BC-PPP TFNr 22 004", "KARL KAUFMANN"),
      },
      {
        account: "50880050/0194791600888",
        currency: "EUR",
        count: 7,
        opening: bal("-1970431.87", "2007-09-03"),
        closing: bal("-4472049.09", "2007-09-04"),
        last: row("2007-09-04", "-3572569.03", null, "0904059001"),
      },
    ],
  },
  "wolph_jejik_abnamro.sta": one("abn_amro", {
    account: "517852257",
    currency: "EUR",
    count: 10,
    opening: bal("3236.28", "2011-05-22"),
    closing: bal("1849.75", "2011-05-24"),
    first: row("2011-05-24", "-9", null, "GIRO 428428 KPN - DIGITENNE"),
    last: row("2011-05-24", "-15", null, "MYCOM DEN HAAG"),
  }),
  "wolph_jejik_ing.sta": one("ing_nl", {
    account: "0001234567",
    currency: "EUR",
    count: 7,
    closing: bal("3.47", "2010-07-23"),
    first: row("2010-07-22", "-25.03", null, "AFREKENING BETALINGSVERKEER"),
    last: row("2010-07-23", "1.00", null, "Betaling transactiedatum: 22-07-2010"),
  }),
  "wolph_jejik_knab.sta": one("mt940", {
    account: "123456789",
    currency: "EUR",
    count: 3,
    closing: bal("798.98", "2014-07-30"),
    first: row("2014-05-07", "500", "B4E07XM00J000023", "HIER EEN MOOIE OMSCHRIJVING IN HOOFDLETTERS"),
    last: row("2014-07-29", "500", "B4G29PGDCK1QFV3E", "MEDIA MARKT ONLINE"),
  }),
  "wolph_jejik_postfinance.sta": one("mt940", {
    account: "123456789",
    currency: "CHF",
    count: 4,
    closing: bal("159.6", "2014-04-07"),
    first: row("2013-12-09", "79.7", null, "AUFTRAGGEBER: JANE DOE EXAMPLESTRASSE 10"),
    last: row("2013-12-18", "10.1", null, "EINZAHLUNGSSCHEIN"),
  }),
  "wolph_jejik_rabobank.sta": {
    bankKey: "mt940",
    statements: [
      {
        account: "1291.99.348",
        currency: "EUR",
        count: 3,
        opening: bal("473.17", "2011-06-14"),
        closing: bal("1250.87", "2011-06-17"),
        first: row("2011-05-27", "-1213.28", null, "Terugboeking NIET AKKOORD MET AFSCHRIJVING", "W.P. Jansen"),
      },
      {
        account: "1526.89.184",
        currency: "EUR",
        count: 2,
        closing: bal("4101.82", "2012-08-29"),
        last: row("2012-08-29", "-6.20", null, "Betaalautomaat 08:22 pasnr. 001", "NS-Utrecht C. 117 UTRECHT"),
      },
    ],
  },
  "wolph_jejik_sns.sta": one("mt940", {
    account: "0123456789",
    currency: "EUR",
    count: 2,
    closing: bal("1209.56", "2012-06-09"),
    first: row("2012-06-08", "-20.00", null, "dit is een test", "marechal s"),
    last: row("2012-06-08", "-5.00", null, "dit is test 2"),
  }),
  "wolph_jejik_triodos.sta": one("triodos", {
    account: "TRIODOSBANK/0390123456",
    currency: "EUR",
    count: 2,
    closing: bal("4370.79", "2011-02-01"),
    first: row("2011-01-01", "-15.70", null, "ALGEMENE TUSSENREKENING KOSTEN VAN 01-10-2010 TOT EN MET 31-12-2010"),
    last: row("2011-01-25", "-700.00", null, "HUUR KANTOOR - FEB 2010"),
  }),
  "wolph_mbank_pl.sta": one("mbank", {
    account: "PL29114010810000267002001002",
    currency: "PLN",
    count: 3,
    closing: bal("0.43", "2017-01-19"),
    first: row("2017-01-19", "0.01", "MB170119012058", "TRANSAKCJA COLLECT"),
    last: row("2017-01-19", "0.01", "MB170119012121", "TNR: 179171073864291.000001"),
  }),
  "wolph_sberbank_hu_ns_fields.sta": one("mt940", {
    account: "1966315302010001",
    currency: "HUF",
    count: 3,
    closing: bal("617874.30", "2017-10-11"),
    first: row("2017-10-11", "-2402.00", null),
    last: row("2017-10-11", "-3575.00", null),
  }),
  "zilverline_abnamro_structured_sepa.txt": one("abn_amro", {
    account: "123212321",
    currency: "EUR",
    count: 10,
    closing: bal("3976.9", "2014-01-27"),
    first: row("2014-01-13", "-5.1", null, "BEA NR:MA1402"),
    last: row("2014-01-27", "-1000", null, "NAAM: BELASTINGDIENST"),
  }),
  "zilverline_deutsche_bank_62M.txt": one("deutsche_bank", {
    account: "233025/40069462",
    currency: "EUR",
    count: 2,
    closing: bal("5.87", "2014-03-25"),
    first: row("2014-03-26", "3.99", "8848037917407749", "DE38XXZ76536723768", "PETRA TESTER"),
    last: row("2014-03-28", "0.01", "96550046549608644", "SEPA-DIRECT-DEBIT", "PETER TESTER"),
  }),
  "zilverline_rabobank_structured.txt": one("rabobank", {
    account: "NL50RABO0123456789",
    currency: "EUR",
    count: 9,
    closing: bal("18846.34", "2013-04-04"),
    first: row("2013-04-03", "-127.50", null, "674725433 1120000153447185", "Nespresso Nederland B.V."),
    last: row("2013-04-04", "13431.00", null, "ZILVERLINE TRAINING", "EVEREST BV"),
  }),
  "zilverline_two_accounts.txt": {
    bankKey: "mt940",
    statements: [
      {
        account: "1567.50.961",
        currency: "EUR",
        count: 2,
        closing: bal("2666.37", "2012-09-18"),
        first: row("2012-09-18", "-6098.75", null, "BETALINGSKENM. 0189827218201120", "Belastingdienst Apeldoor"),
      },
      { account: "9914.30.727", currency: "EUR", count: 0, closing: bal("352.84", "2012-10-24") },
      { account: "3462.483.153", currency: "EUR", count: 0, closing: bal("5000.00", "2012-11-01") },
      {
        account: "1325.76.155",
        currency: "EUR",
        count: 1,
        opening: bal("-12.00", "2012-10-26"),
        closing: bal("238.00", "2012-10-29"),
        first: row("2012-10-28", "250.00", null, "Saldo aanvullen", "ZILVERLINE B.V. /FREEMLE"),
      },
    ],
  },
  "zilverline_van_lanschot_crlf.txt": one("van_lanschot", {
    account: "0878787878",
    currency: "EUR",
    count: 4,
    closing: bal("4849.34", "2014-01-22"),
    first: row("2014-01-10", "2716.76", "0130045721", "201400-001", "ABDFGEKSLJFN ASLDJDKE B.V"),
    last: row("2014-01-22", "-816.75", "0130138568", "Servicecontract", "BEN"),
  }),
};

function checkRow(actual: ParsedTransaction | undefined, expected: Row): void {
  expect(actual).toBeDefined();
  expect({ date: actual!.date, amount: actual!.amount, externalId: actual!.externalId }).toEqual({
    date: expected.date,
    amount: expected.amount,
    externalId: expected.externalId,
  });
  if (expected.text !== undefined) expect(actual!.description).toContain(expected.text);
  if (expected.counterparty !== undefined) expect(actual!.counterparty).toBe(expected.counterparty);
}

function checkStatement(actual: ParsedStatement, expected: Statement): void {
  expect(actual.accountIdentifier).toBe(expected.account);
  expect(actual.currencyCode).toBe(expected.currency);
  expect(actual.transactions).toHaveLength(expected.count);
  expect(actual.closingBalance).toEqual(expected.closing);
  if (expected.opening) expect(actual.openingBalance).toEqual(expected.opening);
  if (expected.first) checkRow(actual.transactions[0], expected.first);
  if (expected.last) checkRow(actual.transactions.at(-1), expected.last);
  for (const transaction of actual.transactions) expect(transaction.currencyCode).toBe(expected.currency);
}

const files = readdirSync(DIR);

describe("MT940 fixtures", () => {
  it("has an expectation for every fixture file", () => {
    expect([...files].sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  it.each(files)("%s", (file) => {
    const bytes = readFileSync(path.join(DIR, file));
    const expected = EXPECTED[file]!;
    expect(looksLikeMt940(bytes)).toBe(true);
    const parsed = parseMt940(bytes, {});
    expect(parsed).toMatchObject({
      fileType: "mt940",
      bankKey: expected.bankKey,
      amountSemantics: "indicator_column",
      amountSemanticsRequired: false,
    });
    expect(parsed.statements).toHaveLength(expected.statements.length);
    expected.statements.forEach((statement, i) => checkStatement(parsed.statements[i]!, statement));
    const rows = parsed.statements.flatMap((statement) => statement.transactions.map((transaction) => transaction.row));
    expect([...rows].sort((a, b) => a - b)).toEqual(rows.map((_, i) => i + 1));
    for (const transaction of parsed.statements.flatMap((statement) => statement.transactions)) {
      expect(transaction.location).toMatch(/^line \d+$/);
      expect(transaction.description).not.toMatch(/[\u0000-\u001f]/);
    }
  });
});
