/**
 * Server configuration: environment variables only, each with a default (README, "Configuration").
 * Read once at start; a bad value stops the server with a message instead of running misconfigured.
 */
import { loadPaymentsConfig, type PaymentsConfig } from "./payments/config.ts";
import { parseSourceHosts, type SourcePolicy } from "./sources/url-source.ts";

export interface Config {
  port: number;
  host: string;
  databaseUrl: string;
  databaseAuthToken: string | undefined;
  /** Largest request body of POST /render and of POST /render/batch, in bytes. */
  maxRenderBody: number;
  maxBatchBody: number;
  /** Batch items in flight at once (source fetches overlap; rendering shares the one JS thread). */
  batchConcurrency: number;
  /** Requests per minute per key on the free endpoints (/me, /topup, /products, /gift). */
  rateLimitPerMinute: number;
  /** How long shutdown waits for in-flight requests before closing anyway. */
  shutdownTimeoutMs: number;
  source: SourcePolicy;
  payments: PaymentsConfig;
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
  return {
    port: integer(env, "PORT", 8787),
    host: env.HOST || "0.0.0.0",
    databaseUrl: env.DATABASE_URL || "file:./data/skhema.db",
    databaseAuthToken: env.DATABASE_AUTH_TOKEN || undefined,
    // A source is at most 1 MiB; JSON escaping can double it, and the options ride along.
    maxRenderBody: integer(env, "MAX_BODY_BYTES", 4 * MiB, 1024),
    maxBatchBody: integer(env, "MAX_BATCH_BODY_BYTES", 16 * MiB, 1024),
    batchConcurrency: integer(env, "BATCH_CONCURRENCY", 4, 1),
    rateLimitPerMinute: integer(env, "RATE_LIMIT_PER_MINUTE", 60, 1),
    shutdownTimeoutMs: integer(env, "SHUTDOWN_TIMEOUT_MS", 10_000),
    source: {
      hosts: parseSourceHosts(env.SOURCE_HOSTS),
      timeoutMs: integer(env, "SOURCE_TIMEOUT_MS", 10_000, 1),
      maxBytes: integer(env, "SOURCE_MAX_BYTES", MiB, 1),
      // Test-only switches: let a test admit its own http server on 127.0.0.1.
      allowHttp: flag(env, "SOURCE_ALLOW_HTTP"),
      allowPrivate: flag(env, "SOURCE_ALLOW_PRIVATE"),
    },
    payments: loadPaymentsConfig(env, integer),
  };
}
