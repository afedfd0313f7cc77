import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AppError } from "../../errors";
import { parseStatementFile } from "./parse-file";
import { fixtureFiles } from "./statement-fixtures";

/**
 * Property tests: whatever the bytes, a parser answers statements or a clear 400; never a crash
 * (a non-AppError) and never a hang. A hang is told by the upload's own bound (10 s), not by a
 * speed target: these files take well under a second alone, but the test shares the machine's
 * cores with other test files (speed is measured in bench/, not here).
 */
const HANG_MS = 10_000;
const read = (folders: string[]) =>
  folders.flatMap(fixtureFiles).map((file) => ({ name: file.name, bytes: readFileSync(file.path) }));
const TEXT_FIXTURES = read(["csv", "ofx", "qfx", "mt940", "camt", "qif"]);
const SPREADSHEETS = read(["xlsx", "xls"]);
const NAMES = ["s.csv", "s.txt", "s.ofx", "s.qfx", "s.sta", "s.940", "s.mt940", "s.xlsx", "s.xls", "s.bin"];

async function answersClearly(bytes: Uint8Array, name: string): Promise<void> {
  const started = performance.now();
  try {
    const parsed = await parseStatementFile(Buffer.from(bytes), name, { defaultCurrencyCode: "EUR" });
    expect(Array.isArray(parsed.statements)).toBe(true);
  } catch (error) {
    if (!(error instanceof AppError) || error.status !== 400) throw error;
  }
  expect(performance.now() - started).toBeLessThan(HANG_MS);
}

describe("statement parsers on hostile input", () => {
  it("answer random bytes under any name", async () => {
    await fc.assert(fc.asyncProperty(fc.uint8Array({ maxLength: 4096 }), fc.constantFrom(...NAMES), answersClearly), {
      numRuns: 150,
    });
  }, 120_000);

  it("answer truncated and mutated text fixtures", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...TEXT_FIXTURES),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.array(fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.integer({ min: 0, max: 255 })), {
          maxLength: 8,
        }),
        async (fixture, cut, flips) => {
          const bytes = Uint8Array.from(fixture.bytes.subarray(0, Math.floor(fixture.bytes.length * cut)));
          for (const [at, value] of flips) if (bytes.length > 0) bytes[Math.floor(at * (bytes.length - 1))] = value;
          await answersClearly(bytes, fixture.name);
        },
      ),
      { numRuns: 200 },
    );
  }, 180_000);

  it("answer truncated spreadsheets", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...SPREADSHEETS),
        fc.double({ min: 0.05, max: 0.95, noNaN: true }),
        async (fixture, cut) => {
          await answersClearly(fixture.bytes.subarray(0, Math.floor(fixture.bytes.length * cut)), fixture.name);
        },
      ),
      { numRuns: 12 },
    );
  }, 120_000);
});
