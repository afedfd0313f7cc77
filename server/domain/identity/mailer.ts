import { appendFile } from "node:fs/promises";
import { env } from "../../env";
import { logger } from "../../logger";
import { assertHeaderValue } from "./mail-text";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Sends e-mail. A real provider implements this (passing each message through checkedMessage); development uses the outbox below. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** The message, once its header values are known to hold no line break (a header injection would be a bug of ours). */
function checkedMessage(message: MailMessage): MailMessage {
  assertHeaderValue(message.to, "recipient");
  assertHeaderValue(message.subject, "subject");
  return message;
}

/**
 * Keeps the last messages in memory and, outside production, prints them to the console so a
 * developer can follow a reset link. Never through the structured log, which must stay free of
 * secrets.
 */
class DevelopmentMailer implements Mailer {
  readonly outbox: MailMessage[] = [];

  async send(message: MailMessage): Promise<void> {
    this.outbox.push(checkedMessage(message));
    if (this.outbox.length > 100) this.outbox.shift();
    if (env.NODE_ENV === "production") {
      logger.warn({ subject: message.subject }, "no mailer is configured: an e-mail was not sent");
    } else {
      console.info(`\n--- e-mail to ${message.to}: ${message.subject}\n${message.text}\n---\n`);
    }
  }
}

/**
 * Appends every message as one JSON line to a file (MAIL_OUTBOX_FILE): for development and for
 * the HTTP tests, which read the links the service sends from there. Not a way to deliver mail.
 */
class FileMailer implements Mailer {
  constructor(private readonly file: string) {}

  async send(message: MailMessage): Promise<void> {
    await appendFile(
      this.file,
      `${JSON.stringify({ ...checkedMessage(message), sent_at: new Date().toISOString() })}\n`,
      { mode: 0o600 },
    );
  }
}

const globalForMailer = globalThis as unknown as { mailer?: Mailer };

export function getMailer(): Mailer {
  globalForMailer.mailer ??= env.MAIL_OUTBOX_FILE ? new FileMailer(env.MAIL_OUTBOX_FILE) : new DevelopmentMailer();
  return globalForMailer.mailer;
}
