import type { TestProject } from "vitest/node";
import { pgliteTemplate } from "../../server/db/test-template";
import { startServer } from "./server";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    databaseUrl: string;
    serverLogFile: string;
    outboxFile: string;
    publicOrigin: string;
    serverPid: number;
  }
}

/** One server for the HTTP suite, started like `npm start` does (migrations and demo seed at start-up, on PGlite from the template). */
export default async function setup(project: TestProject) {
  // The servers of the suite on PGlite begin from a migrated database (PFA_TEST_PGLITE_TEMPLATE, which
  // they inherit) instead of an initdb and every migration: about 8 s of CPU each. Starting on an
  // empty database, as `npm start` does on a new machine, is server/db/startup.test.ts's.
  const removeTemplates = process.env.TEST_DATABASE_URL ? undefined : await pgliteTemplate();
  // A run of files that start servers of their own (tests/http/instances*.test.ts, see scripts/test-all.sh) needs no shared one.
  if (process.env.PFA_HTTP_SHARED_SERVER === "off") return removeTemplates;
  // Debug level, so the secret-scanning test reads the most the server can write.
  const publicOrigin = "https://money.example.test";
  const server = await startServer({
    env: {
      LOG_LEVEL: "debug",
      PUBLIC_BASE_URL: publicOrigin,
      NEXTAUTH_SECRET: "http-test-only-nextauth-secret-0123456789",
    },
  });
  project.provide("baseUrl", server.baseUrl);
  project.provide("databaseUrl", server.databaseUrl ?? "");
  project.provide("serverLogFile", server.logFile);
  project.provide("outboxFile", server.outboxFile);
  project.provide("publicOrigin", publicOrigin);
  project.provide("serverPid", server.pid);
  return async () => {
    await server.stop();
    await removeTemplates?.();
  };
}
