// A real SMTP server on 127.0.0.1 for tests: it accepts every message and keeps it parsed, in
// memory and (when given a folder) as JSON files another process can read.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export type ReceivedEmail = {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  receivedAt: number;
  /** Each header's raw value by its lower-case name (the last one when repeated). */
  headers: Record<string, string>;
};

export async function startSmtpSink(options: { port?: number; dir?: string } = {}) {
  const messages: ReceivedEmail[] = [];
  if (options.dir) mkdirSync(options.dir, { recursive: true });
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    // No reverse DNS lookup of the client: the sink only ever talks to 127.0.0.1.
    disableReverseLookup: true,
    logger: false,
    async onData(stream, session, callback) {
      try {
        const parsed = await simpleParser(stream);
        const email: ReceivedEmail = {
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          subject: parsed.subject ?? "",
          text: parsed.text ?? "",
          html: typeof parsed.html === "string" ? parsed.html : "",
          receivedAt: Date.now(),
          headers: Object.fromEntries(parsed.headerLines.map((h) => [h.key, h.line.slice(h.line.indexOf(":") + 1).trim()])),
        };
        messages.push(email);
        if (options.dir)
          writeFileSync(path.join(options.dir, `${email.receivedAt}-${Math.random().toString(36).slice(2)}.json`), JSON.stringify(email));
        callback();
      } catch (error) {
        callback(error as Error);
      }
    },
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const address = server.server.address();
  const port = typeof address === "object" && address ? address.port : options.port!;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    messages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first link in an email's text that starts with the given prefix. */
export function linkIn(email: ReceivedEmail, prefix: string): string {
  const link = email.text.match(/https?:\/\/\S+/g)?.find((l) => l.includes(prefix));
  if (!link) throw new Error(`No ${prefix} link in "${email.subject}"`);
  return link;
}
