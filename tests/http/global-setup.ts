import type { TestProject } from "vitest/node";
import { startServer } from "./server";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    databaseUrl: string;
    serverLogFile: string;
  }
}

/** One server for the HTTP suite, started like `npm start` does (migrations and demo seed at start-up). */
export default async function setup(project: TestProject) {
  // Debug level, so the secret-scanning test reads the most the server can write.
  const server = await startServer({ env: { LOG_LEVEL: "debug" } });
  project.provide("baseUrl", server.baseUrl);
  project.provide("databaseUrl", server.databaseUrl ?? "");
  project.provide("serverLogFile", server.logFile);
  return () => server.stop();
}
