import { describe, expect, it } from "vitest";
import { AppError } from "../../../../errors";
import { parseStatementFile } from "../../parse-file";
import { unreadableBy } from "../testing";
import { parseCamt } from "./parse-camt";

const ns = (version: string, message = "053") => `urn:iso:std:iso:20022:tech:xsd:camt.${message}.001.${version}`;

interface EntryText {
  amount: string;
  sign: "CRDT" | "DBIT";
  status?: string;
  /** "text" writes <Sts>BOOK</Sts> (versions 02-08), "code" <Sts><Cd>BOOK</Cd></Sts> (09+). */
  statusStyle?: "text" | "code";
  booked?: string;
  inner?: string;
}

function entry({
  amount,
  sign,
  status = "BOOK",
  statusStyle = "text",
  booked = "<Dt>2024-03-01</Dt>",
  inner = "",
}: EntryText) {
  const sts = statusStyle === "code" ? `<Sts><Cd>${status}</Cd></Sts>` : `<Sts>${status}</Sts>`;
  return `<Ntry><Amt Ccy="EUR">${amount}</Amt><CdtDbtInd>${sign}</CdtDbtInd>${sts}<BookgDt>${booked}</BookgDt><ValDt><Dt>2024-03-02</Dt></ValDt>${inner}</Ntry>`;
}

function balance(code: string, amount: string, sign = "CRDT", date = "<Dt>2024-03-01</Dt>") {
  return `<Bal><Tp><CdOrPrtry><Cd>${code}</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">${amount}</Amt><CdtDbtInd>${sign}</CdtDbtInd><Dt>${date}</Dt></Bal>`;
}

function statement(body: string, iban = "DE89370400440532013000", element = "Stmt") {
  return `<${element}><Id>1</Id><Acct><Id><IBAN>${iban}</IBAN></Id><Ccy>EUR</Ccy><Nm>Giro</Nm></Acct>${body}</${element}>`;
}

function document(statements: string, namespace = ns("02"), message = "BkToCstmrStmt") {
  return Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?>\n<Document xmlns="${namespace}"><${message}><GrpHdr><MsgId>1</MsgId></GrpHdr>${statements}</${message}></Document>`,
  );
}

const rows = (bytes: Buffer) => parseCamt(bytes).statements.flatMap((s) => s.transactions);

describe("parseCamt", () => {
  it("reads booked entries with the sign of CdtDbtInd, the booking date, balances, IBAN and currency (version 02)", () => {
    const parsed = parseCamt(
      document(
        statement(
          balance("OPBD", "100.00") +
            balance("CLBD", "12.50", "DBIT", "<Dt>2024-03-31</Dt>") +
            entry({ amount: "12.30", sign: "DBIT" }) +
            entry({ amount: "0000.20", sign: "CRDT", booked: "<DtTm>2024-03-05T23:30:00-05:00</DtTm>" }),
        ),
      ),
    );
    expect(parsed.fileType).toBe("camt");
    expect(parsed.bankKey).toBe("camt053");
    expect(parsed.amountSemantics).toBe("indicator_column");
    const [only] = parsed.statements;
    expect(only).toMatchObject({
      accountIdentifier: "DE89370400440532013000",
      accountName: "Giro",
      currencyCode: "EUR",
      openingBalance: { amount: "100.00", date: "2024-03-01" },
      closingBalance: { amount: "-12.50", date: "2024-03-31" },
    });
    expect(only!.transactions.map((t) => [t.row, t.date, t.valueDate, t.amount, t.currencyCode])).toEqual([
      [1, "2024-03-01", "2024-03-02", "-12.30", "EUR"],
      // DtTm: the day as printed, never shifted by its zone.
      [2, "2024-03-05", "2024-03-02", "0.20", "EUR"],
    ]);
  });

  it("reads namespaces 08 and 13: Sts/Cd, parties under Pty, DtTm dates", () => {
    for (const version of ["08", "13"]) {
      const inner =
        "<AcctSvcrRef>REF-1</AcctSvcrRef><NtryDtls><TxDtls><Refs><EndToEndId>E2E-1</EndToEndId></Refs>" +
        "<RltdPties><Dbtr><Pty><Nm>Payer GmbH</Nm></Pty></Dbtr><Cdtr><Pty><Nm>Me</Nm></Pty></Cdtr></RltdPties>" +
        "<RmtInf><Ustrd>Invoice 42</Ustrd><Ustrd>March</Ustrd></RmtInf></TxDtls></NtryDtls>";
      const parsed = parseCamt(
        document(
          statement(
            entry({ amount: "50.00", sign: "CRDT", statusStyle: "code", inner }) +
              entry({ amount: "5.00", sign: "DBIT", statusStyle: "code", status: "PDNG" }),
          ),
          ns(version),
        ),
      );
      const [row] = parsed.statements[0]!.transactions;
      expect(row).toMatchObject({
        amount: "50.00",
        counterparty: "Payer GmbH",
        description: "Invoice 42 March",
        externalId: "REF-1",
      });
      expect(parsed.statements[0]!.transactions).toHaveLength(1);
      expect(parsed.warnings).toEqual(["1 entry not booked yet (status PDNG) left out."]);
    }
  });

  it("leaves pending and informational entries out with one warning (a CAMT.052 report)", () => {
    const parsed = parseCamt(
      document(
        statement(
          entry({ amount: "1.00", sign: "DBIT" }) +
            entry({ amount: "2.00", sign: "DBIT", status: "PDNG" }) +
            entry({ amount: "3.00", sign: "DBIT", status: "PDNG" }) +
            entry({ amount: "4.00", sign: "CRDT", status: "INFO" }),
          "DE89370400440532013000",
          "Rpt",
        ),
        ns("06", "052"),
        "BkToCstmrAcctRpt",
      ),
    );
    expect(parsed.bankKey).toBe("camt052");
    expect(parsed.statements[0]!.transactions.map((t) => t.amount)).toEqual(["-1.00"]);
    expect(parsed.warnings).toEqual(["3 entries not booked yet (status PDNG, INFO) left out."]);
  });

  it("takes the creditor as the counterparty of money out and the debtor of money in", () => {
    const parties =
      "<NtryDtls><TxDtls><RltdPties><Dbtr><Nm>Me</Nm></Dbtr><Cdtr><Nm>Landlord</Nm></Cdtr></RltdPties></TxDtls></NtryDtls>";
    const [out, back] = rows(
      document(
        statement(
          entry({ amount: "900.00", sign: "DBIT", inner: parties }) +
            entry({ amount: "900.00", sign: "CRDT", inner: parties }),
        ),
      ),
    );
    expect([out!.counterparty, back!.counterparty]).toEqual(["Landlord", "Me"]);
  });

  it("describes a row by its remittance, else its additional transaction or entry information", () => {
    const structured =
      "<NtryDtls><TxDtls><RmtInf><Strd><CdtrRefInf><Ref>RF18539007547034</Ref></CdtrRefInf><AddtlRmtInf>Gas</AddtlRmtInf></Strd></RmtInf></TxDtls></NtryDtls>";
    const [a, b, c] = rows(
      document(
        statement(
          entry({ amount: "1.00", sign: "DBIT", inner: structured }) +
            entry({
              amount: "2.00",
              sign: "DBIT",
              inner:
                "<NtryDtls><TxDtls><AddtlTxInf>Card 1234</AddtlTxInf></TxDtls></NtryDtls><AddtlNtryInf>POS</AddtlNtryInf>",
            }) +
            entry({ amount: "3.00", sign: "DBIT", inner: "<AddtlNtryInf>SEPA   Lastschrift</AddtlNtryInf>" }),
        ),
      ),
    );
    expect([a!.description, b!.description, c!.description]).toEqual([
      "RF18539007547034 Gas",
      "Card 1234",
      "SEPA Lastschrift",
    ]);
  });

  it("uses AcctSvcrRef, else EndToEndId unless NOTPROVIDED, as the external id", () => {
    const [a, b, c] = rows(
      document(
        statement(
          entry({
            amount: "1.00",
            sign: "DBIT",
            inner:
              "<AcctSvcrRef>BANK-1</AcctSvcrRef><NtryDtls><TxDtls><Refs><EndToEndId>E2E</EndToEndId></Refs></TxDtls></NtryDtls>",
          }) +
            entry({
              amount: "2.00",
              sign: "DBIT",
              inner: "<NtryDtls><TxDtls><Refs><EndToEndId>E2E-2</EndToEndId></Refs></TxDtls></NtryDtls>",
            }) +
            entry({
              amount: "3.00",
              sign: "DBIT",
              inner: "<NtryDtls><TxDtls><Refs><EndToEndId>NOTPROVIDED</EndToEndId></Refs></TxDtls></NtryDtls>",
            }),
        ),
      ),
    );
    expect([a!.externalId, b!.externalId, c!.externalId]).toEqual(["BANK-1", "E2E-2", null]);
  });

  it("takes SEPA's NOTPROVIDED in the remittance for no words: the other party describes the row", () => {
    const inner =
      "<NtryDtls><TxDtls><RltdPties><Cdtr><Nm>Nova Ltd</Nm></Cdtr></RltdPties>" +
      "<RmtInf><Ustrd>NOTPROVIDED</Ustrd></RmtInf></TxDtls></NtryDtls>";
    const [row] = rows(document(statement(entry({ amount: "0.99", sign: "DBIT", inner }))));
    expect([row!.description, row!.counterparty]).toEqual(["Nova Ltd", "Nova Ltd"]);
  });

  it("splits a batch into its transactions when each amount is given, else keeps the entry whole", () => {
    const part = (amount: string, id: string, name: string) =>
      `<TxDtls><Refs><AcctSvcrRef>BATCH</AcctSvcrRef><EndToEndId>${id}</EndToEndId></Refs><AmtDtls><TxAmt><Amt Ccy="EUR">${amount}</Amt></TxAmt></AmtDtls>` +
      `<RltdPties><Cdtr><Nm>${name}</Nm></Cdtr></RltdPties><RmtInf><Ustrd>Salary ${name}</Ustrd></RmtInf></TxDtls>`;
    const batch = `<AcctSvcrRef>E-1</AcctSvcrRef><NtryDtls><Btch><NbOfTxs>2</NbOfTxs></Btch>${part("100.00", "A", "Ann")}${part("50.50", "B", "Bob")}</NtryDtls>`;
    const parsed = parseCamt(document(statement(entry({ amount: "150.50", sign: "DBIT", inner: batch }))));
    expect(
      parsed.statements[0]!.transactions.map((t) => [t.amount, t.counterparty, t.description, t.externalId]),
    ).toEqual([
      // The batch's shared AcctSvcrRef identifies no single payment: each part's own EndToEndId does.
      ["-100.00", "Ann", "Salary Ann", "A"],
      ["-50.50", "Bob", "Salary Bob", "B"],
    ]);

    const noAmounts = `<AddtlNtryInf>Sammler 2 Posten</AddtlNtryInf><NtryDtls><TxDtls><RmtInf><Ustrd>a</Ustrd></RmtInf></TxDtls><TxDtls><RmtInf><Ustrd>b</Ustrd></RmtInf></TxDtls></NtryDtls>`;
    const whole = rows(document(statement(entry({ amount: "7.00", sign: "DBIT", inner: noAmounts }))));
    expect(whole.map((t) => [t.amount, t.description])).toEqual([["-7.00", "Sammler 2 Posten"]]);

    const wrong = parseCamt(
      document(
        statement(
          entry({ amount: "150.00", sign: "DBIT", inner: batch.replace("<AcctSvcrRef>E-1", "<AcctSvcrRef>E-2") }),
        ),
      ),
    );
    expect(wrong.statements[0]!.transactions.map((t) => t.amount)).toEqual(["-150.00"]);
    expect(wrong.warnings.join(" ")).toMatch(
      /adds up to -150.5, not the entry's -150.00; it was kept as one transaction/,
    );
  });

  it("gives one statement per account and merges statements of the same account in file order", () => {
    const parsed = parseCamt(
      document(
        statement(balance("OPBD", "10.00") + balance("CLBD", "9.00") + entry({ amount: "1.00", sign: "DBIT" })) +
          statement(
            balance("OPBD", "5.00") + balance("CLBD", "7.00") + entry({ amount: "2.00", sign: "CRDT" }),
            "CH9300762011623852957",
          ) +
          statement(
            balance("PRCD", "9.00") +
              balance("CLAV", "6.00", "CRDT", "<Dt>2024-03-09</Dt>") +
              entry({ amount: "3.00", sign: "DBIT" }),
          ),
      ),
    );
    expect(
      parsed.statements.map((s) => [
        s.accountIdentifier,
        s.transactions.map((t) => t.amount),
        s.openingBalance?.amount,
        s.closingBalance,
      ]),
    ).toEqual([
      ["DE89370400440532013000", ["-1.00", "-3.00"], "10.00", { amount: "6.00", date: "2024-03-09" }],
      ["CH9300762011623852957", ["2.00"], "5.00", { amount: "7.00", date: "2024-03-01" }],
    ]);
    expect(parsed.statements.flatMap((s) => s.transactions.map((t) => t.row))).toEqual([1, 2, 3]);
  });

  it("reads a balance written without its credit/debit indicator as in credit, saying so (Bank of Lithuania)", () => {
    const unsigned = balance("OPBD", "100.00").replace(/<CdtDbtInd>CRDT<\/CdtDbtInd>/, "");
    expect(unsigned).not.toContain("CdtDbtInd");
    const parsed = parseCamt(
      document(statement(unsigned + balance("CLBD", "95.00") + entry({ amount: "5.00", sign: "DBIT" }))),
    );
    expect(parsed.statements[0]!.openingBalance?.amount).toBe("100.00");
    expect(parsed.warnings).toEqual([
      expect.stringMatching(/^The balance OPBD has no credit\/debit indicator and was read as in credit/),
    ]);
  });

  it("says by how much a statement's booked entries miss its booked closing balance, and nothing when they reach it", () => {
    const entries = entry({ amount: "10.00", sign: "DBIT" }) + entry({ amount: "5.00", sign: "CRDT" });
    const warningsOf = (balances: string) => parseCamt(document(statement(balances + entries))).warnings;
    expect(warningsOf(balance("OPBD", "100.00") + balance("CLBD", "95.00"))).toEqual([]);
    expect(warningsOf(balance("OPBD", "100.00") + balance("CLBD", "90.00"))).toEqual([
      "The statement at line 2 (account DE89370400440532013000) opens with 100.00 and closes with 90.00, but its 2 entries " +
        "carry the opening balance to 95.00: -5.00 is not accounted for (an entry may be missing from the file or read wrong).",
    ]);
    // The available balance (CLAV) may differ from the booked one by holds: no warning.
    expect(warningsOf(balance("OPBD", "100.00") + balance("CLAV", "90.00"))).toEqual([]);
    // Balances in two currencies cannot be compared.
    const inKronor = balance("CLBD", "90.00").replace('Ccy="EUR"', 'Ccy="SEK"');
    expect(warningsOf(balance("OPBD", "100.00") + inKronor)).toEqual([]);
  });

  it("refuses a DOCTYPE or entity declaration as unreadable, through the importer too", async () => {
    const bomb = Buffer.from(
      `<?xml version="1.0"?><!DOCTYPE Document [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;">]>` +
        `<Document xmlns="${ns("02")}"><BkToCstmrStmt>${statement(entry({ amount: "1.00", sign: "DBIT", inner: "<AddtlNtryInf>&b;</AddtlNtryInf>" }))}</BkToCstmrStmt></Document>`,
    );
    expect(unreadableBy(() => parseCamt(bomb)).message).toMatch(/DOCTYPE/);
    const error = await parseStatementFile(bomb, "statement.xml", {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect([(error as AppError).code, (error as AppError).status]).toEqual(["IMPORT_FILE_UNREADABLE", 400]);
  });

  it("refuses other XML, broken XML and unreadable entries with their line", () => {
    const pain = Buffer.from(
      `<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.03"><CstmrCdtTrfInitn/></Document>`,
    );
    expect(unreadableBy(() => parseCamt(pain)).message).toMatch(/pain\.001\.001\.03.*not a CAMT/);
    const broken = Buffer.from(
      document(statement(entry({ amount: "1.00", sign: "DBIT" })))
        .toString()
        .replace("</Acct>", ""),
    );
    expect(unreadableBy(() => parseCamt(broken)).message).toMatch(/not well-formed/);
    const bad = document(statement(entry({ amount: "1,00", sign: "DBIT" })));
    expect(unreadableBy(() => parseCamt(bad)).message).toMatch(/the amount "1,00" cannot be read \(line 2\)/);
    const oneBad = parseCamt(
      document(statement(entry({ amount: "1.00", sign: "DBIT" }) + entry({ amount: "2.00", sign: "XXXX" as "DBIT" }))),
    );
    expect(oneBad.statements[0]!.transactions).toHaveLength(1);
    expect(oneBad.warnings.join(" ")).toMatch(/indicator "XXXX" cannot be read.*the entry was left out/);
  });

  it("reads ISO-8859-1 files by their declaration and UTF-16 by their BOM", () => {
    const text = document(
      statement(entry({ amount: "1.00", sign: "DBIT", inner: "<AddtlNtryInf>Café Zürich</AddtlNtryInf>" })),
    )
      .toString()
      .replace('encoding="UTF-8"', 'encoding="ISO-8859-1"');
    expect(rows(Buffer.from(text, "latin1"))[0]!.description).toBe("Café Zürich");
    const utf16 = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from(text.replace("ISO-8859-1", "UTF-16"), "utf16le"),
    ]);
    expect(rows(utf16)[0]!.description).toBe("Café Zürich");
  });
});

describe("entries that give little", () => {
  const bare = (amount: string, sign: string, inner = "") =>
    `<Ntry><Amt Ccy="EUR">${amount}</Amt><CdtDbtInd>${sign}</CdtDbtInd><Sts>BOOK</Sts>${inner}</Ntry>`;

  it("date an entry without booking or value date on its statement's day, and say so (a payment system's)", () => {
    const parsed = parseCamt(
      document(statement(balance("CLBD", "50.00", "CRDT", "<Dt>2024-04-11</Dt>") + bare("20.00", "CRDT")), ns("08")),
    );
    expect(parsed.statements[0]!.transactions.map((t) => [t.date, t.amount])).toEqual([["2024-04-11", "20.00"]]);
    expect(parsed.warnings.join(" ")).toMatch(
      /1 entry of the statement at line \d+ gives no booking or value date and was dated 2024-04-11/,
    );
    // The period's end when the statement has no closing balance (FrToDt/ToDtTm is a date-time itself).
    const period = parseCamt(
      document(
        `<Stmt><Id>1</Id><FrToDt><FrDtTm>2024-04-10T00:00:00</FrDtTm><ToDtTm>2024-04-11T23:59:59</ToDtTm></FrToDt><Acct><Id><IBAN>DE89370400440532013000</IBAN></Id><Ccy>EUR</Ccy></Acct>${balance("OPBD", "30.00", "CRDT", "<Dt>2024-04-10</Dt>")}${bare("20.00", "CRDT")}</Stmt>`,
        ns("08"),
      ),
    );
    expect(period.statements[0]!.transactions.map((t) => t.date)).toEqual(["2024-04-11"]);
    // No day anywhere in the statement: the entry cannot be dated, and the file says which one.
    expect(unreadableBy(() => parseCamt(document(statement(bare("20.00", "CRDT"))))).message).toMatch(
      /no booking date \(BookgDt\)/,
    );
  });

  it("describe a payment by words: the entry's text over a bare reference and Swiss processing marks; else the party or the bank's code in words", () => {
    const rmt = (ref: string) =>
      `<NtryDtls><TxDtls><RmtInf><Strd><CdtrRefInf><Ref>${ref}</Ref></CdtrRefInf><AddtlRmtInf>?REJECT?0</AddtlRmtInf><AddtlRmtInf>?ERROR?000</AddtlRmtInf></Strd></RmtInf></TxDtls></NtryDtls>`;
    const swiss = bare(
      "126.10",
      "CRDT",
      `<BookgDt><Dt>2026-03-02</Dt></BookgDt>${rmt("210000000003139471430009017")}<AddtlNtryInf>EINZAHLUNG AUF EIGENES KONTO</AddtlNtryInf>`,
    );
    const onlyReference = bare(
      "5.00",
      "CRDT",
      `<BookgDt><Dt>2026-03-02</Dt></BookgDt>${rmt("210000000003139471430009017")}`,
    );
    const party = bare(
      "10.00",
      "DBIT",
      "<BookgDt><Dt>2025-12-06</Dt></BookgDt><NtryDtls><TxDtls><RltdPties><Cdtr><Nm>GS Bank USA</Nm></Cdtr></RltdPties></TxDtls></NtryDtls>",
    );
    const code = bare(
      "10.00",
      "CRDT",
      "<BookgDt><Dt>2025-12-06</Dt></BookgDt><BkTxCd><Prtry><Cd>Incoming Wire</Cd></Prtry></BkTxCd>",
    );
    const machineCode = bare(
      "1.00",
      "CRDT",
      "<BookgDt><Dt>2025-12-06</Dt></BookgDt><BkTxCd><Prtry><Cd>ATSISK</Cd></Prtry></BkTxCd>",
    );
    expect(
      rows(document(statement(swiss + onlyReference + party + code + machineCode), ns("08"))).map((t) => t.description),
    ).toEqual(["EINZAHLUNG AUF EIGENES KONTO", "210000000003139471430009017", "GS Bank USA", "Incoming Wire", ""]);
  });

  it("keep the payer's own words even without letters, and give a batch's parts the entry's text when they have none", () => {
    const invoice = bare(
      "50.00",
      "CRDT",
      "<BookgDt><Dt>2026-03-02</Dt></BookgDt><NtryDtls><TxDtls><RmtInf><Ustrd>4711 0815 2024</Ustrd></RmtInf></TxDtls></NtryDtls><AddtlNtryInf>GUTSCHRIFT</AddtlNtryInf>",
    );
    const part = (amount: string, name: string) =>
      `<TxDtls><Amt Ccy="EUR">${amount}</Amt><RltdPties><Cdtr><Nm>${name}</Nm></Cdtr></RltdPties></TxDtls>`;
    const wages = bare(
      "300.00",
      "DBIT",
      `<BookgDt><Dt>2026-03-31</Dt></BookgDt><NtryDtls>${part("100.00", "A Lee")}${part("200.00", "J Smith")}</NtryDtls><AddtlNtryInf>SEPA Sammelueberweisung Gehaelter Maerz</AddtlNtryInf>`,
    );
    expect(rows(document(statement(invoice + wages), ns("08"))).map((t) => [t.description, t.counterparty])).toEqual([
      ["4711 0815 2024", null],
      ["SEPA Sammelueberweisung Gehaelter Maerz", "A Lee"],
      ["SEPA Sammelueberweisung Gehaelter Maerz", "J Smith"],
    ]);
  });
});
