// Outgoing email over SMTP (nodemailer). In development without SMTP_URL each message is
// written as an .eml file to MAIL_OUTBOX_DIR and its links are printed to the server log, so a
// new user can still confirm an account.
import { randomBytes } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { connect, type Socket } from "node:net";
import path from "node:path";
import nodemailer from "nodemailer";
import { env } from "~/env.server";

export type Email = { to: string; subject: string; text: string; html: string; replyTo?: string; headers?: Record<string, string> };

/**
 * A message that was not sent. Its message is a short reason fit to store and show to people;
 * the technical detail (server answers, file paths) goes to the server log only.
 */
export class EmailNotSentError extends Error {}

// nodemailer's codes for a server it could not talk to; any other SMTP failure is a refusal.
const UNREACHABLE = new Set(["ECONNECTION", "ETIMEDOUT", "ESOCKET", "EDNS", "ETLS", "ECONNREFUSED", "ECONNRESET", "ENOTFOUND"]);

let transport: nodemailer.Transporter | undefined;

export async function sendEmail(email: Email): Promise<void> {
  const config = env();
  const message = { from: config.MAIL_FROM, ...email };
  if (config.SMTP_URL) {
    transport ??= nodemailer.createTransport(config.SMTP_URL);
    return deliver(transport, email);
  }
  try {
    const built = await nodemailer.createTransport({ streamTransport: true, buffer: true }).sendMail(message);
    mkdirSync(config.MAIL_OUTBOX_DIR, { recursive: true });
    // Unique even for two messages to the same address in the same millisecond; "wx" never overwrites.
    const recipient = email.to.replace(/[^a-z0-9@.]/gi, "_").slice(0, 64);
    const file = path.join(config.MAIL_OUTBOX_DIR, `${Date.now()}-${randomBytes(6).toString("hex")}-${recipient}.eml`);
    writeFileSync(file, built.message as Buffer, { flag: "wx" });
    const links = email.text.match(/https?:\/\/\S+/g) ?? [];
    console.log(`Email to ${email.to}: "${email.subject}" saved to ${file}${links.length ? `\n  ${links.join("\n  ")}` : ""}`);
  } catch (error) {
    throw notSent(error, email, "The message could not be saved to the development mail folder");
  }
}

async function deliver(through: nodemailer.Transporter, email: Email) {
  try {
    // Our text is mostly Latin letters, for which nodemailer would choose quoted-printable anyway
    // after counting every letter of the message (a third of the digest job's CPU time for mail).
    await through.sendMail({ from: env().MAIL_FROM, textEncoding: "quoted-printable", ...email });
  } catch (error) {
    const code = (error as { code?: string }).code ?? "";
    throw notSent(error, email, UNREACHABLE.has(code) ? "The mail server could not be reached" : "The mail server refused the message");
  }
}

/** SMTP connections a mail pool keeps open when SMTP_URL does not say (its `maxConnections` parameter). */
export const MAIL_POOL_CONNECTIONS = 8;

/**
 * For many messages in a row (the digest job): a pool of SMTP connections, each reused for many
 * messages, so a message does not pay for its own connection and greeting. Settings in SMTP_URL's
 * query (`?maxConnections=3`, `&maxMessages=…`, `&pool=false`) win over these defaults. Without
 * SMTP_URL (development) messages go to the outbox folder one by one, as sendEmail does. Close it
 * when the run ends; the app's other mail keeps its own transport.
 */
export function openMailPool(): { send: (email: Email) => Promise<void>; close: () => void } {
  const url = env().SMTP_URL;
  if (!url) return { send: sendEmail, close: () => {} };
  const pooled = new URL(url);
  if (!pooled.searchParams.has("pool")) pooled.searchParams.set("pool", "true");
  if (!pooled.searchParams.has("maxConnections")) pooled.searchParams.set("maxConnections", String(MAIL_POOL_CONNECTIONS));
  const through = nodemailer.createTransport(pooled.toString());
  // nodemailer's own hook for making its connections (a proxy setting in SMTP_URL keeps its own).
  if (!pooled.searchParams.has("proxy")) Object.assign(through, { getSocket: connectWithoutDelay });
  return { send: (email) => deliver(through, email), close: () => through.close() };
}

const CONNECT_TIMEOUT_MS = 2 * 60 * 1000;

/**
 * A connection to the mail server that sends each write at once (TCP_NODELAY). With Nagle's
 * algorithm the end of each message waited for the server's delayed acknowledgement, about 40 ms a
 * message on each connection, which capped a pool of 8 connections near 120 messages a second.
 * A TLS server (smtps://, STARTTLS) is still upgraded by nodemailer over this connection.
 */
function connectWithoutDelay(
  options: { host?: string; port?: number | string; secure?: boolean },
  callback: (error: Error | null, socket?: { connection: Socket }) => void,
) {
  // nodemailer's defaults when SMTP_URL names no host or port.
  const port = Number(options.port) || (options.secure ? 465 : 587);
  const socket = connect({ host: options.host || "localhost", port, noDelay: true });
  const fail = (error: Error) => {
    socket.destroy();
    callback(error);
  };
  socket.setTimeout(CONNECT_TIMEOUT_MS, () => fail(Object.assign(new Error("Connection timeout"), { code: "ETIMEDOUT" })));
  socket.once("error", fail);
  socket.once("connect", () => {
    socket.setTimeout(0);
    socket.off("error", fail);
    callback(null, { connection: socket });
  });
}

function notSent(error: unknown, email: Email, reason: string) {
  const detail = error instanceof Error ? `${(error as { code?: string }).code ?? error.name}: ${error.message}` : String(error);
  console.error(`Email "${email.subject}" to ${email.to.slice(0, 254)} not sent: ${reason}. ${detail.slice(0, 1000)}`);
  return new EmailNotSentError(reason);
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
