import { describe, expect, it } from "vitest";
import { detectFileType } from "../../detect-type";
import { StatementUnreadableError } from "../types";
import { looksLikeMt940, parseMt940 } from "./parse-mt940";

const parse = (text: string) => parseMt940(Buffer.from(text, "latin1"));
const message = (account: string, body: string, opening = "C231229EUR100,00", closing = "C240102EUR100,00") =>
  `:20:REF\n:25:${account}\n:28C:1/1\n:60F:${opening}\n${body}:62F:${closing}\n-\n`;

describe("parseMt940", () => {
  it("signs amounts by their mark: D and RC (reversed credit) out, C and RD (reversed debit) in", () => {
    const body =
      ":61:2401020102D10,00NTRFNONREF\n:61:2401020102C20,5NTRFNONREF\n:61:2401020102RC30,NTRFNONREF\n" +
      ":61:2401020102RD40,01NTRFNONREF\n:61:2401020102DR1,NTRFNONREF\n:61:2401020102CR2,NTRFNONREF\n:61:2401020102DD3,NTRFNONREF\n";
    const amounts = parse(message("NL91ABNA0417164300", body)).statements[0]!.transactions.map((row) => row.amount);
    expect(amounts).toEqual(["-10.00", "20.5", "-30", "40.01", "-1", "2", "-3"]);
  });

  it("takes the entry date as the booking date, with the year across the year end", () => {
    const body = ":61:2312310102D1,00NTRFNONREF\n:61:2401021229C1,00NTRFNONREF\n:61:240215D1,00NTRFNONREF\n";
    const rows = parse(message("NL91ABNA0417164300", body)).statements[0]!.transactions;
    expect(rows.map((row) => [row.date, row.valueDate])).toEqual([
      ["2024-01-02", "2023-12-31"],
      ["2023-12-29", "2024-01-02"],
      ["2024-02-15", "2024-02-15"],
    ]);
  });

  it("reads a multi-line structured German :86: (subfields wrapped mid-word)", () => {
    const body =
      ":61:2401020102D49,90NDDTKREF+123//0724710324647450\n" +
      // ?22 is a full 27-character subfield, so ?23 continues its word; lines wrap mid-word too.
      ":86:105?00SEPA-BASISLASTSCHRIFT?100399?20EREF+INV-20\n24-001?21MREF+M-77?22SVWZ+Mobilfunk Rechnung Jan\n" +
      "?23uar 2024 Kundennr 4711?30COBADEFFXXX?31DE89370400440532013000?32Telefonica Germany GmbH +\n" +
      "?33Co. OHG\n";
    const [row] = parse(message("DE02120300000000202051", body)).statements[0]!.transactions;
    expect(row).toMatchObject({
      amount: "-49.90",
      description: "Mobilfunk Rechnung Januar 2024 Kundennr 4711",
      counterparty: "Telefonica Germany GmbH + Co. OHG",
      externalId: "0724710324647450",
    });
  });

  it("reads Dutch slash-keyed :86: fields and free text", () => {
    const body =
      ":61:240102D12,50N658NONREF\n:86:/TRTP/SEPA OVERBOEKING/IBAN/NL91ABNA0417164300/BIC/ABNANL2A/NAME/Jan\n" +
      " de Vries/REMI/Huur januari/EREF/NOTPROVIDED\n" +
      ":61:240102C5,00N426NONREF\n:86:BEA   NR:XXX1234   02.01.24/12.54 BAKKER,PAS999\n" +
      "ZOETERMEER\n";
    const [transfer, card] = parse(message("NL02ABNA0123456789", body)).statements[0]!.transactions;
    expect(transfer).toMatchObject({ description: "Huur januari", counterparty: "Jan de Vries" });
    expect(card).toMatchObject({
      description: "BEA NR:XXX1234 02.01.24/12.54 BAKKER,PAS999 ZOETERMEER",
      counterparty: null,
    });
  });

  it("starts a line that opens with a keyword as a new item, even after a full line (Knab)", () => {
    const body =
      ":61:1407290729C500NTRF29-07-2014 10:05//B4G29PGDCK1QFV3E\n" +
      ":86:12160475 0050001631430920 ORDERID: 264267 MEDIA MARKT ONLINE NE\n" +
      "REK: NL84INGB0234561789/NAAM: MMS ONLINE NEDERLAND B.V.\n";
    const [row] = parse(message("NL02KNAB0123456789", body)).statements[0]!.transactions;
    // The labels' line is read apart: the other party's name, and the text before it as the purpose.
    expect(row).toMatchObject({
      description: "12160475 0050001631430920 ORDERID: 264267 MEDIA MARKT ONLINE NE",
      counterparty: "MMS ONLINE NEDERLAND B.V.",
    });
  });

  it("reads subfields after '+' behind a code of letters (Tokuda Bank's 'TBB+00...+21...+32')", () => {
    const body =
      ":61:0607310731C338,00NMSC//000001\n" +
      ":86:TBB+00TRANSFER FOR BULBANK F1460004654/26.07.2006\\SPARE PARTS +21F1460004654/26.07.2006 +30BFTBBGSF+31BG42BFTB76301077479705+32FIRMA1 OOD\n";
    const [row] = parse(message("BG72BFTB76301003010616", body)).statements[0]!.transactions;
    // The booking text holds the purpose and more: it is the whole text.
    expect(row).toMatchObject({
      description: "TRANSFER FOR BULBANK F1460004654/26.07.2006 SPARE PARTS",
      counterparty: "FIRMA1 OOD",
    });
  });

  it("reads subfields after '+' behind a code of digits (BRD's '000+20...+32...'), a lone '/' being no name", () => {
    const body =
      ":61:1605170517C1000,00NTRFNONREF\n" +
      ":86:000+20Plata +30302410000+31RO89RZBR0000060007325389+32RUSSMEDIA PRESS SRL+33/ +23PLATA FACT 4603309\n";
    const [row] = parse(message("RO56BRDE360SV52474653600", body)).statements[0]!.transactions;
    expect(row).toMatchObject({ description: "Plata PLATA FACT 4603309", counterparty: "RUSSMEDIA PRESS SRL" });
  });

  it("reads subfields after '~' (ING Romania's), an IBAN in a name's subfield being no name, and an IBAN after a slash in :25:", () => {
    const body =
      ":61:2002110211C1000,00NTRFRE20200211-7523\n" +
      ":86:035~20AMT RCD RON 1000,00 ~21 ~22 ~32NEXTERP ROMANIA SRL ~33RO25INGB0014000031948911\n" +
      "~25CVF 2020/0060 . 344944869 ~26 ~61 ~\n";
    const statement = parse(message("/RO19INGB0000999904621843", body)).statements[0]!;
    expect(statement.accountIdentifier).toBe("RO19INGB0000999904621843");
    expect(statement.transactions[0]).toMatchObject({
      description: "AMT RCD RON 1000,00 CVF 2020/0060 . 344944869",
      counterparty: "NEXTERP ROMANIA SRL",
    });
  });

  it("keeps a free text that starts with '+' and two digits whole (no subfields without a code before them)", () => {
    const body = ":61:2401020102C25,00NTRFNONREF\n:86:+25,00 EUR teruggestort aan J. de Vries, ref 2024-01\n";
    const [row] = parse(message("NL91ABNA0417164300", body)).statements[0]!.transactions;
    expect(row!.description).toBe("+25,00 EUR teruggestort aan J. de Vries, ref 2024-01");
  });

  it("leaves out the counter account and name the :61: line gave when :86: starts with them (SNS)", () => {
    const body = ":61:1206070608D20,00NIOB0987654321\nmarechal s\n:86:0987654321 marechal s\n\ndit is een test\n";
    const [row] = parse(message("0123456789", body)).statements[0]!.transactions;
    expect(row).toMatchObject({ description: "dit is een test", counterparty: "marechal s" });
  });

  it("ignores :86: about the statement (before the first :61: or after the balance)", () => {
    const body =
      ":86:For your information\n:61:240102D1,00NTRFNONREF\n:86:Groceries\n:62M:C240102EUR99,00\n:86:/SUM/1/0/1,00/0,00/\n:61:240103D1,00NTRFNONREF\n";
    const rows = parse(message("NL91ABNA0417164300", body)).statements[0]!.transactions;
    expect(rows.map((row) => row.description)).toEqual(["Groceries", ""]);
  });

  it("strips SWIFT block wrappers, control characters and CR line endings", () => {
    const text =
      "\u0001{1:F01RABONL2UAXXX0000000000}{2:O9401200240102RABONL2UAXXX00000000002401021200N}{3:{108:ABC}}{4:\r" +
      ":20:940S240102\r:25:NL91RABO0315273637 EUR\r:28C:0\r:60F:C240101EUR1000,00\r" +
      ":61:240102D25,00N102NONREF\r:86:/NAME/Albert\u001a Heijn/REMI/Boodschappen\r:62F:C240102EUR975,00\r-}{5:{CHK:123}}\u0003";
    const parsed = parse(text);
    expect(parsed).toMatchObject({ bankKey: "rabobank", bankName: "Rabobank" });
    expect(parsed.statements[0]).toMatchObject({
      accountIdentifier: "NL91RABO0315273637",
      openingBalance: { amount: "1000.00", date: "2024-01-01" },
      closingBalance: { amount: "975.00", date: "2024-01-02" },
    });
    expect(parsed.statements[0]!.transactions[0]).toMatchObject({
      amount: "-25.00",
      counterparty: "Albert Heijn",
      description: "Boodschappen",
      location: "line 6",
    });
  });

  it("merges the statements of one account and keeps other accounts apart", () => {
    const text =
      message("NL91ABNA0417164300", ":61:240102D1,00NTRFNONREF\n", "C240101EUR10,00", "C240102EUR9,00") +
      message("DE89370400440532013000", ":61:240102C7,00NTRFNONREF\n", "C240101EUR0,00", "C240102EUR7,00") +
      message("NL91ABNA0417164300", ":61:240103D2,00NTRFNONREF\n", "C240102EUR9,00", "C240103EUR7,00");
    const parsed = parse(text);
    expect(
      parsed.statements.map((s) => [
        s.accountIdentifier,
        s.openingBalance?.amount,
        s.closingBalance?.amount,
        s.transactions.map((t) => t.row),
      ]),
    ).toEqual([
      ["NL91ABNA0417164300", "10.00", "7.00", [1, 3]],
      ["DE89370400440532013000", "0.00", "7.00", [2]],
    ]);
    expect(parsed.warnings).toEqual([]);
  });

  it("reads a file indented as a whole as if it were not, keeping a continuation line's own space", () => {
    const plain =
      "{1:F01BRINIDJAXXXX0000000000}{2:I940BRINIDJAXXXXN}{4:\n" +
      message(
        "999999999000000",
        ":61:1611161116D12,50NTRFNONREF\n:86:GROCERIES SUPERMARKET\n WEST JAKARTA\n",
        "C161116IDR100,00",
        "C161116IDR87,50",
      ) +
      "}";
    const indented = plain
      .split("\n")
      .map((line) => `        ${line}`)
      .join("\n");
    expect(looksLikeMt940(Buffer.from(indented))).toBe(true);
    expect(detectFileType(Buffer.from(indented), "042801020365703.202107140256")).toBe("mt940");
    const read = parse(indented);
    expect(read.statements).toEqual(parse(plain).statements);
    expect(read.statements[0]!.transactions.map((row) => [row.amount, row.description])).toEqual([
      ["-12.50", "GROCERIES SUPERMARKET WEST JAKARTA"],
    ]);
    expect(read.warnings).toEqual([]);
    // Only the tags indented, the blocks and the end at the line's start.
    const tagsIndented = plain.replace(/^(:\d{2}[A-Z]?:)/gm, "  $1");
    expect(parse(tagsIndented).statements).toEqual(parse(plain).statements);
  });

  it("says by how much entries miss the closing balance in the places of the most precise figure", () => {
    const text = message("123456789", ":61:2401020102D12,49NTRFNONREF\n:86:Shop\n", "C240101EUR100,", "C240102EUR88,");
    expect(parse(text).warnings).toEqual([
      "The statement starting at line 1 (account 123456789) opens with 100 and closes with 88, but its 1 entry carries the opening balance to 87.51: 0.49 is not accounted for (an entry may be missing from the file or read wrong).",
    ]);
  });

  it("warns when statements of an account do not chain", () => {
    const text =
      message("123456789", "", "C240101EUR9,00", "C240102EUR9,00") +
      message("123456789", "", "C240102EUR5,00", "C240103EUR5,00");
    expect(parse(text).warnings).toEqual([
      expect.stringMatching(/opens with 5.00, but the one before closed with 9.00/),
    ]);
  });

  it("uses the bank reference as id, the customer reference only when it looks like one, and drops repeated ids", () => {
    const body =
      ":61:240102D1,00NTRFNONREF//BREF0001\n:61:240102D1,00NTRFINV2024-0042\n:61:240102D1,00NTRFNONREF\n" +
      ":61:240102D1,00NTRFTMG TANGO\n:61:240102D1,00NTRFABC//SAME123\n:61:240102D1,00NTRFABC//SAME123\n";
    const parsed = parse(message("123456789", body, "C231229EUR100,00", "C240102EUR94,00"));
    expect(parsed.statements[0]!.transactions.map((row) => row.externalId)).toEqual([
      "BREF0001",
      "INV2024-0042",
      null,
      null,
      null,
      null,
    ]);
    expect(parsed.warnings).toEqual([expect.stringMatching(/SAME123 appears on 2 transactions/)]);
  });

  it("refuses a truncated file, naming the line", () => {
    const full = message("123456789", ":61:2401020102D10,00NTRFNONREF//BREF0001\n:86:Groceries\n");
    const midLine = full.slice(0, full.indexOf(":61:") + 9);
    expect(() => parse(midLine)).toThrow(StatementUnreadableError);
    expect(() => parse(midLine)).toThrow(/the transaction line :61:24010 cannot be read.*\(line 5\)/);
    // Cut after "D10": a complete line (amount 10), but the statement never reaches its balance.
    const afterAmount = full.slice(0, full.indexOf("D10,00") + 3);
    expect(() => parse(afterAmount)).toThrow(/before its closing balance :62F:; it looks truncated \(line 5\)/);
    const beforeBalance = full.slice(0, full.indexOf(":62F:"));
    try {
      parse(beforeBalance);
      expect.unreachable();
    } catch (error) {
      expect((error as StatementUnreadableError).message).toMatch(
        /starts at line 1, before its closing balance :62F:; it looks truncated/,
      );
      expect((error as StatementUnreadableError).location).toBe("line 6");
    }
  });

  it("accepts a message the bank closed with '-' but without :62F:, with a warning", () => {
    const parsed = parse(":20:REF\n:25:123456789\n:60F:C240101EUR10,00\n:61:240102D1,00NTRFNONREF\n-\n");
    expect(parsed.statements[0]!.closingBalance).toBeNull();
    expect(parsed.warnings[0]).toMatch(/no closing balance :62F:/);
  });

  it("leaves a balance it cannot read empty, naming its line, and reads the rest", () => {
    const parsed = parse(message("123456789", ":61:240102D1,00NTRFNONREF\n", "C2401EUR10"));
    expect(parsed.statements[0]).toMatchObject({
      openingBalance: null,
      closingBalance: { amount: "100.00", date: "2024-01-02" },
    });
    expect(parsed.statements[0]!.transactions).toHaveLength(1);
    expect(parsed.warnings).toEqual([
      expect.stringMatching(
        /^The balance :60F:C2401EUR10 cannot be read .*; the opening balance is left empty \(line 4\)\.$/,
      ),
    ]);
  });

  it("refuses a file without statements, and recognises MT940 content", () => {
    expect(() => parse("hello\nworld\n")).toThrow(/no MT940 statement/);
    expect(looksLikeMt940(Buffer.from(message("123456789", "")))).toBe(true);
    expect(looksLikeMt940(Buffer.from("OFXHEADER:100\n<OFX></OFX>"))).toBe(false);
    expect(looksLikeMt940(Buffer.from("date;amount\n2024-01-01;1,00\n"))).toBe(false);
  });
});

describe("parseMt940 descriptions", () => {
  const rowsOf = (body: string) => parse(message("NL91ABNA0417164300", body)).statements[0]!.transactions;

  it("takes the :61: supplementary details when :86: holds only a placeholder", () => {
    const placeholders = ["XXXXXXXX", "AAAA", "NONREF", "-", ".", "/", "0", "166", "NTRF", "EREF+NOTPROVIDED", "  "];
    const body = placeholders
      .map((text, i) => `:61:2401020102D12,50NTRFNONREF//BREF00${10 + i} Stadtwerke\nAbschlag Januar\n:86:${text}\n`)
      .join("");
    const rows = rowsOf(body);
    expect(rows.map((row) => row.description)).toEqual(placeholders.map(() => "Stadtwerke Abschlag Januar"));
    expect(rows[0]).toMatchObject({ externalId: "BREF0010", counterparty: null });
  });

  it("takes the :61: details when :86: is missing, and keeps :86: when both have text", () => {
    const [missing, both, nothing] = rowsOf(
      ":61:2401030103D4,20NMSCNONREF//CARD77001\nBakery Sonnenschein Köln\n" +
        ":61:2401030103D9,90NMSCNONREF//CARD77002 Card payment\n:86:Lunch at Luigi's, Friday team\n" +
        ":61:2401030103D1,00NMSCNONREF\n:86:XXXX\n",
    );
    expect(missing!.description).toBe("Bakery Sonnenschein Köln");
    expect(both!.description).toBe("Lunch at Luigi's, Friday team");
    // Nothing but placeholders anywhere: no description rather than "XXXX".
    expect(nothing!.description).toBe("");
  });

  it("keeps a :86: reference made of digit groups, which is no placeholder", () => {
    const [row] = rowsOf(
      ":61:240104D80,00NTRFNONREF//TAX0001 Belasting\n:86:/NAME/Belastingdienst/REMI/1111 2222 3333 4444\n",
    );
    expect(row).toMatchObject({ description: "1111 2222 3333 4444", counterparty: "Belastingdienst" });
  });
});

describe("parseMt940 stray lines", () => {
  it("leaves a closing balance with a stray '|' or dated 31 November empty, with a warning naming the line", () => {
    for (const closing of ["C240102EUR100,00|", "C231131EUR1234,56"]) {
      const parsed = parse(message("123456789", ":61:240102C5,00NTRFNONREF\n:86:Refund\n", "C240101EUR95,00", closing));
      expect(parsed.statements[0]).toMatchObject({ openingBalance: { amount: "95.00" }, closingBalance: null });
      expect(parsed.statements[0]!.transactions.map((row) => row.description)).toEqual(["Refund"]);
      expect(parsed.warnings).toEqual([
        `The balance :62F:${closing} cannot be read (expected C/D mark, date YYMMDD, currency and amount); the closing balance is left empty (line 7).`,
      ]);
    }
  });

  it("leaves out a malformed :61: line (with its :86:) and reads the others", () => {
    const body =
      ":61:2401020102D10,00NTRFNONREF\n:86:Groceries\n" +
      ":61:24013X0102D7,00NTRFNONREF\n:86:Belongs to the broken line\n" +
      ":61:2401020230C3,00NTRFNONREF\n:86:Entry date 30 February\n" +
      ":61:2401020102C20,00NTRFNONREF\n:86:Salary\n";
    // The bank's balances count all four entries: the two left out are what is missing.
    const parsed = parse(message("123456789", body, "C231229EUR100,00", "C240102EUR106,00"));
    expect(parsed.statements[0]!.transactions.map((row) => [row.row, row.description, row.location])).toEqual([
      [1, "Groceries", "line 5"],
      [2, "Salary", "line 11"],
    ]);
    expect(parsed.warnings).toEqual([
      expect.stringMatching(
        /^The transaction line :61:24013X0102D7,00NTRFNONREF cannot be read .*; the line was left out \(line 7\)\.$/,
      ),
      'The entry date "0230" of :61:2401020230C3,00NTRFNONREF is not a date; the line was left out (line 9).',
      "The statement starting at line 1 (account 123456789) opens with 100.00 and closes with 106.00, but its 2 entries carry the opening balance to 110.00: -4.00 is not accounted for (an entry may be missing from the file or read wrong).",
    ]);
  });

  it("still refuses a file whose only transaction cannot be read, with the precise reason", () => {
    expect(() => parse(message("123456789", ":61:24013X0102D7,00NTRFNONREF\n:86:Rent\n"))).toThrow(
      /^the transaction line :61:24013X0102D7,00NTRFNONREF cannot be read .* \(line 5\)$/,
    );
  });

  it("leaves out the not yet booked entries of an MT942 interim report, and refuses a file holding only those", () => {
    const interim =
      ":20:INTRADAY\n:25:123456789\n:28C:1/1\n:34F:EUR0,\n:13D:2401031200+0100\n:61:240103D3,00NTRFNONREF\n:86:Kiosk\n" +
      ":61:240103D4,00NTRFNONREF\n:86:Bakery\n:90D:2EUR7,00\n-\n";
    const booked = message(
      "123456789",
      ":61:240102D1,00NTRFNONREF\n:86:Booked\n",
      "C231229EUR100,00",
      "C240102EUR99,00",
    );
    const parsed = parse(booked + interim);
    expect(parsed.statements).toHaveLength(1);
    expect(parsed.statements[0]!.transactions.map((row) => row.description)).toEqual(["Booked"]);
    expect(parsed.warnings).toEqual(["2 not yet booked entries of an interim report (MT942) left out."]);
    expect(() => parse(interim)).toThrow(/interim report \(MT942\) of 2 entries that are not booked yet/);
  });

  it("reads amounts and balances written with a decimal point, as some banks do (Standard Bank's DR52.58)", () => {
    const body = ":61:1501260125DR52.58NTRFITM0000009036289\n:86:Elvetino AG\n:61:1501260125C100.00NTRFNONREF\n";
    const parsed = parse(message("12345678", body, "C150123GBP10235.43", "C150126GBP10282.85"));
    const statement = parsed.statements[0]!;
    expect(statement.transactions.map((row) => row.amount)).toEqual(["-52.58", "100.00"]);
    expect([statement.currencyCode, statement.openingBalance?.amount, statement.closingBalance?.amount]).toEqual([
      "GBP",
      "10235.43",
      "10282.85",
    ]);
  });

  it("reads a statement that reached its available balances without a closing one, saying so", () => {
    const file =
      ":20:STARTUMS\n:25:28020050/1426292700\n:28C:172/1\n:60F:C200904EUR0,\n:61:2009040904C230,00N051NONREF\n:86:166?00GUTSCHRIFT?32EWE VERTRIEB GmbH\n:64:C200904EUR230,00\n";
    const parsed = parse(file);
    expect(parsed.statements[0]!.transactions.map((row) => row.amount)).toEqual(["230.00"]);
    expect(parsed.warnings.join(" ")).toMatch(/no closing balance :62F:/);
  });

  it("reads the lines FinTS hands over with @@ between them", () => {
    const text = `@@${message("72090900/9876543219", ":61:2401020102D1,00NTRFNONREF\n:86:Miete\n").replaceAll("\n", "@@")}`;
    expect(detectFileType(Buffer.from(text), "umsatz.txt")).toBe("mt940");
    expect(parse(text).statements[0]!.transactions.map((row) => [row.amount, row.description])).toEqual([
      ["-1.00", "Miete"],
    ]);
    const one = message("X", ":61:2401020102D1,00NTRFNONREF\n", "C231229EUR100,00", "C240102EUR99,00").replace(
      ":28C:1/1",
      ":28C:1/1\n:34F:EUR0,\n:13D:2401021200+0100",
    );
    expect(() => parse(one.replace(/:62F:.*\n/, ""))).toThrow(
      /interim report \(MT942\) of 1 entry that is not booked yet/,
    );
  });

  it("reads a :86: written as labelled parts: the party after OD: or DLA:, the purpose after TYT.: (mBank)", () => {
    const body =
      ":61:1006040604CN6979,18NTRFNONREF\n:86:770 PRZELEW KRAJOWY; Z RACH.: 04105014611000002345271577; OD: JAN NOWAK \nUL. NIJAKA 1 31-234 KRAKOW; TYT.: FAKTURA 210F1163; TNR: 154961063737599.110001\n";
    const row = parse(message("PL45114011370000310211001001", body)).statements[0]!.transactions[0]!;
    expect([row.counterparty, row.description]).toEqual(["JAN NOWAK UL. NIJAKA 1 31-234 KRAKOW", "FAKTURA 210F1163"]);
  });

  it("reads the message's own :86: after its available balances as its end, and refuses an amount with thousands points", () => {
    const file =
      ":20:STARTUMS\n:25:28020050/1426292700\n:28C:172/1\n:60F:C200904EUR0,\n:61:2009040904C230,00N051NONREF\n:86:166?00GUTSCHRIFT\n:64:C200904EUR230,00\n:86:Kontoinformation\n";
    expect(parse(file).statements[0]!.transactions.map((row) => row.amount)).toEqual(["230.00"]);
    // "1.234,56" is no SWIFT amount: the line is left out, saying so, not read as 1.234 (or 1).
    const body = ":61:2401020102D1.234,56NTRFNONREF\n:61:2401020102D10,00NTRFNONREF\n";
    const parsed = parse(message("NL91ABNA0417164300", body));
    expect(parsed.statements[0]!.transactions.map((row) => row.amount)).toEqual(["-10.00"]);
    expect(parsed.warnings.join(" ")).toMatch(/:61:2401020102D1\.234,56NTRFNONREF cannot be read/);
  });

  it("keeps a labelled :86:'s title whole, needs a name after OD:, and keeps the whole text without a title", () => {
    const row = (details: string) =>
      parse(message("PL45114011370000310211001001", `:61:2401020102D1,00NTRFNONREF\n:86:${details}\n`)).statements[0]!
        .transactions[0]!;
    const invoices = row("770 PRZELEW KRAJOWY; DLA: JAN NOWAK; TYT.: FV 12/2024; FV 13/2024; TNR: 1549610637");
    expect([invoices.counterparty, invoices.description]).toEqual(["JAN NOWAK", "FV 12/2024; FV 13/2024"]);
    const fee = row("OPLATA ZA PROWADZENIE RACHUNKU; OD: 01.01.2024; DO: 31.01.2024");
    expect([fee.counterparty, fee.description]).toEqual([
      null,
      "OPLATA ZA PROWADZENIE RACHUNKU; OD: 01.01.2024; DO: 31.01.2024",
    ]);
    const tax = row("946 PRZELEW ORGAN PODATKOWY; DLA: URZAD SKARBOWY; SYMBOL FORM.: PIT4R; OKRES: 24M01");
    expect([tax.counterparty, tax.description]).toEqual([
      "URZAD SKARBOWY",
      "946 PRZELEW ORGAN PODATKOWY; DLA: URZAD SKARBOWY; SYMBOL FORM.: PIT4R; OKRES: 24M01",
    ]);
  });
});
