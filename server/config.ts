/**
 * Server configuration: environment variables only, each with a default (docs/api.md, "Configuration").
 * Read once at start; a bad value stops the server with a message instead of running misconfigured.
 */
import { DEFAULT_LINK_POLICY, type LinkPolicy } from "./links/policy.ts";
import { loadPaymentsConfig, type PaymentsConfig } from "./payments/config.ts";
import { parseSourceHosts, type SourcePolicy } from "./sources/url-source.ts";
import { isLoopbackHost, parseTrustedProxies, type TrustedProxies } from "./http/client-address.ts";

export interface Config {
  /**
   * The explicit development switch (`SKHEMA_DEV=1`, `npm start`): letters go to the log when no SMTP
   * is configured, and the loopback origin stands in for PUBLIC_BASE_URL. Off, the start is a
   * production start and `deploymentProblems` must find nothing.
   */
  dev: boolean;
  port: number;
  host: string;
  databaseUrl: string;
  databaseAuthToken: string | undefined;
  /** Largest request body of POST /render and of POST /render/batch, in bytes. */
  maxRenderBody: number;
  maxBatchBody: number;
  /** Batch items in flight at once (source fetches overlap; the render pool runs as many as it has workers). */
  batchConcurrency: number;
  render: RenderConfig;
  /** Requests per minute per key on the free endpoints (/me, /topup, /products, /gift). */
  rateLimitPerMinute: number;
  /** How long shutdown waits for in-flight requests before closing anyway. */
  shutdownTimeoutMs: number;
  /** Public address of the service without /v1 (e.g. https://skhema.example) as configured: OpenAPI `servers`. */
  publicBaseUrl: string | undefined;
  /**
   * The site's origin: PUBLIC_BASE_URL, or in development the fixed loopback origin
   * `http://localhost:<PORT>`. Links in e-mails and pages come from here, never from a request's
   * Host header; a site request whose Host names another host is refused.
   */
  origin: string;
  /** Proxies whose X-Forwarded-For / Forwarded name the client (TRUSTED_PROXIES); nobody else is believed. */
  trustedProxies: TrustedProxies;
  source: SourcePolicy;
  payments: PaymentsConfig;
  mail: MailConfig;
  /** Temporary public links to rendered files (issue 28): how long they live, how many per account. */
  links: LinkPolicy;
}

/** The render pool and the bounds of every render (docs/api.md "Render budgets and fair use"). */
export interface RenderConfig {
  /** Render workers (default: cores + 1); the server's own thread never renders. One user holds at most all but one. */
  workers: number;
  /** Wall-clock budget of one render (POST /render), from when it reaches the render pool (a wait for a worker included). */
  budgetMs: number;
  /** The same for each item of a batch (and for drawing the batch's bundle). */
  batchItemBudgetMs: number;
  /** Memory one worker may add to the server's idle level before its render is stopped. */
  memoryMb: number;
  /** A worker holding a heap larger than this after a render is replaced by a fresh one. */
  recycleMb: number;
  /** Renders (a batch is one) in flight at once per key; more are answered 429 rate_limited. */
  concurrencyPerKey: number;
  /** Failed, refused or abandoned renders per key per minute before 429 rate_limited (successes are unlimited). */
  failuresPerMinute: number;
}

/** Where mail goes: an SMTP server (a URL, or host/port/user/password), or — without either — the log. */
export type SmtpConfig = { url: string } | { host: string; port: number; secure: boolean; user: string | undefined; pass: string | undefined };

export interface MailConfig {
  /** Undefined: no mail leaves; in development (`toLog`) it is printed to the log instead. */
  smtp: SmtpConfig | undefined;
  /** Development without SMTP: every mail is printed to the log and counted as sent. */
  toLog: boolean;
  /** The From header, e.g. `Skhema <no-reply@skhema.example>`. */
  from: string;
  /** How often each process looks for due mail (new mail from this process is sent at once). */
  pollMs: number;
  /** Backoff after the n-th failed attempt: retryBaseMs · 2^(n−1), at most retryMaxMs. */
  retryBaseMs: number;
  retryMaxMs: number;
  /** After this many failed attempts the mail is marked failed (the admin command can retry it). */
  maxAttempts: number;
}

const MiB = 1024 * 1024;

function integer(env: Record<string, string | undefined>, name: string, fallback: number, min = 0): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < min) throw new Error(`${name} must be a whole number ≥ ${min}, got "${raw}"`);
  return value;
}

const flag = (env: Record<string, string | undefined>, name: string) => env[name] === "1" || env[name] === "true";

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const dev = flag(env, "SKHEMA_DEV");
  const port = integer(env, "PORT", 8787);
  const configuredBase = publicBaseUrl(env.PUBLIC_BASE_URL);
  const smtp = smtpConfig(env);
  return {
    dev,
    port,
    // Loopback unless told otherwise: a server reachable from elsewhere is a deployment, and needs its settings.
    host: env.HOST || "127.0.0.1",
    databaseUrl: env.DATABASE_URL || "file:./data/skhema.db",
    databaseAuthToken: env.DATABASE_AUTH_TOKEN || undefined,
    // A source is at most 1 MiB; JSON escaping can double it, and the options ride along.
    maxRenderBody: integer(env, "MAX_BODY_BYTES", 4 * MiB, 1024),
    maxBatchBody: integer(env, "MAX_BATCH_BODY_BYTES", 16 * MiB, 1024),
    batchConcurrency: integer(env, "BATCH_CONCURRENCY", 4, 1),
    render: {
      // One more than the cores: one user may hold all but one worker, so another's render never waits (pool.ts).
      workers: integer(env, "RENDER_WORKERS", (globalThis.navigator?.hardwareConcurrency ?? 2) + 1, 1),
      budgetMs: integer(env, "RENDER_BUDGET_MS", 5_000, 1),
      batchItemBudgetMs: integer(env, "BATCH_ITEM_BUDGET_MS", 5_000, 1),
      memoryMb: integer(env, "RENDER_MEMORY_MB", 512, 16),
      recycleMb: integer(env, "RENDER_RECYCLE_MB", 192, 16),
      concurrencyPerKey: integer(env, "RENDER_CONCURRENCY_PER_KEY", 16, 1),
      failuresPerMinute: integer(env, "RENDER_FAILURES_PER_MINUTE", 60, 1),
    },
    rateLimitPerMinute: integer(env, "RATE_LIMIT_PER_MINUTE", 60, 1),
    shutdownTimeoutMs: integer(env, "SHUTDOWN_TIMEOUT_MS", 10_000),
    publicBaseUrl: configuredBase,
    origin: configuredBase ?? `http://localhost:${port}`,
    trustedProxies: parseTrustedProxies(env.TRUSTED_PROXIES),
    mail: {
      smtp,
      toLog: dev && smtp === undefined,
      from: env.SMTP_FROM || "Skhema <no-reply@localhost>",
      pollMs: integer(env, "MAIL_POLL_MS", 5000, 10),
      retryBaseMs: integer(env, "MAIL_RETRY_BASE_MS", 10_000, 1),
      retryMaxMs: integer(env, "MAIL_RETRY_MAX_MS", 3_600_000, 1),
      maxAttempts: integer(env, "MAIL_MAX_ATTEMPTS", 12, 1),
    },
    source: {
      hosts: parseSourceHosts(env.SOURCE_HOSTS),
      timeoutMs: integer(env, "SOURCE_TIMEOUT_MS", 10_000, 1),
      maxBytes: integer(env, "SOURCE_MAX_BYTES", MiB, 1),
      // Test-only switches: let a test admit its own http server on 127.0.0.1.
      allowHttp: flag(env, "SOURCE_ALLOW_HTTP"),
      allowPrivate: flag(env, "SOURCE_ALLOW_PRIVATE"),
    },
    payments: loadPaymentsConfig(env, integer),
    links: {
      ttlMs: integer(env, "LINK_TTL_S", DEFAULT_LINK_POLICY.ttlMs / 1000, 1) * 1000,
      maxLive: integer(env, "LINK_MAX_PER_ACCOUNT", DEFAULT_LINK_POLICY.maxLive, 1),
      maxLiveBytes: integer(env, "LINK_MAX_BYTES_PER_ACCOUNT", DEFAULT_LINK_POLICY.maxLiveBytes, 1024),
    },
  };
}

/**
 * What a production start lacks (server/main.ts refuses to run while this is not empty). Without
 * PUBLIC_BASE_URL the links in letters would need a host, and the only one left is the request's
 * Host header, which the client chooses; without SMTP the letters would go nowhere (or, worse, into a
 * log that others read).
 */
export function deploymentProblems(config: Config): string[] {
  const problems: string[] = [];
  if (config.publicBaseUrl === undefined) {
    if (!isLoopbackHost(config.host)) problems.push(`HOST=${config.host} listens beyond this machine: set PUBLIC_BASE_URL to the address users reach`);
    else if (!config.dev) problems.push("PUBLIC_BASE_URL is required (the address users reach, e.g. https://skhema.example); `npm start` (SKHEMA_DEV=1) is the development start");
  }
  if (!config.dev && config.mail.smtp === undefined) problems.push("SMTP_URL or SMTP_HOST is required: sign-in codes are sent by e-mail (only a development start prints them to the log)");
  return problems;
}

/** A database URL fit for a log line: no user, password or token in it. */
export function redactedUrl(raw: string): string {
  return raw
    .replace(/\/\/[^@/]*@/, "//…@")
    .replace(/([?&](?:authToken|auth_token|token|password|pass|secret|key)=)[^&#]*/gi, "$1…");
}

function publicBaseUrl(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`PUBLIC_BASE_URL must be an absolute http(s) URL, got "${raw}"`);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") throw new Error(`PUBLIC_BASE_URL must be http(s), got "${raw}"`);
  return url.href.replace(/\/+$/, "");
}

function smtpConfig(env: Record<string, string | undefined>): SmtpConfig | undefined {
  if (env.SMTP_URL) {
    if (!/^smtps?:\/\//.test(env.SMTP_URL)) throw new Error("SMTP_URL must start with smtp:// or smtps://");
    return { url: env.SMTP_URL };
  }
  if (!env.SMTP_HOST) return undefined;
  const port = integer(env, "SMTP_PORT", 587, 1);
  return { host: env.SMTP_HOST, port, secure: port === 465, user: env.SMTP_USER || undefined, pass: env.SMTP_PASS || undefined };
}
