import pino from "pino";
import { env } from "./env";

/** Structured logs; secrets (authorization headers, tokens, passwords) never reach the output. */
export const logger = pino({
  level: env.LOG_LEVEL ?? (env.NODE_ENV === "test" ? "silent" : "info"),
  base: { service: "personal-finance-api" },
  redact: {
    paths: [
      "authorization",
      "*.authorization",
      "headers.authorization",
      "req.headers.authorization",
      "token",
      "*.token",
      "session_token",
      "*.session_token",
      "password",
      "*.password",
      "*.current_password",
      "*.new_password",
    ],
    censor: "[redacted]",
  },
});
