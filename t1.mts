import { PGlite } from "@electric-sql/pglite";
import { readFileSync } from "node:fs";
let t = Date.now();
const p = await PGlite.create({ loadDataDir: new Blob([readFileSync(process.argv[2])]) });
console.log("fresh-process load", Date.now() - t); t = Date.now();
await p.query("select count(*) from pg_class");
console.log("first query", Date.now() - t);
