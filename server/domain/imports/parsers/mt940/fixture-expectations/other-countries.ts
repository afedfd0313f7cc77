/**
 * Samples from banks in Poland, Denmark, Sweden, Hong Kong, North Macedonia, Nigeria and Hungary.
 */
import { bal, one, row, type ExpectedFile } from "../../statement-expectations-testing";

export const OTHER_COUNTRIES: Record<string, ExpectedFile> = {
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
  "phpmt940_zenith_ng.sta": one("zenith_bank", {
    account: "1014365930",
    currency: "NGN",
    count: 8,
    closing: bal("2469.14", "2020-11-30"),
    first: row("2020-11-30", "220000.00", "19239782213", "TRANSFER-PAYROLL"),
    last: row("2020-11-30", "-240.23", "19245574932", "Acct Maint. Fee + VAT"),
  }),
  "wolph_mbank_pl.sta": one("mbank", {
    account: "PL29114010810000267002001002",
    currency: "PLN",
    count: 3,
    closing: bal("0.43", "2017-01-19"),
    // mBank's labelled :86: ("OD: JAN NOWAK ...; TYT.: PRZELEW SRODKOW"): the title, and the party beside it.
    first: row("2017-01-19", "0.01", "MB170119012058", "PRZELEW SRODKOW"),
    last: row("2017-01-19", "0.01", "MB170119012121", "PRZELEW SRODKOW"),
  }),
  "wolph_sberbank_hu_ns_fields.sta": one("mt940", {
    account: "1966315302010001",
    currency: "HUF",
    count: 3,
    closing: bal("617874.30", "2017-10-11"),
    first: row("2017-10-11", "-2402.00", null),
    last: row("2017-10-11", "-3575.00", null),
  }),
};
