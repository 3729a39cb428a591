/**
 * The operator command (`bun server/admin.ts …`, docs/api.md "Admin command") run as a real subprocess
 * on a libSQL file database, with a real server process on the same file to prove that what the
 * command writes — users, keys, revocations, grants, Pro — takes effect for API clients at once.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "../server/db/open.ts";
import { adminCommand } from "./support/admin.ts";
import { spawnServer, type SpawnedServer } from "./support/server.ts";
import { busyMachineTimeouts } from "./support/timeouts.ts";

// Each command is a fresh bun process (~0.3–0.6 s with the database opened and migrated).
busyMachineTimeouts();

let dir: string;
let databaseUrl: string;
let server: SpawnedServer;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "skhema-admin-"));
  databaseUrl = `file:${join(dir, "admin.db")}`;
  server = await spawnServer(databaseUrl);
});
afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const { admin, ok, refused } = adminCommand(() => ({ DATABASE_URL: databaseUrl }));

function me(key: string): Promise<Response> {
  return fetch(`${server.url}/me`, { headers: { "x-api-key": key } });
}

interface ShownUser {
  id: number;
  email: string;
  name: string;
  credits: number;
  proUntil: string | null;
  createdAt: string;
}
interface ShownKey {
  id: number;
  name: string;
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}
interface LedgerEntry {
  id: number;
  userId: number;
  delta: number;
  balanceAfter: number;
  reason: string;
  ref: string;
  createdAt: string;
}

// The tests below run in order and build on each other: ann is created first, then keyed, granted…
const ANN = "ann@example.com";
const BOB = "bob@example.com";
let annKey: { id: number; key: string; prefix: string };

describe("bun server/admin.ts", () => {
  test("--help prints the usage and exits 0", async () => {
    const run = await admin("--help");
    expect(run.code).toBe(0);
    for (const command of ["user create", "user show", "pro", "key create", "key list", "key revoke", "grant", "ledger"]) expect(run.stdout).toContain(command);
  });

  test("user create prints the account (e-mail lower-cased); user show reads it back", async () => {
    const created = await ok<ShownUser>("user", "create", "--email", "Ann@Example.COM", "--name", "Ann Admin", "--credits", "10", "--pro-until", "2099-01-31");
    expect(created).toMatchObject({ email: ANN, name: "Ann Admin", credits: 10, proUntil: "2099-01-31T00:00:00.000Z" });
    expect(Number.isSafeInteger(created.id)).toBe(true);
    expect(Math.abs(Date.parse(created.createdAt) - Date.now())).toBeLessThan(60_000);
    expect(await ok<ShownUser>("user", "show", "--email", ANN)).toEqual(created);

    const bob = await ok<ShownUser>("user", "create", "--email", BOB);
    expect(bob).toMatchObject({ email: BOB, name: "", credits: 0, proUntil: null });
    expect(bob.id).not.toBe(created.id);
  });

  test("key create prints the key once; it works against a server on the same database", async () => {
    annKey = await ok("key", "create", "--email", ANN, "--name", "ci");
    expect(annKey.key).toMatch(/^rk_[0-9A-Za-z]{43}$/);
    expect(annKey.prefix).toBe(annKey.key.slice(0, 9));
    const response = await me(annKey.key);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ email: ANN, name: "Ann Admin", credits: 10, pro: true, proUntil: "2099-01-31T00:00:00Z" });
  });

  test("only the key's hash is stored, and key list shows the prefix, never the key or hash", async () => {
    const hash = createHash("sha256").update(annKey.key).digest("hex");
    const database = await openDatabase(databaseUrl);
    try {
      const rows = (await database.client.execute("SELECT * FROM api_keys")).rows;
      expect(rows).toHaveLength(1);
      expect(rows[0]!.hash).toBe(hash);
      expect(JSON.stringify(rows)).not.toContain(annKey.key.slice(9));
    } finally {
      database.close();
    }

    const run = await admin("key", "list", "--email", ANN);
    expect(run.code).toBe(0);
    expect(run.stdout).not.toContain(annKey.key.slice(9));
    expect(run.stdout).not.toContain(hash);
    const keys = JSON.parse(run.stdout) as ShownKey[];
    expect(keys).toHaveLength(1);
    expect(Object.keys(keys[0]!).sort()).toEqual(["createdAt", "id", "lastUsedAt", "name", "prefix", "revokedAt"]);
    expect(keys[0]).toMatchObject({ id: annKey.id, name: "ci", prefix: annKey.prefix, revokedAt: null });
    // The /me above used it.
    expect(keys[0]!.lastUsedAt).not.toBeNull();
    expect(Math.abs(Date.parse(keys[0]!.lastUsedAt!) - Date.now())).toBeLessThan(60_000);
  });

  test("grant adds and takes back credits, never below zero; the server sees the balance at once", async () => {
    expect(await ok("grant", "--email", ANN, "--credits", "5", "--note", "promo 42")).toEqual({ email: ANN, credits: 15 });
    expect(((await (await me(annKey.key)).json()) as { credits: number }).credits).toBe(15);
    expect(await ok("grant", "--email", ANN, "--credits", "-15", "--note", "refund")).toEqual({ email: ANN, credits: 0 });
    await refused(/cannot take 1 credits: the balance is 0/, "grant", "--email", ANN, "--credits", "-1", "--note", "too much");
    await refused(/--credits must not be 0/, "grant", "--email", ANN, "--credits", "0");
    expect(((await (await me(annKey.key)).json()) as { credits: number }).credits).toBe(0);
    expect((await ok<ShownUser>("user", "show", "--email", ANN)).credits).toBe(0);
  });

  test("ledger lists every change, newest first, with reason admin_grant and the note", async () => {
    const rows = await ok<LedgerEntry[]>("ledger", "--email", ANN);
    expect(rows.map(({ delta, balanceAfter, reason, ref }) => ({ delta, balanceAfter, reason, ref }))).toEqual([
      { delta: -15, balanceAfter: 0, reason: "admin_grant", ref: "refund" },
      { delta: 5, balanceAfter: 15, reason: "admin_grant", ref: "promo 42" },
      { delta: 10, balanceAfter: 10, reason: "admin_grant", ref: "opening balance" },
    ]);
    expect(rows.reduce((sum, r) => sum + r.delta, 0)).toBe(0);
    expect(await ok<LedgerEntry[]>("ledger", "--email", ANN, "--limit", "1")).toHaveLength(1);
    expect(await ok<LedgerEntry[]>("ledger", "--email", BOB)).toEqual([]);
  });

  test("pro --until sets and --until none ends Pro, as the server reports it", async () => {
    const bobKey = await ok<{ key: string }>("key", "create", "--email", BOB);
    expect(await ok<ShownUser>("pro", "--email", BOB, "--until", "2030-06-01T12:00:00Z")).toMatchObject({ email: BOB, proUntil: "2030-06-01T12:00:00.000Z" });
    expect(await (await me(bobKey.key)).json()).toMatchObject({ pro: true, proUntil: "2030-06-01T12:00:00Z" });
    expect(await ok<ShownUser>("pro", "--email", BOB, "--until", "none")).toMatchObject({ email: BOB, proUntil: null });
    expect(await (await me(bobKey.key)).json()).toMatchObject({ pro: false, proUntil: "" });
  });

  test("key revoke takes effect on the running server; a second revoke is refused", async () => {
    expect(await ok("key", "revoke", "--id", String(annKey.id))).toEqual({ revoked: annKey.id });
    expect(await (await me(annKey.key)).json()).toMatchObject({ code: "unauthorized" });
    const [listed] = await ok<ShownKey[]>("key", "list", "--email", ANN);
    expect(listed!.revokedAt).not.toBeNull();
    await refused(new RegExp(`no active key with id ${annKey.id}`), "key", "revoke", "--id", String(annKey.id));
    await refused(/no active key with id 9999/, "key", "revoke", "--id", "9999");
  });

  test("mistakes exit 1 with a message on stderr", async () => {
    const C = "carol@example.com";
    const cases: [RegExp, ...string[]][] = [
      [/no command given/],
      [/unknown command: frobnicate/, "frobnicate"],
      [/unknown command: user frob/, "user", "frob"],
      [/Unknown option '--bogus'/, "user", "show", "--email", ANN, "--bogus"],
      [/--email is required/, "user", "show"],
      [/--email is required/, "user", "create", "--name", "Nobody"],
      [/--id is required/, "key", "revoke"],
      [/no user nobody@example.com/, "grant", "--email", "nobody@example.com", "--credits", "5"],
      [/user ann@example.com exists already/i, "user", "create", "--email", "ANN@example.com"],
      [/not an e-mail address/, "user", "create", "--email", "not-an-email"],
      [/--credits must not be negative/, "user", "create", "--email", C, "--credits", "-3"],
      [/--credits must be a whole number/, "grant", "--email", ANN, "--credits", "0x10"],
      [/not a date: soon/, "user", "create", "--email", C, "--pro-until", "soon"],
      [/--limit must be at least 1/, "ledger", "--email", ANN, "--limit", "0"],
    ];
    // A few at a time: each is a process of its own.
    for (let i = 0; i < cases.length; i += 4) await Promise.all(cases.slice(i, i + 4).map(([pattern, ...args]) => refused(pattern, ...args)));
    // The hint is the command's own usage line, or where the list of commands is.
    expect((await admin("grant", "--email", ANN)).stderr).toBe("--credits is required\nusage: npm run admin -- grant --email E --credits N [--note TEXT]\n");
    expect((await admin("frobnicate")).stderr).toBe("unknown command: frobnicate\nnpm run admin -- --help lists the commands\n");
    // None of the refused creates left a user behind, and the refused grants changed nothing.
    await refused(/no user carol@example.com/, "user", "show", "--email", C);
    expect(await ok<LedgerEntry[]>("ledger", "--email", ANN)).toHaveLength(3);
  });
});

describe("outbox", () => {
  test("lists unsent e-mail, retries a failed one (which the server process then sends), refuses a sent one", async () => {
    const database = await openDatabase(databaseUrl);
    const now = Date.now();
    let id: number;
    try {
      const inserted = await database.client.execute({
        sql: "INSERT INTO outbox (kind, \"to\", subject, text, html, status, attempts, next_attempt_at, last_error, created_at) VALUES ('gift', 'stuck@example.com', 'Subject', 'text', '<p>html</p>', 'failed', 12, ?, 'connect ECONNREFUSED', ?) RETURNING id",
        args: [now, now],
      });
      id = Number(inserted.rows[0]!.id);
    } finally {
      database.close();
    }
    const listed = await ok<Record<string, unknown>[]>("outbox");
    const row = listed.find((m) => m.id === id);
    expect(row).toMatchObject({ kind: "gift", to: "stuck@example.com", subject: "Subject", status: "failed", attempts: 12, lastError: "connect ECONNREFUSED", sentAt: null });
    expect(row).not.toHaveProperty("html");
    expect((await ok<unknown[]>("outbox", "--status", "sent")).some((m) => (m as { id: number }).id === id)).toBe(false);
    await refused(/--status must be/, "outbox", "--status", "lost");

    expect(await ok("outbox", "retry", "--id", String(id))).toEqual({ retrying: id });
    // The server process (no SMTP configured: it prints mail to its log) picks it up at its next poll.
    // Until it is: the test's timeout (test/support/timeouts.ts) bounds the wait, not a clock of its own.
    for (;;) {
      const sent = await ok<{ id: number }[]>("outbox", "--status", "sent");
      if (sent.some((m) => m.id === id)) break;
      await Bun.sleep(250);
    }
    await refused(/no unsent e-mail with id/, "outbox", "retry", "--id", String(id));
    await refused(/--id is required/, "outbox", "retry");
  });
});
