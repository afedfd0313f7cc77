import { describe, expect, it } from "vitest";
import { assertHeaderValue, MAX_MAIL_NAME_LENGTH, quotedForMail } from "./mail-text";

describe("quotedForMail", () => {
  it("keeps an ordinary name as it is, in double quotes", () => {
    expect(quotedForMail("Alex's money")).toBe(`"Alex's money"`);
    expect(quotedForMail("Familie Müller – Haushalt 2026")).toBe(`"Familie Müller – Haushalt 2026"`);
  });

  it("puts every kind of line break, control and invisible format character on one line", () => {
    const forged = "Acme\r\n\r\nYour statement\u2028is\u2029ready\u0085now\u000bhere\u202etxt.exe\u200b!";
    const quoted = quotedForMail(forged);
    expect(quoted).not.toMatch(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u);
    expect(quoted).toBe(`"Acme Your statement is ready now here txt[.]exe !"`);
  });

  it("defangs what a mail client would turn into a link or an address", () => {
    expect(quotedForMail("Your statement: https://evil.example/statement")).toBe(
      `"Your statement: https[:]//evil[.]example/statement"`,
    );
    expect(quotedForMail("see www.evil.example or help@evil.example")).toBe(
      `"see www[.]evil[.]example or help[@]evil[.]example"`,
    );
    // A full stop that ends a sentence is not a host name.
    expect(quotedForMail("Acme Inc. Berlin")).toBe(`"Acme Inc. Berlin"`);
  });

  it("turns the name's own double quotes into single ones, so the quoting cannot be closed early", () => {
    expect(quotedForMail('Acme" and "more')).toBe(`"Acme' and 'more"`);
  });

  it(`shows at most ${MAX_MAIL_NAME_LENGTH} characters, counting characters, not UTF-16 units`, () => {
    const long = "💶".repeat(100);
    const quoted = quotedForMail(long);
    expect(Array.from(quoted.slice(1, -1))).toHaveLength(MAX_MAIL_NAME_LENGTH);
    expect(quoted.endsWith('..."')).toBe(true);
    expect(quoted).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });
});

describe("assertHeaderValue", () => {
  it("refuses a header value with a line break", () => {
    expect(() => assertHeaderValue("Invitation\r\nBcc: victim@example.com", "subject")).toThrow(/subject/);
    expect(() => assertHeaderValue('Invitation to the workspace "Acme"', "subject")).not.toThrow();
  });
});
