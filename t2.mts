import { PGlite } from "@electric-sql/pglite";
import { writeFileSync } from "node:fs";
import { openDatabase, dumpPglite } from "/work/main/server/db/client";
import { migrateTestDatabase } from "/work/main/server/db/testing";
const db = await openDatabase({ pgliteDir: "memory://" });
await migrateTestDatabase(db);
writeFileSync("/tmp/tpl.tar", Buffer.from(await (await dumpPglite(db)).arrayBuffer()));
await db.close();
