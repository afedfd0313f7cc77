import { describe, expect, it } from "vitest";
import { summaryKind } from "./summary-lines";

describe("summary lines among a statement's rows", () => {
  it.each([
    ["SALDO FINALE", "closing"],
    ["Saldo iniziale al 01/01/2024", "opening"],
    ["Saldo iniziale", "opening"],
    ["Opening balance as of 2024-01-01", "opening"],
    ["Closing balance:", "closing"],
    ["Saldo początkowe", "opening"],
    ["Saldo końcowe na 31.12.2023", "closing"],
    ["Ingående saldo", "opening"],
    // What a Norwegian card bill (DNB) says is still owed from the bill before.
    ["Skyldig beløp fra forrige faktura", "opening"],
    ["Nouveau solde au 31/01/2024", "closing"],
    // The day's balance a Brazilian bank lists among the rows (Caixa's OFX).
    ["SALDO DIA", "closing"],
    ["Saldo do dia", "closing"],
    ["Входящий остаток", "opening"],
    ["Вихідний залишок на 31.01.2024", "closing"],
    ["期初余额", "opening"],
    ["期末余额", "closing"],
    ["Totale", "total"],
    ["合计", "total"],
    // A separator the export left in the cell (BancoPosta), quotes or a dash around the words.
    ["|SALDO FINALE", "closing"],
    ["SALDO INIZIALE|", "opening"],
    ['"Saldo neu"', "closing"],
    ["- Anfangssaldo -", "opening"],
    ["*** Endsaldo per 31.12.2023 ***", "closing"],
    ["«Входящий остаток»", "opening"],
  ])("%s is %s", (text, kind) => {
    expect(summaryKind(text)).toBe(kind);
  });

  it("reads a long run of symbols around a description in one pass, in any script", () => {
    // An end-anchored pattern took 30 s on 40,000 dashes after an "é" (the text went straight to
    // it): the test's time limit would stop that.
    expect(summaryKind(`é${"-".repeat(60_000)}é`)).toBeNull();
    expect(summaryKind(`${"-".repeat(60_000)}SALDO FINALE`)).toBeNull();
    expect(summaryKind(`${".".repeat(100)}Saldo finale${" ".repeat(100)}`)).toBe("closing");
  });

  it.each([
    "Saldo iniziale conto deposito titoli Rossi",
    "REWE Markt Saldo",
    "Payment to Balance Fitness 2024-01-01 ref 42",
    "Überweisung Saldo alt Müller",
    "|Saldo iniziale e commissioni|extra",
  ])("%s is a transaction", (text) => {
    expect(summaryKind(text)).toBeNull();
  });
});
