/**
 * Payment settings (docs/payments.md): the catalog, and the Monobank jar the service sells through.
 * The provider is configured only when token, jar id and the jar's send id are all set; a partial
 * setting stops the server (a half-configured provider would sell links nobody can credit).
 */
import { loadCatalog, type Catalog } from "./catalog.ts";

export interface MonobankConfig {
  /** Base of the personal API, https://api.monobank.ua (a local fake in tests and development). */
  apiUrl: string;
  token: string;
  /** The jar's account id: the statement is read from it. */
  jarId: string;
  /** The jar's public id in its send link. */
  sendId: string;
  /** Where the jar's public page lives: `${sendUrl}${sendId}?a=…&t=…` is the link a payer opens. */
  sendUrl: string;
  /** The secret path segment of the webhook route; unset = no webhook route (polling only). */
  webhookSecret: string | undefined;
  /** The provider allows one call per this many ms per token (60 s at Monobank). */
  minCallIntervalMs: number;
  /** How often a process tries to read the statement (the shared budget decides who actually does). */
  pollIntervalMs: number;
  /** How far back the poller re-reads every window, so an item booked late is still seen. */
  overlapMs: number;
  /** How far back the first poll reads (no cursor yet). */
  initialLookbackMs: number;
  /** Deadline of one provider call. */
  timeoutMs: number;
  /** Longest backoff after repeated 429/5xx. */
  maxBackoffMs: number;
}

export interface PaymentsConfig {
  catalog: Catalog;
  /** Null: not configured — /products says available=false and /topup answers 503 payment_unavailable. */
  monobank: MonobankConfig | null;
  /** A pending payment expires this long after its creation. */
  ttlMs: number;
  /** Test-only: after reading a statement, wait this long before crediting (the crash test kills the process then). */
  testPauseBeforeCreditMs: number;
}

type Env = Record<string, string | undefined>;
type Integer = (env: Env, name: string, fallback: number, min?: number) => number;

const HOUR = 3_600_000;
const MINUTE = 60_000;

export function loadPaymentsConfig(env: Env, integer: Integer): PaymentsConfig {
  const catalog = loadCatalog(env);
  const ttlMs = integer(env, "PAYMENT_TTL_HOURS", 24, 1) * HOUR;
  const parts = { MONOBANK_TOKEN: env.MONOBANK_TOKEN, MONOBANK_JAR_ID: env.MONOBANK_JAR_ID, MONOBANK_JAR_SEND_ID: env.MONOBANK_JAR_SEND_ID };
  const set = Object.entries(parts).filter(([, v]) => v);
  const testPauseBeforeCreditMs = integer(env, "PAYMENTS_TEST_PAUSE_BEFORE_CREDIT_MS", 0);
  if (set.length === 0) return { catalog, monobank: null, ttlMs, testPauseBeforeCreditMs };
  if (set.length < 3) {
    const missing = Object.entries(parts).filter(([, v]) => !v).map(([k]) => k);
    throw new Error(`the payment provider is half configured: set ${missing.join(" and ")} too (or none of MONOBANK_TOKEN, MONOBANK_JAR_ID, MONOBANK_JAR_SEND_ID)`);
  }
  const apiUrl = (env.MONOBANK_API_URL || "https://api.monobank.ua").replace(/\/+$/, "");
  const sendUrl = env.MONOBANK_SEND_URL || "https://send.monobank.ua/jar/";
  for (const [name, value] of [["MONOBANK_API_URL", apiUrl], ["MONOBANK_SEND_URL", sendUrl]]) {
    if (!URL.canParse(value!)) throw new Error(`${name} must be a URL, got "${value}"`);
  }
  const webhookSecret = env.MONOBANK_WEBHOOK_SECRET || undefined;
  if (webhookSecret !== undefined && !/^[A-Za-z0-9_-]{24,}$/.test(webhookSecret)) {
    throw new Error("MONOBANK_WEBHOOK_SECRET must be at least 24 characters of A-Z a-z 0-9 _ - (it is the only thing that guards the webhook)");
  }
  const minCallIntervalMs = integer(env, "MONOBANK_MIN_CALL_INTERVAL_MS", MINUTE, 1);
  return {
    catalog,
    ttlMs,
    testPauseBeforeCreditMs,
    monobank: {
      apiUrl,
      token: parts.MONOBANK_TOKEN!,
      jarId: parts.MONOBANK_JAR_ID!,
      sendId: parts.MONOBANK_JAR_SEND_ID!,
      sendUrl: sendUrl.endsWith("/") ? sendUrl : `${sendUrl}/`,
      webhookSecret,
      minCallIntervalMs,
      pollIntervalMs: integer(env, "MONOBANK_POLL_INTERVAL_MS", minCallIntervalMs, 1),
      overlapMs: integer(env, "MONOBANK_POLL_OVERLAP_MS", 10 * MINUTE),
      initialLookbackMs: integer(env, "MONOBANK_INITIAL_LOOKBACK_HOURS", 48, 1) * HOUR,
      timeoutMs: integer(env, "MONOBANK_TIMEOUT_MS", 15_000, 1),
      maxBackoffMs: integer(env, "MONOBANK_MAX_BACKOFF_MS", 10 * MINUTE, 1),
    },
  };
}
