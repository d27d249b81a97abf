import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  /** The SMTP envelope: what the server was told to deliver, and to whom. */
  envelope: { from: string; to: string[] };
  parsed: ParsedMail;
}

/**
 * A real SMTP server on a free local port for one test file: it accepts every mail (except to the
 * addresses in `refuse`, which get a 550 at RCPT TO) and keeps it parsed, so a test checks what a
 * mail server really received. No TLS and no auth: it only listens on 127.0.0.1.
 */
export async function startSmtpTestServer(options: { refuse?: string[] } = {}) {
  const received: ReceivedMail[] = [];
  const refuse = new Set((options.refuse ?? []).map((address) => address.toLowerCase()));
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (refuse.has(address.address.toLowerCase())) {
        const error = new Error("Mailbox unavailable") as Error & { responseCode: number };
        error.responseCode = 550;
        callback(error);
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          received.push({
            envelope: {
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
              to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            },
            parsed,
          });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const address = server.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
