import { z } from "zod";
import { parseTrustProxy } from "./http/trust-proxy";

/** Every environment variable the service reads, validated once; the rest of the code imports `env`. */
const envSchema = z.object({
  NODE_ENV: z.enum(["development", "test", "production"]).default("development"),
  /** postgres://... selects a PostgreSQL server; empty selects the embedded PGlite database. */
  DATABASE_URL: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined))
    .refine((value) => value === undefined || /^postgres(ql)?:\/\//.test(value), {
      message: "DATABASE_URL must start with postgres:// or postgresql://",
    }),
  /** Directory of the embedded database ("memory://" keeps it in memory). */
  PGLITE_DIR: z.string().default(".data/pglite"),
  /** Seed the demo workspace when the server starts on an empty database. */
  SEED_ON_EMPTY: z
    .enum(["true", "false", "1", "0"])
    .default("true")
    .transform((value) => value === "true" || value === "1"),
  /** Unset: info, and silent under vitest (NODE_ENV test). */
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).optional(),
  /** The port `npm start` listens on (0: any free one); links we send use it when no public origin is set. */
  PORT: z.preprocess(
    (value) => (value === "" ? undefined : value),
    z.coerce.number().int().min(0).max(65535).default(3000),
  ),
  /**
   * The plan a new workspace gets (how far back its reports reach: free 12 months, plus 36, pro 120).
   * A self-hosted service with no billing sets pro, so nobody's history is cut at a year.
   */
  NEW_WORKSPACE_PLAN: z.enum(["free", "plus", "pro"]).default("free"),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(600),
  /** Failed authentication attempts per client address and minute. */
  FAILED_AUTH_PER_MINUTE: z.coerce.number().int().positive().default(30),
  /** Wrong passwords per account (e-mail address) in 15 minutes, from any number of addresses. */
  FAILED_SIGN_IN_PER_ACCOUNT: z.coerce.number().int().positive().default(10),
  /**
   * Which peers may tell us the client's address in X-Forwarded-For: empty or "false" (the
   * socket's address, forwarded headers ignored), a number of proxy hops, or a comma-separated
   * list of addresses, CIDR ranges and the names loopback, linklocal, uniquelocal.
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .optional()
    .transform((value, context) => {
      try {
        return parseTrustProxy(value);
      } catch (error) {
        context.addIssue({ code: "custom", message: (error as Error).message });
        return z.NEVER;
      }
    }),
  /** Largest JSON (or form) request body in bytes; larger ones answer 413 before they are read. */
  MAX_JSON_BODY_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(100 * 1024 * 1024)
    .default(1024 * 1024),
  /** Spreadsheets read at once by this instance (each in a worker thread with a capped heap); others wait in line. */
  MAX_SPREADSHEET_READINGS: z.coerce.number().int().min(1).max(32).default(2),
  /** How long a spreadsheet waits in that line before its request answers 503 with Retry-After. */
  SPREADSHEET_WAIT_MS: z.coerce.number().int().min(0).max(60_000).default(3_000),
  /** redis://... shares rate-limit counters between instances; empty is unset, like DATABASE_URL. */
  REDIS_URL: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined))
    .refine((value) => value === undefined || /^rediss?:\/\/./.test(value), {
      message: "REDIS_URL must start with redis:// or rediss://",
    }),
  /**
   * Connections each instance keeps to PostgreSQL. Instances x this must stay below the server's
   * max_connections (100 by default) with room for other clients: README "Running several instances".
   */
  DATABASE_POOL_MAX: z.coerce.number().int().min(2).max(500).default(10),
  /** Development and tests: append every e-mail the service sends to this file (JSON lines) instead of printing it. */
  MAIL_OUTBOX_FILE: z.string().trim().min(1).optional(),
  /** Secret for next-auth's session cookie; required in production. */
  NEXTAUTH_SECRET: z.string().min(16).optional(),
  /** Public origin of the app: links in e-mails, the OpenAPI document's server entry. */
  PUBLIC_BASE_URL: originSetting("PUBLIC_BASE_URL"),
  /** Public origin of the dashboard (next-auth); the origin of links when PUBLIC_BASE_URL is unset. */
  NEXTAUTH_URL: originSetting("NEXTAUTH_URL"),
  /**
   * "off" stops the production server sending Strict-Transport-Security, which it sends when
   * NEXTAUTH_URL is https (a site that must stay reachable over plain http on that name, say).
   */
  HSTS: z.enum(["on", "off"]).default("on"),
  /** Webhook URLs may be http:// as well as https:// (development and tests). */
  WEBHOOK_ALLOW_HTTP: booleanSetting(),
  /**
   * Webhooks may be sent to loopback, private and link-local addresses (development and tests):
   * off, a URL resolving to one is refused at creation and at every delivery.
   */
  WEBHOOK_ALLOW_PRIVATE: booleanSetting(),
  /** Webhook deliveries one instance sends at once; the rest wait in the queue (a slow receiver never holds up the API). */
  WEBHOOK_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(16),
  /**
   * Tests only: multiplies the webhook retry delays and the 5 days after which a failing endpoint
   * is disabled (0.001: retries after 5 ms, 300 ms, 1.8 s, ...), so a test sees them without waiting.
   */
  PFA_TEST_WEBHOOK_TIME_SCALE: z.coerce.number().positive().max(1).default(1),
  /**
   * How long a claimed webhook delivery is kept from other instances (30 s): a delivery whose instance
   * died mid-attempt is sent by another after it. Tests of a takeover shorten it.
   */
  PFA_TEST_WEBHOOK_LEASE_MS: z.coerce.number().int().min(1_000).default(30_000),
  /**
   * Fault injection for tests/http/instances*.test.ts: a statement booking waits this long once it
   * holds its job's lock, so a test can kill or stop the process while a booking is under way.
   */
  PFA_TEST_BOOKING_DELAY_MS: z.coerce.number().int().min(0).default(0),
  /**
   * How long after its claim a job whose booking holds no lock may be taken over by another
   * instance (server/jobs/import-worker.ts); tests of a takeover shorten it instead of waiting 15 s.
   */
  PFA_TEST_TAKEOVER_AFTER_MS: z.coerce.number().int().min(2_000).default(15_000),
  /**
   * Tests only: a migrated embedded database (a file of dumpPglite, made by server/db/test-template.ts)
   * a new PGlite starts from instead of an initdb and every migration (about 8 s of CPU less for
   * each server a test starts). Ignored for a directory that already holds a database.
   */
  PFA_TEST_PGLITE_TEMPLATE: z.string().optional(),
});

/** true/1 or false/0 (default false). */
function booleanSetting() {
  return z
    .enum(["true", "false", "1", "0", ""])
    .default("false")
    .transform((value) => value === "true" || value === "1");
}

/** An http(s) origin setting: empty is unset; a path or trailing slash is dropped. */
function originSetting(name: string) {
  return z
    .string()
    .trim()
    .optional()
    .transform((value, context) => {
      if (!value) return undefined;
      try {
        const url = new URL(value);
        if (url.protocol !== "http:" && url.protocol !== "https:") throw new Error();
        return url.origin;
      } catch {
        context.addIssue({
          code: "custom",
          message: `${name} must be an http(s) origin such as https://money.example.com`,
        });
        return z.NEVER;
      }
    });
}

export type Env = z.infer<typeof envSchema>;

function loadEnv(): Env {
  const parsed = envSchema.safeParse(process.env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid environment configuration:\n${problems.join("\n")}`);
  }
  return parsed.data;
}

export const env: Env = loadEnv();
