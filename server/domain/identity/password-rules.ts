/** What a new password must be (sign-up, change, reset). No imports: the dashboard's forms read it too. */

/** The shortest password an account may set. */
export const MIN_PASSWORD_LENGTH = 10;
/** The longest: argon2 hashes any length, a limit keeps a hash cheap. */
export const MAX_PASSWORD_LENGTH = 256;
