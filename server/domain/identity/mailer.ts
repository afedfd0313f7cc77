import { logger } from "../../logger";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Sends e-mail. A real provider implements this; development uses the outbox below. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * Keeps the last messages in memory and, outside production, prints them to the console so a
 * developer can follow a reset link. Never through the structured log, which must stay free of
 * secrets.
 */
export class DevelopmentMailer implements Mailer {
  readonly outbox: MailMessage[] = [];

  async send(message: MailMessage): Promise<void> {
    this.outbox.push(message);
    if (this.outbox.length > 100) this.outbox.shift();
    if (process.env.NODE_ENV === "production") {
      logger.warn({ subject: message.subject }, "no mailer is configured: an e-mail was not sent");
    } else {
      console.info(`\n--- e-mail to ${message.to}: ${message.subject}\n${message.text}\n---\n`);
    }
  }
}

const globalForMailer = globalThis as unknown as { mailer?: Mailer };

export function getMailer(): Mailer {
  globalForMailer.mailer ??= new DevelopmentMailer();
  return globalForMailer.mailer;
}
