/**
 * A real server for tests: the Hono app on Bun.serve at a loopback port, over a real libSQL file
 * database in a fresh temp directory, with its e-mail sender (SMTP_URL in `env` points it at a test
 * SMTP server; without it mail goes to the log). `spawnServer` runs `server/main.ts` as its own process for
 * the tests that need two processes or a kill -9.
 */
import type { Server } from "bun";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { bunAssets } from "../../hosts/bun.ts";
import { applyDelta } from "../../server/accounts/credits.ts";
import { createApiKey } from "../../server/accounts/keys.ts";
import { createUser, type User } from "../../server/accounts/users.ts";
import { loadConfig } from "../../server/config.ts";
import { openDatabase, type Database } from "../../server/db/open.ts";
import { createApp, SERVE_MAX_REQUEST_BODY } from "../../server/http/app.ts";
import { startMailSender } from "../../server/mail/sender.ts";
import type { WorkerPool } from "../../server/rendering/pool.ts";
import { workerRenderer } from "../../server/rendering/renderer.ts";
import { startPayments } from "../../server/payments/service.ts";
import { siteMount } from "../../site/server/routes.tsx";

export interface TestServer {
  /** Base URL including /v1, e.g. http://127.0.0.1:40123/v1 */
  url: string;
  /** The server's origin, e.g. http://127.0.0.1:40123 (the webhook lives outside /v1). */
  origin: string;
  database: Database;
  dir: string;
  databaseUrl: string;
  /** The server's render workers (their state: busy, queued, replaced). */
  pool: WorkerPool;
  /** A user with a key; `credits` and `pro` as asked. */
  user(options?: { credits?: number; pro?: boolean; email?: string }): Promise<{ user: User; key: string }>;
  grant(userId: number, credits: number): Promise<void>;
  stop(): Promise<void>;
}

let seq = 0;

/**
 * The wall-clock limits of test servers: a render's budget (5 s by default) and the forced end of a
 * graceful stop (10 s), which a busy machine can spend on a tall PDF batch without anything being
 * wrong (issue 24.11). The tests of the budgets (server-pool.test.ts) set theirs.
 */
export const BUSY_MACHINE_LIMITS = { RENDER_BUDGET_MS: "60000", BATCH_ITEM_BUDGET_MS: "60000", SHUTDOWN_TIMEOUT_MS: "120000" };

/** The render worker stand-in of the tests that need a render that never ends (test/support/spin-worker.ts). */
export const SPIN_WORKER = new URL("./spin-worker.ts", import.meta.url);

export async function startServer(env: Record<string, string> = {}, options: { renderWorker?: URL } = {}): Promise<TestServer> {
  const dir = mkdtempSync(join(tmpdir(), "skhema-test-"));
  const databaseUrl = `file:${join(dir, "skhema.db")}`;
  // Listening first: the development origin (http://localhost:<port>) names the port the server got.
  let app: { fetch: (request: Request, server: Server<undefined>) => Response | Promise<Response> } | undefined;
  const server = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: (request, s) => app!.fetch(request, s), maxRequestBodySize: SERVE_MAX_REQUEST_BODY });
  // Suites send many failing renders with one key; the tests of that limit set it themselves.
  const config = loadConfig({ SKHEMA_DEV: "1", DATABASE_URL: databaseUrl, PORT: String(server.port), RENDER_FAILURES_PER_MINUTE: "100000", ...BUSY_MACHINE_LIMITS, ...env });
  const database = await openDatabase(config.databaseUrl);
  const mailer = startMailSender(database.db, config.mail);
  const renderer = workerRenderer(config.render, options.renderWorker);
  const payments = startPayments(database.db, config.payments);
  app = createApp({ db: database.db, config, assets: bunAssets, renderer, site: siteMount({ db: database.db, config, assets: bunAssets }), payments: payments.signal });
  return {
    url: `http://127.0.0.1:${server.port}/v1`,
    origin: `http://127.0.0.1:${server.port}`,
    database,
    dir,
    databaseUrl,
    pool: renderer.pool,
    async user(options = {}) {
      const user = await createUser(database.db, {
        email: options.email ?? `user${++seq}-${Date.now()}@example.com`,
        name: "Test User",
        credits: options.credits ?? 0,
        ...(options.pro ? { proUntil: new Date(Date.now() + 30 * 86_400_000) } : {}),
      });
      const { key } = await createApiKey(database.db, user.id, "test");
      return { user, key };
    },
    async grant(userId, credits) {
      await applyDelta(database.db, userId, credits, "admin_grant", "test");
    },
    async stop() {
      await server.stop(true);
      await payments.stop();
      await mailer.stop();
      renderer.close();
      database.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface SourceHost {
  /** `http://127.0.0.1:<port>` */
  base: string;
  /** Server settings that admit this host for `url` sources (the test-only switches). */
  env: Record<string, string>;
  stop(): Promise<void>;
}

/** A plain-http code host on loopback for `url` sources: `routes` maps a path to its answer; 404 elsewhere. */
export function startSourceHost(routes: Record<string, () => Response>): SourceHost {
  const host = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    fetch: (req) => routes[new URL(req.url).pathname]?.() ?? new Response("not found", { status: 404 }),
  });
  return {
    base: `http://127.0.0.1:${host.port}`,
    env: { SOURCE_HOSTS: `127.0.0.1:${host.port}`, SOURCE_ALLOW_HTTP: "1", SOURCE_ALLOW_PRIVATE: "1" },
    stop: () => host.stop(true),
  };
}

/** POST a JSON body with a key (X-API-Key unless `bearer`). */
export function postJson(url: string, key: string | undefined, body: unknown, bearer = false): Promise<Response> {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (key) headers[bearer ? "authorization" : "x-api-key"] = bearer ? `Bearer ${key}` : key;
  return fetch(url, { method: "POST", headers, body: typeof body === "string" ? body : JSON.stringify(body) });
}

/** An error answer: status and body `{error, code}` (and nothing else but proFeatures). */
export async function expectError(response: Response, status: number, code: string): Promise<{ error: string; code: string; proFeatures?: string[] }> {
  const body = (await response.json()) as { error: string; code: string; proFeatures?: string[] };
  if (response.status !== status || body.code !== code) {
    throw new Error(`expected ${status} ${code}, got ${response.status} ${JSON.stringify(body)}`);
  }
  if (typeof body.error !== "string" || body.error.length === 0) throw new Error(`error text missing: ${JSON.stringify(body)}`);
  return body;
}

/** The ledger of a user must add up to the balance, row by row. */
export async function ledgerConsistent(database: Database, userId: number): Promise<{ balance: number; sum: number; rows: number }> {
  const rows = await database.client.execute({ sql: "SELECT COALESCE(SUM(delta), 0) AS sum, COUNT(*) AS n FROM ledger WHERE user_id = ?", args: [userId] });
  const user = await database.client.execute({ sql: "SELECT credits FROM users WHERE id = ?", args: [userId] });
  return { balance: Number(user.rows[0]!.credits), sum: Number(rows.rows[0]!.sum), rows: Number(rows.rows[0]!.n) };
}

const repoRoot = new URL("../../", import.meta.url).pathname;

export interface SpawnedServer {
  url: string;
  process: ReturnType<typeof Bun.spawn>;
  /** SIGTERM and wait for the exit code. */
  stop(): Promise<number>;
}

/**
 * `bun server/main.ts` as a separate process on a free port, resolved once /health answers.
 * `stdout: "pipe"` keeps its log readable through `process.stdout` (tests that wait for a log line).
 */
export async function spawnServer(databaseUrl: string, env: Record<string, string> = {}, stdout: "ignore" | "pipe" = "ignore"): Promise<SpawnedServer> {
  const port = await freePort();
  const child = Bun.spawn([process.execPath, "server/main.ts"], {
    cwd: repoRoot,
    env: { ...process.env, SKHEMA_DEV: "1", DATABASE_URL: databaseUrl, PORT: String(port), HOST: "127.0.0.1", ...BUSY_MACHINE_LIMITS, ...env },
    stdout,
    stderr: "inherit",
  });
  const url = `http://127.0.0.1:${port}/v1`;
  // Until it answers or exits: how long a start takes is the machine's business; the calling test's
  // timeout (test/support/timeouts.ts) bounds the wait.
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode} before answering /health`);
    try {
      if ((await fetch(`${url}/health`)).ok) break;
    } catch {
      // not listening yet
    }
    await Bun.sleep(50);
  }
  return {
    url,
    process: child,
    async stop() {
      child.kill("SIGTERM");
      return await child.exited;
    },
  };
}

async function freePort(): Promise<number> {
  const probe = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => new Response() });
  const port = probe.port!;
  await probe.stop(true);
  return port;
}
