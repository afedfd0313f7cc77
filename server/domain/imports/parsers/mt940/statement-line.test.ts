import { describe, expect, it } from "vitest";
import { entryDay, mt940Day } from "./dates";
import { mt940Balance } from "./amounts";
import { isPlaceholder } from "./description";
import { readDetails } from "./details";
import { mt940Fields, type Mt940Field } from "./fields";
import { mt940Source } from "./lines";
import { parseStatementLine } from "./statement-line";

function fields(text: string): Mt940Field[] {
  return mt940Fields(mt940Source(Buffer.from(text)).lines).items.flatMap((item) =>
    item.kind === "field" ? [item.field] : [],
  );
}
const line = (text: string) => parseStatementLine(fields(text)[0]!);

describe(":61: statement line", () => {
  it("reads type code, customer and bank reference and supplementary details", () => {
    expect(line(":61:1312091209C79,7FMSC01916//NONREF\n20131209007602198765432000000012\n")).toMatchObject({
      bookingDate: "2013-12-09",
      amount: "79.7",
      typeCode: "FMSC",
      customerReference: "01916",
      bankReference: "NONREF",
      supplementary: "20131209007602198765432000000012",
      referenceIsCounterAccount: false,
    });
  });

  it("reads lines without a type code (Penta, Zenith) and with a funds code", () => {
    expect(line(":61:2009020902D20,00NONREF\n")).toMatchObject({
      amount: "-20.00",
      typeCode: null,
      customerReference: "NONREF",
    });
    expect(line(":61:2011301130CN220000,00//19239782213\n")).toMatchObject({
      amount: "220000.00",
      typeCode: null,
      bankReference: "19239782213",
    });
    expect(line(":61:0909290929DK829419,78NTRFDansken\n")).toMatchObject({
      amount: "-829419.78",
      typeCode: "NTRF",
      customerReference: "Dansken",
    });
  });

  it("splits the old fixed-width Rabobank line into counter account and name", () => {
    expect(line(":61:110527D000000001213,28N0440121470966      W.P. Jansen                      \n")).toMatchObject({
      amount: "-1213.28",
      typeCode: "N044",
      customerReference: "0121470966",
      supplementary: "W.P. Jansen",
      referenceIsCounterAccount: true,
    });
  });

  it("knows the counter account and name of SNS/ASN lines", () => {
    expect(line(":61:1712271227D713,13NOVBNL49RABO0166416932\ngerrits glas en schilderwerk\n")).toMatchObject({
      customerReference: "NL49RABO0166416932",
      supplementary: "gerrits glas en schilderwerk",
      referenceIsCounterAccount: true,
    });
  });

  it("reads text after the bank reference on the line as supplementary details", () => {
    expect(line(":61:2401020102D12,50NTRFNONREF//BREF0001 Stadtwerke\nAbschlag Januar\n")).toMatchObject({
      customerReference: "NONREF",
      bankReference: "BREF0001",
      supplementary: "Stadtwerke Abschlag Januar",
      referenceIsCounterAccount: false,
    });
  });

  it("joins a bank reference that ING wrapped onto the next line", () => {
    expect(line(":61:1401200220C1,56NTRFEREF//00000000001\n005\n/TRCD/00100/\n")).toMatchObject({
      bankReference: "00000000001005",
      supplementary: "/TRCD/00100/",
      valueDate: "2014-01-20",
      bookingDate: "2014-02-20",
    });
  });
});

describe("placeholders", () => {
  it("knows text that says nothing from text that says something", () => {
    for (const text of [
      "XXXXXXXX",
      "aaaa",
      "NONREF",
      "NOTPROVIDED",
      "-",
      ".",
      "/",
      "0",
      "000000",
      "166",
      "NTRF",
      "N426",
      "EREF+NOTPROVIDED",
      " ",
      null,
    ]) {
      expect([text, isPlaceholder(text)]).toEqual([text, true]);
    }
    expect(isPlaceholder("NXXX", "NXXX")).toBe(true);
    for (const text of [
      "Rent",
      "Lon",
      "7777 4444 2222 0000",
      "0904059001",
      "Order 123",
      "P.C. Wacki",
      "DBT.DB - 70201234",
      "NONREF Miete",
    ]) {
      expect([text, isPlaceholder(text)]).toEqual([text, false]);
    }
  });
});

describe(":86: information", () => {
  it("joins German ?-subfields, full ones (27 characters) without a space", () => {
    const [field] = fields(
      ":86:166?00GUTSCHRIFT?100399?20EREF+TFNR 0300300004?21SVWZ+Strukturier\nter Verwend?22ungszweck 30030004 DE?30DRESDEFF508?31DE03508800500\n194791600?32Quentin Quast\n",
    );
    expect(readDetails([field!])).toMatchObject({
      purpose: "Strukturierter Verwendungszweck 30030004 DE",
      counterparty: "Quentin Quast",
      postingText: "GUTSCHRIFT",
    });
  });

  it("does not split on a ? that starts no subfield, and reads Triodos' > subfields", () => {
    const [deutsche] = fields(":86:166?00SEPA-GUTSCHRIFT?20SVWZ+DE38 335?960.484.7561?32PETRA TESTER\n");
    expect(readDetails([deutsche!]).purpose).toBe("DE38 335?960.484.7561");
    const [triodos] = fields(":86:000>100987654321\n>20 HUUR>21 KANTOOR - FEB 2010\n");
    expect(readDetails([triodos!]).purpose).toBe("HUUR KANTOOR - FEB 2010");
  });

  it("reads ING's /CNTP/ and /REMI/USTD//, across wrapped lines and a lone '-'", () => {
    const [field] = fields(
      ":86:/EREF/EV123R\nEP123412T1234//MARF/MND\n-\nEV01//CNTP/NL32INGB0000012345/INGBNL2A/ING Bank N.V./\n//REMI/USTD//EV123REP123412T1234/\n:62F:C140220EUR564,35\n",
    );
    expect(readDetails([field!])).toMatchObject({ purpose: "EV123REP123412T1234", counterparty: "ING Bank N.V." });
  });

  it("joins free text: a full 65-column line continues the word, a short one ends it", () => {
    const full = "X".repeat(61);
    const [field] = fields(`:86:${full}\nYZ rest\nnext line\n`);
    expect(readDetails([field!]).text).toBe(`${full}YZ rest next line`);
  });
});

describe("MT940 dates and balances", () => {
  it("reads YYMMDD days and puts MMDD entry dates in the nearest year", () => {
    expect(mt940Day("231231")).toBe("2023-12-31");
    expect(mt940Day("990101")).toBe("1999-01-01");
    expect(mt940Day("230230")).toBeNull();
    expect(entryDay("2023-12-31", "0102")).toBe("2024-01-02");
    expect(entryDay("2024-01-02", "1229")).toBe("2023-12-29");
    expect(entryDay("2024-02-20", "0220")).toBe("2024-02-20");
  });

  it("reads balances with C/D mark and decimal comma", () => {
    expect(mt940Balance("C110522EUR000000003236,28")).toEqual({
      amount: "3236.28",
      date: "2011-05-22",
      currencyCode: "EUR",
    });
    expect(mt940Balance("D160901EUR1350,26")).toEqual({ amount: "-1350.26", date: "2016-09-01", currencyCode: "EUR" });
    expect(mt940Balance("C140507EUR0,")).toEqual({ amount: "0", date: "2014-05-07", currencyCode: "EUR" });
    expect(mt940Balance("C1405EUR0,")).toBeNull();
  });
});
