import { z } from "zod";

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
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(600),
  /** Failed authentication attempts per client address and minute. */
  FAILED_AUTH_PER_MINUTE: z.coerce.number().int().positive().default(30),
  REDIS_URL: z.string().url().optional(),
  /** Secret for next-auth's session cookie; required in production. */
  NEXTAUTH_SECRET: z.string().min(16).optional(),
  /** Public origin of the app, used in the OpenAPI document's server entry. */
  PUBLIC_BASE_URL: z.string().url().optional(),
});

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
