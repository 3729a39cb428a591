/**
 * Delivers the outbox. Every server process runs one sender; they share the work through the
 * database: a sender claims due rows with one conditional UPDATE that sets a lease and its own
 * claim token, so two processes never hold the same mail, and only the holder may record the
 * outcome. A failed attempt is retried with exponential backoff (MailConfig); after maxAttempts the
 * mail is marked failed for the operator (`admin outbox`). A process killed while sending leaves the
 * lease to run out, and another sender retries — delivery is at least once (an SMTP server that
 * accepted the mail just before the kill would get it twice; SMTP has no way to ask).
 */
import { and, asc, eq, inArray, isNull, lte, or, sql } from "drizzle-orm";
import nodemailer from "nodemailer";
import type { MailConfig, SmtpConfig } from "../config.ts";
import type { Db } from "../db/open.ts";
import { outbox } from "../db/schema.ts";
import { onMailQueued, type OutgoingMail } from "./outbox.ts";

/** Sends one mail or throws; what the sender loop calls. */
export interface Delivery {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** SMTP timeouts: a stuck server fails the attempt well inside the lease. */
const SMTP_TIMEOUT_MS = 20_000;
/** A claimed row belongs to its sender this long; longer than any one SMTP attempt can take. */
const LEASE_MS = 5 * 60_000;
/** Mails claimed at a time by one sender. */
const CLAIM_BATCH = 10;

export function smtpDelivery(smtp: SmtpConfig, from: string): Delivery {
  const timeouts = { connectionTimeout: SMTP_TIMEOUT_MS, greetingTimeout: SMTP_TIMEOUT_MS, socketTimeout: SMTP_TIMEOUT_MS };
  const transport = nodemailer.createTransport(
    "url" in smtp
      ? { url: smtp.url, ...timeouts }
      : { host: smtp.host, port: smtp.port, secure: smtp.secure, ...timeouts, ...(smtp.user ? { auth: { user: smtp.user, pass: smtp.pass ?? "" } } : {}) },
  );
  return {
    async send(mail) {
      await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
    },
    close: () => transport.close(),
  };
}

/** Development without SMTP: the mail is printed to the log and counts as sent. */
export function logDelivery(log: (line: string) => void = console.log): Delivery {
  return {
    async send(mail) {
      log(`mail (no SMTP configured, printed instead of sent) [${mail.kind}] to ${mail.to}\nSubject: ${mail.subject}\n\n${mail.text}`);
    },
    close() {},
  };
}

/** Neither SMTP nor the development log: the mail stays in the outbox, retried, until SMTP is configured. */
const noDelivery: Delivery = {
  async send() {
    throw new Error("no SMTP configured (SMTP_URL or SMTP_HOST), and this is not a development start");
  },
  close() {},
};

export function deliveryFor(config: MailConfig): Delivery {
  if (config.smtp) return smtpDelivery(config.smtp, config.from);
  return config.toLog ? logDelivery() : noDelivery;
}

/** Wait after the n-th failed attempt (n ≥ 1). */
export function backoffMs(config: Pick<MailConfig, "retryBaseMs" | "retryMaxMs">, attempts: number): number {
  return Math.min(config.retryMaxMs, config.retryBaseMs * 2 ** Math.min(attempts - 1, 30));
}

export interface MailSender {
  /** One pass: claims and sends every due mail. Returns how many were attempted. */
  runOnce(): Promise<number>;
  /** Stops the loop, waits for the mail in hand, closes the SMTP connection. */
  stop(): Promise<void>;
}

/** Claims up to CLAIM_BATCH due rows for `token`. */
async function claim(db: Db, token: string, now: number) {
  const due = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(eq(outbox.status, "pending"), lte(outbox.nextAttemptAt, now), or(isNull(outbox.leaseUntil), lte(outbox.leaseUntil, now))))
    .orderBy(asc(outbox.nextAttemptAt), asc(outbox.id))
    .limit(CLAIM_BATCH);
  return db
    .update(outbox)
    .set({ attempts: sql`${outbox.attempts} + 1`, leaseUntil: now + LEASE_MS, claim: token })
    .where(and(inArray(outbox.id, due), eq(outbox.status, "pending")))
    .returning();
}

export function startMailSender(db: Db, config: MailConfig, delivery: Delivery = deliveryFor(config)): MailSender {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<unknown> | undefined;
  let again = false;
  let stopped = false;

  async function runOnce(): Promise<number> {
    let attempted = 0;
    for (;;) {
      const token = crypto.randomUUID();
      const claimed = await claim(db, token, Date.now());
      for (const row of claimed) {
        attempted++;
        const mine = and(eq(outbox.id, row.id), eq(outbox.claim, token));
        try {
          await delivery.send(row);
          await db.update(outbox).set({ status: "sent", sentAt: Date.now(), leaseUntil: null, claim: null, lastError: null }).where(mine);
        } catch (err) {
          const lastError = (err instanceof Error ? err.message : String(err)).slice(0, 1000);
          const givenUp = row.attempts >= config.maxAttempts;
          await db
            .update(outbox)
            .set({ status: givenUp ? "failed" : "pending", nextAttemptAt: Date.now() + backoffMs(config, row.attempts), leaseUntil: null, claim: null, lastError })
            .where(mine);
          console.error(`mail ${row.id} to ${row.to}: attempt ${row.attempts} failed${givenUp ? ", giving up" : ""}: ${lastError}`);
        }
      }
      if (claimed.length < CLAIM_BATCH || stopped) return attempted;
    }
  }

  /**
   * Until the next mail becomes claimable, but at least every pollMs: other processes' new mail is
   * found then. A mail another sender holds becomes claimable when its lease runs out, not before
   * (else this loop would spin while the other sender works).
   */
  async function nextDelay(): Promise<number> {
    const claimable = sql<number | null>`min(max(${outbox.nextAttemptAt}, coalesce(${outbox.leaseUntil}, 0)))`;
    const [row] = await db.select({ next: claimable }).from(outbox).where(eq(outbox.status, "pending"));
    const next = row?.next ?? null;
    return next === null ? config.pollMs : Math.max(0, Math.min(config.pollMs, next - Date.now()));
  }

  function schedule(delay: number) {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(tick, delay);
  }

  function tick() {
    if (stopped) return;
    if (running) {
      again = true; // woken while busy: one more pass right after this one
      return;
    }
    again = false;
    running = runOnce()
      .then(nextDelay)
      .catch((err) => {
        console.error("mail sender:", err);
        return config.pollMs;
      })
      .then((delay) => {
        running = undefined;
        schedule(again ? 0 : delay);
      });
  }

  const unsubscribe = onMailQueued(() => schedule(0));
  schedule(0);
  return {
    runOnce,
    async stop() {
      stopped = true;
      unsubscribe();
      clearTimeout(timer);
      await running;
      delivery.close();
    },
  };
}
