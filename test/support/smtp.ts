/**
 * A real SMTP server on a loopback port (smtp-server), for tests that send mail: every message it
 * accepts is parsed (mailparser) and kept. It can be stopped and started again on the same port to
 * play an outage.
 */
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";
import { WAIT_MS } from "./timeouts.ts";

export interface TestSmtp {
  /** `smtp://127.0.0.1:<port>`: the server's SMTP_URL. */
  url: string;
  port: number;
  /** Everything accepted so far, in arrival order. */
  messages: ParsedMail[];
  /** Resolves once `count` messages have arrived; throws after `timeoutMs`. */
  waitFor(count: number, timeoutMs?: number): Promise<ParsedMail[]>;
  /** Closes the port (new connections are refused) until `start()`. */
  stop(): Promise<void>;
  start(): Promise<void>;
}

function listen(messages: ParsedMail[], port: number): Promise<SMTPServer> {
  const server = new SMTPServer({
    authOptional: true,
    // Plain SMTP on loopback: no self-signed certificate for the client to refuse.
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          messages.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve(server));
  });
}

export async function startSmtp(): Promise<TestSmtp> {
  const messages: ParsedMail[] = [];
  let server: SMTPServer | undefined = await listen(messages, 0);
  const port = (server.server.address() as { port: number }).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    messages,
    async waitFor(count, timeoutMs = WAIT_MS) {
      const deadline = Date.now() + timeoutMs;
      while (messages.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} mail(s) within ${timeoutMs} ms, got ${messages.length}`);
        await Bun.sleep(20);
      }
      return messages;
    },
    async stop() {
      const closing = server;
      server = undefined;
      if (closing) await new Promise<void>((resolve) => closing.close(() => resolve()));
    },
    async start() {
      server ??= await listen(messages, port);
    },
  };
}
