import { defineConfig } from "prisma/config";

// The url is only read by Prisma CLI commands that talk to a database; the app chooses its
// database in server/db/client.ts and applies migrations with scripts/db-migrate.ts.
export default defineConfig({
  schema: "prisma/schema",
  migrations: { path: "prisma/migrations" },
  datasource: { url: process.env.DATABASE_URL ?? "postgres://localhost:5432/unused" },
});
