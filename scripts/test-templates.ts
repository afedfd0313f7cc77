/**
 * npm test's PGlite templates, made once for every pass of the run (server/db/test-template.ts):
 * writes the empty and the migrated database as dump files into the directory given, as
 * empty.tar and template.tar. scripts/test-all.sh names them in PFA_TEST_PGLITE_EMPTY_TEMPLATE and
 * PFA_TEST_PGLITE_TEMPLATE for the unit and HTTP passes and the browser tests' servers.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { writePgliteTemplates } from "../server/db/test-template";

const dir = process.argv[2];
if (!dir) {
  console.error("usage: tsx scripts/test-templates.ts DIRECTORY");
  process.exit(2);
}
mkdirSync(dir, { recursive: true });
await writePgliteTemplates((name) => path.join(dir, `${name}.tar`));
