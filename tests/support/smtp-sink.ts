// A real SMTP server on 127.0.0.1 for tests: it accepts every message and keeps it parsed, in
// memory and (when given a folder) as JSON files another process can read; or, for the benches,
// only counts what each recipient received.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { simpleParser } from "mailparser";
import { SMTPServer, type SMTPServerOptions } from "smtp-server";

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

const SINK_OPTIONS = {
  authOptional: true,
  disabledCommands: ["STARTTLS", "AUTH"] as string[],
  // No reverse DNS lookup of the client: the sink only ever talks to 127.0.0.1.
  disableReverseLookup: true,
  logger: false,
} satisfies SMTPServerOptions;

export async function startSmtpSink(options: { port?: number; dir?: string } = {}) {
  const messages: ReceivedEmail[] = [];
  if (options.dir) mkdirSync(options.dir, { recursive: true });
  const server = new SMTPServer({
    ...SINK_OPTIONS,
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
  return { ...(await listen(server, options.port)), messages };
}

/**
 * A sink for many messages (the digest bench): it reads each message to its end but does not parse
 * it, and keeps only how many messages each recipient received, so a duplicate still shows. Parsing
 * (startSmtpSink) costs about as much CPU as the sender building the message.
 */
export async function startCountingSmtpSink() {
  const received = new Map<string, number>();
  let total = 0;
  const server = new SMTPServer({
    ...SINK_OPTIONS,
    onData(stream, session, callback) {
      stream.on("data", () => {});
      stream.on("error", callback);
      stream.on("end", () => {
        total++;
        for (const { address } of session.envelope.rcptTo)
          received.set(address.toLowerCase(), (received.get(address.toLowerCase()) ?? 0) + 1);
        callback();
      });
    },
  });
  return {
    ...(await listen(server)),
    /** Messages received. */
    total: () => total,
    /** Recipients who received more than one message. */
    twice: () => [...received.values()].filter((n) => n > 1).length,
  };
}

async function listen(server: SMTPServer, port = 0) {
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.server.address();
  const bound = typeof address === "object" && address ? address.port : port;
  return {
    port: bound,
    url: `smtp://127.0.0.1:${bound}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first link in an email's text that starts with the given prefix. */
export function linkIn(email: ReceivedEmail, prefix: string): string {
  const link = email.text.match(/https?:\/\/\S+/g)?.find((l) => l.includes(prefix));
  if (!link) throw new Error(`No ${prefix} link in "${email.subject}"`);
  return link;
}
