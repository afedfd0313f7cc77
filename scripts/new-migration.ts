/** npm run db:new-migration NAME: create prisma/migrations/<timestamp>_<name>/migration.sql to fill in by hand. */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";

const name = process.argv[2];
if (!name || !/^[a-z0-9_]+$/.test(name)) {
  console.error("usage: npm run db:new-migration -- name_in_snake_case");
  process.exit(1);
}
const stamp = new Date().toISOString().replace(/[-:T]/g, "").slice(0, 14);
const dir = path.join("prisma", "migrations", `${stamp}_${name}`);
mkdirSync(dir, { recursive: true });
writeFileSync(
  path.join(dir, "migration.sql"),
  "-- Write the SQL that takes the database from the previous migration to prisma/schema/.\n" +
    "-- The drift test (npm run test:unit) fails until schema and migrations agree.\n",
);
console.log(`created ${dir}/migration.sql`);
