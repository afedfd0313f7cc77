/**
 * Samples from German banks (Sparkassen, Deutsche Bank, Kontist, Penta, a SEPA snippet) and
 * PostFinance.
 */
import { bal, one, row, type ExpectedFile } from "../../statement-expectations-testing";

export const GERMAN_AND_SWISS: Record<string, ExpectedFile> = {
  "mt940rs_sparkasse_buxtehude.sta": one("mt940", {
    account: "20752041/0291593375",
    currency: "EUR",
    count: 3,
    closing: bal("13523.09", "2018-11-27"),
    first: row("2018-11-27", "-119.35", null, "basically some information here"),
    last: row("2018-11-27", "-5.00", null, "some ümläuté and öther stüff"),
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
  "wolph_jejik_postfinance.sta": one("mt940", {
    account: "123456789",
    currency: "CHF",
    count: 4,
    closing: bal("159.6", "2014-04-07"),
    first: row("2013-12-09", "79.7", null, "AUFTRAGGEBER: JANE DOE EXAMPLESTRASSE 10"),
    last: row("2013-12-18", "10.1", null, "EINZAHLUNGSSCHEIN"),
  }),
  "zilverline_deutsche_bank_62M.txt": one("deutsche_bank", {
    account: "233025/40069462",
    currency: "EUR",
    count: 2,
    closing: bal("5.87", "2014-03-25"),
    first: row("2014-03-26", "3.99", "8848037917407749", "DE38XXZ76536723768", "PETRA TESTER"),
    last: row("2014-03-28", "0.01", "96550046549608644", "SEPA-DIRECT-DEBIT", "PETER TESTER"),
  }),
};
