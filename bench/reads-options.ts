/** bench:reads' command line: which database, which server, how long and at what load, which endpoints. */
import path from "node:path";
import { parseArgs } from "node:util";

/** The app's pool (server/env.ts DATABASE_POOL_MAX, default 10): the app is started with it, and the floor uses it. */
export const POOL_SIZE = Number(process.env.DATABASE_POOL_MAX ?? 10);

const ENDPOINT_KEYS = ["6", "10", "13", "health"] as const;
export type EndpointKey = (typeof ENDPOINT_KEYS)[number];

const USAGE = `Usage: npm run bench:reads [-- --engine postgres|pglite] [--server serve|next] [--analyze] [--transactions N] [--connections N] [--warmup S] [--duration S] [--only 6,10,13,health] [--cpu-profile DIR]
  --analyze      run VACUUM ANALYZE after seeding (planner statistics, as autovacuum would make them; the seed makes none)
  --only         measure these endpoints only (comma-separated: ${ENDPOINT_KEYS.join(", ")})
  --cpu-profile  write the app's CPU profile (node --cpu-prof, all of its load) to DIR: open it in Chrome's DevTools`;

export interface Options {
  engine: "postgres" | "pglite";
  /** scripts/serve.ts (as npm start) or `next start`. */
  server: "serve" | "next";
  /** VACUUM ANALYZE after seeding. */
  analyze: boolean;
  transactions: number;
  connections: number;
  warmupSeconds: number;
  durationSeconds: number;
  only: ReadonlySet<EndpointKey>;
  /** Where the app's CPU profile goes; none when undefined. */
  cpuProfileDir: string | undefined;
}

export function parseOptions(argv: string[]): Options {
  const number = (text: string | undefined, fallback: number, name: string) => {
    if (text === undefined) return fallback;
    const value = Number(text.replace(/[_,]/g, ""));
    if (!Number.isInteger(value) || value < 1) {
      console.error(`--${name} must be a positive whole number (got "${text}")\n${USAGE}`);
      process.exit(2);
    }
    return value;
  };
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        engine: { type: "string", default: "postgres" },
        server: { type: "string", default: "serve" },
        analyze: { type: "boolean", default: false },
        transactions: { type: "string" },
        connections: { type: "string" },
        warmup: { type: "string" },
        duration: { type: "string" },
        only: { type: "string" },
        "cpu-profile": { type: "string" },
        help: { type: "boolean", short: "h" },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    process.exit(2);
  }
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  if (values.engine !== "postgres" && values.engine !== "pglite") {
    console.error(`--engine must be postgres or pglite (got "${String(values.engine)}")\n${USAGE}`);
    process.exit(2);
  }
  if (values.server !== "serve" && values.server !== "next") {
    console.error(`--server must be serve or next (got "${String(values.server)}")\n${USAGE}`);
    process.exit(2);
  }
  const only = String(values.only ?? ENDPOINT_KEYS.join(","))
    .split(",")
    .map((key) => key.trim());
  const unknown = only.filter((key) => !(ENDPOINT_KEYS as readonly string[]).includes(key));
  if (unknown.length > 0 || only.length === 0) {
    console.error(`--only takes endpoints among ${ENDPOINT_KEYS.join(", ")} (got "${unknown.join(",")}")\n${USAGE}`);
    process.exit(2);
  }
  return {
    engine: values.engine,
    server: values.server,
    analyze: values.analyze === true,
    transactions: number(
      values.transactions as string | undefined,
      Number(process.env.BENCH_TRANSACTIONS ?? 100_000),
      "transactions",
    ),
    connections: number(values.connections as string | undefined, 32, "connections"),
    warmupSeconds: number(values.warmup as string | undefined, 3, "warmup"),
    durationSeconds: number(values.duration as string | undefined, 10, "duration"),
    only: new Set(only as EndpointKey[]),
    cpuProfileDir: values["cpu-profile"] === undefined ? undefined : path.resolve(String(values["cpu-profile"])),
  };
}
