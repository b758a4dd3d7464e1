// Outgoing email over SMTP (nodemailer). In development without SMTP_URL each message is
// written as an .eml file to MAIL_OUTBOX_DIR and its links are printed to the server log, so a
// new user can still confirm an account.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import nodemailer from "nodemailer";
import { env } from "~/env.server";

export type Email = { to: string; subject: string; text: string; html: string; replyTo?: string; headers?: Record<string, string> };

let transport: nodemailer.Transporter | undefined;

export async function sendEmail(email: Email): Promise<void> {
  const config = env();
  const message = { from: config.MAIL_FROM, ...email };
  if (config.SMTP_URL) {
    transport ??= nodemailer.createTransport(config.SMTP_URL);
    await transport.sendMail(message);
    return;
  }
  const built = await nodemailer.createTransport({ streamTransport: true, buffer: true }).sendMail(message);
  mkdirSync(config.MAIL_OUTBOX_DIR, { recursive: true });
  const file = path.join(config.MAIL_OUTBOX_DIR, `${Date.now()}-${email.to.replace(/[^a-z0-9@.]/gi, "_")}.eml`);
  writeFileSync(file, built.message as Buffer);
  const links = email.text.match(/https?:\/\/\S+/g) ?? [];
  console.log(`Email to ${email.to}: "${email.subject}" saved to ${file}${links.length ? `\n  ${links.join("\n  ")}` : ""}`);
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Plain text and simple HTML from the same lines; a line that is a URL becomes a link. */
export function composeEmail(to: string, subject: string, lines: string[]): Email {
  const html = lines
    .map((line) =>
      /^https?:\/\/\S+$/.test(line) ? `<p><a href="${escapeHtml(line)}">${escapeHtml(line)}</a></p>` : `<p>${escapeHtml(line)}</p>`,
    )
    .join("\n");
  return {
    to,
    subject,
    text: [...lines, "", "Civic Atlas: find your elected officials."].join("\n\n"),
    html: `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5">${html}<p style="color:#475569">Civic Atlas: find your elected officials.</p></body></html>`,
  };
}
