import { existsSync, readdirSync } from "node:fs";
import path from "node:path";

/**
 * Where the tests find real statement samples by format folder: ../shared holds the first sets
 * (CSV, OFX, QFX, MT940, Excel); tests/fixtures/statements holds the CAMT and QIF samples this
 * project collected itself (its SOURCES.md names each file's repository, commit and licence).
 */
const SHARED = path.resolve(process.cwd(), "../shared/fixtures/statements");
const OWN = path.resolve(process.cwd(), "tests/fixtures/statements");

export function fixtureFolder(folder: string): string {
  const own = path.join(OWN, folder);
  return existsSync(own) ? own : path.join(SHARED, folder);
}

export function fixtureFiles(folder: string): Array<{ folder: string; name: string; path: string }> {
  const dir = fixtureFolder(folder);
  return readdirSync(dir).map((name) => ({ folder, name, path: path.join(dir, name) }));
}
