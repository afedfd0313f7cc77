import { existsSync, readdirSync } from "node:fs";
import path from "node:path";

/**
 * Where the tests find real statement samples by format folder: ../shared holds the first sets
 * (CSV, OFX, QFX, MT940, Excel); tests/fixtures/statements holds the samples this project collected
 * itself (its SOURCES.md names each file's repository, commit and licence). A folder may exist in
 * both places; its files are the union.
 */
const ROOTS = [
  path.resolve(process.cwd(), "../shared/fixtures/statements"),
  path.resolve(process.cwd(), "tests/fixtures/statements"),
];

export interface FixtureFile {
  folder: string;
  name: string;
  path: string;
}

export function fixtureFiles(folder: string): FixtureFile[] {
  return ROOTS.flatMap((root) => {
    const dir = path.join(root, folder);
    return existsSync(dir) ? readdirSync(dir).map((name) => ({ folder, name, path: path.join(dir, name) })) : [];
  });
}

/** The path of one named sample of a folder. */
export function fixturePath(folder: string, name: string): string {
  const found = fixtureFiles(folder).find((file) => file.name === name);
  if (!found) throw new Error(`no statement sample ${folder}/${name}`);
  return found.path;
}
