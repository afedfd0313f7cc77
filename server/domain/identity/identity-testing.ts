import type { Mailer, MailMessage } from "./mailer";

/** A mailer for tests: keeps what it was asked to send. */
export class RecordingMailer implements Mailer {
  readonly sent: MailMessage[] = [];
  async send(message: MailMessage) {
    this.sent.push(message);
  }
}
