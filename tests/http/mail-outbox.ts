import { readFileSync } from "node:fs";

/** An e-mail the server sent, as the outbox file (MAIL_OUTBOX_FILE) holds it. */
export interface SentMail {
  to: string;
  subject: string;
  text: string;
}

/** The e-mails the server sent to `to`, oldest first; none while the outbox file does not exist yet. */
export function mailsTo(outboxFile: string, to: string): SentMail[] {
  let lines: string[];
  try {
    lines = readFileSync(outboxFile, "utf8").split("\n").filter(Boolean);
  } catch {
    return [];
  }
  return lines.map((line) => JSON.parse(line) as SentMail).filter((mail) => mail.to === to);
}

/** The password-reset token of the link in a mail's text. */
export function resetTokenIn(text: string): string {
  const match = /token=(pfr_[0-9A-Za-z]+)/.exec(text);
  if (!match) throw new Error(`no reset link in: ${text}`);
  return match[1]!;
}
