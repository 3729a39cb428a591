/**
 * GET /v1/products and POST /v1/topup (interface.md §2.7, §2.8, §4.4, §4.6): the catalog from
 * configuration (defaults, CATALOG_JSON, a refused bad catalog), every error code §7 gives these two
 * endpoints, and what a top-up answers and stores.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFileSync, writeFileSync } from "node:fs";
import { DEFAULT_CATALOG, loadCatalog } from "../server/payments/catalog.ts";
import { CODE_ALPHABET, codesIn, newPaymentCode } from "../server/payments/codes.ts";
import { JAR, providerEnv, rows, startFake, topup } from "./support/payments.ts";
import { expectError, postJson, startServer, type TestServer } from "./support/server.ts";
import type { FakeMonobank } from "../dev/fake-monobank/fake.ts";
import { busyMachineTimeouts } from "./support/timeouts.ts";

busyMachineTimeouts();

const repoRoot = new URL("../", import.meta.url).pathname;
const CODE = new RegExp(`^SK-[${CODE_ALPHABET}]{8}$`);
const HOUR = 3_600_000;

let fake: FakeMonobank;
let paid: TestServer; // provider configured
let unpaid: TestServer; // provider not configured
beforeAll(async () => {
  fake = startFake();
  // A long poll interval: these tests only create payments.
  paid = await startServer(providerEnv(fake, { MONOBANK_POLL_INTERVAL_MS: "3600000", RATE_LIMIT_PER_MINUTE: "1000" }));
  unpaid = await startServer({ RATE_LIMIT_PER_MINUTE: "1000" });
});
afterAll(async () => {
  await paid.stop();
  await unpaid.stop();
  await fake.stop();
});

const products = (url: string, key?: string) => fetch(`${url}/products`, { headers: key ? { "x-api-key": key } : {} });

describe("GET /v1/products", () => {
  test("the default catalog; available follows the provider's configuration", async () => {
    const { key } = await paid.user();
    const a = await products(paid.url, key);
    expect(a.status).toBe(200);
    expect(await a.json()).toEqual({
      credits: [{ id: 1, qty: 50, uah: 90 }, { id: 2, qty: 200, uah: 320 }, { id: 3, qty: 1000, uah: 1400 }],
      pro: [{ id: 1, bonus: 100, days: 30, uah: 199 }, { id: 2, bonus: 1500, days: 365, uah: 1990 }],
      unitUah: 2,
      available: true,
    });
    const { key: other } = await unpaid.user();
    expect(await (await products(unpaid.url, other)).json()).toEqual({ ...DEFAULT_CATALOG, available: false });
  });

  test("CATALOG_JSON replaces the defaults", async () => {
    const catalog = { unitUah: 1.5, credits: [{ id: 7, qty: 10, uah: 12.5 }], pro: [{ id: 3, bonus: 0, days: 7, uah: 49.99 }] };
    const server = await startServer({ CATALOG_JSON: JSON.stringify(catalog) });
    try {
      const { key } = await server.user();
      expect(await (await products(server.url, key)).json()).toEqual({ ...catalog, available: false });
    } finally {
      await server.stop();
    }
  });

  test("CATALOG_FILE reads the catalog from a file; a missing file or both settings are refused", async () => {
    const file = `${paid.dir}/catalog.json`;
    const catalog = { unitUah: 3, credits: [], pro: [{ id: 9, bonus: 5, days: 1, uah: 10 }] };
    writeFileSync(file, JSON.stringify(catalog));
    expect(loadCatalog({ CATALOG_FILE: file })).toEqual(catalog);
    expect(() => loadCatalog({ CATALOG_FILE: `${file}.missing` })).toThrow(/CATALOG_FILE .*catalog.json.missing: cannot read/);
    expect(() => loadCatalog({ CATALOG_FILE: file, CATALOG_JSON: "{}" })).toThrow("set CATALOG_JSON or CATALOG_FILE, not both");
    expect(loadCatalog({})).toEqual(DEFAULT_CATALOG);
  });

  test("the fake provider is never imported by the server", () => {
    const offenders = [...new Bun.Glob("server/**/*.ts").scanSync({ cwd: repoRoot })].filter((f) => /fake-monobank/.test(readFileSync(`${repoRoot}${f}`, "utf8")));
    expect(offenders).toEqual([]);
  });

  test("a bad catalog stops the server with a message naming the problem", async () => {
    const bad: [string, string][] = [
      ["{", "not valid JSON"],
      [JSON.stringify({ unitUah: 2, credits: [{ id: 1, qty: 5, uah: 10 }, { id: 1, qty: 6, uah: 11 }], pro: [] }), "pack ids must be unique"],
      [JSON.stringify({ unitUah: 0, credits: [], pro: [] }), "unitUah"],
      [JSON.stringify({ unitUah: 2, credits: [{ id: 1, qty: 5, uah: 10.005 }], pro: [] }), "at most two decimals"],
      [JSON.stringify({ unitUah: 2, credits: [], pro: [{ id: 1, bonus: 0, uah: 10 }] }), "pro.0.days"],
    ];
    for (const [json, message] of bad) {
      const child = Bun.spawn([process.execPath, "server/main.ts"], {
        cwd: repoRoot,
        env: { ...process.env, CATALOG_JSON: json, PORT: "0", DATABASE_URL: `file:${paid.dir}/never.db` },
        stdout: "ignore",
        stderr: "pipe",
      });
      expect(await child.exited).not.toBe(0);
      const stderr = await new Response(child.stderr).text();
      expect(stderr).toContain("CATALOG_JSON: ");
      expect(stderr).toContain(message);
    }
  }, 60_000); // spawns the server once per bad catalog: seconds each on a busy machine

  test("401 without a key, 429 over the rate limit", async () => {
    await expectError(await products(paid.url), 401, "unauthorized");
    const server = await startServer({ RATE_LIMIT_PER_MINUTE: "2" });
    try {
      const { key } = await server.user();
      expect((await products(server.url, key)).status).toBe(200);
      expect((await products(server.url, key)).status).toBe(200);
      const limited = await products(server.url, key);
      await expectError(limited.clone(), 429, "rate_limited");
      expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    } finally {
      await server.stop();
    }
  });
});

describe("POST /v1/topup", () => {
  test("kind=credits_unit: the amount is qty × unitUah, the link carries amount and code, one pending row", async () => {
    const { user, key } = await paid.user();
    const before = Date.now();
    const answer = await topup(paid.url, key, { kind: "credits_unit", qty: 25 });
    expect(Object.keys(answer).sort()).toEqual(["amountKop", "amountUah", "comment", "jarUrl", "label"]);
    expect(answer.amountKop).toBe(5000);
    expect(answer.amountUah).toBe(50);
    expect(answer.label).toBe("25 credits");
    expect(answer.comment).toMatch(CODE);
    const link = new URL(answer.jarUrl);
    expect(`${link.origin}${link.pathname}`).toBe(`https://send.monobank.ua/jar/${JAR.sendId}`);
    expect(link.searchParams.get("a")).toBe("50");
    expect(link.searchParams.get("t")).toBe(answer.comment);

    const [row] = await rows(paid.database, "SELECT * FROM payments WHERE comment = ?", [answer.comment]);
    expect(row).toMatchObject({ user_id: user.id, kind: "credits_unit", qty: 25, amount_kop: 5000, status: "pending", provider_ref: null, paid_at: null, label: "25 credits" });
    expect(Number(row!.expires_at) - Number(row!.created_at)).toBe(24 * HOUR);
    expect(Number(row!.created_at)).toBeGreaterThanOrEqual(before);
  });

  test("kind=credits and kind=pro: the catalog's price; qty 2 and 200 are the bounds", async () => {
    const { key } = await paid.user();
    expect(await topup(paid.url, key, { kind: "credits", id: 2 })).toMatchObject({ amountKop: 32000, amountUah: 320, label: "200 credits" });
    expect(await topup(paid.url, key, { kind: "pro", id: 1 })).toMatchObject({ amountKop: 19900, amountUah: 199, label: "Pro for 30 days + 100 credits" });
    expect(await topup(paid.url, key, { kind: "credits_unit", qty: 2 })).toMatchObject({ amountKop: 400, amountUah: 4 });
    expect(await topup(paid.url, key, { kind: "credits_unit", qty: 200 })).toMatchObject({ amountKop: 40000, amountUah: 400 });
    const [pro] = await rows(paid.database, "SELECT kind, product_id, qty, days FROM payments WHERE amount_kop = 19900 ORDER BY id DESC LIMIT 1");
    expect(pro).toEqual({ kind: "pro", product_id: 1, qty: 100, days: 30 });
  });

  test("a decimal price: amountKop and amountUah agree", async () => {
    const server = await startServer(providerEnv(fake, { MONOBANK_POLL_INTERVAL_MS: "3600000", CATALOG_JSON: JSON.stringify({ unitUah: 1.35, credits: [{ id: 1, qty: 10, uah: 12.5 }], pro: [] }) }));
    try {
      const { key } = await server.user();
      const unit = await topup(server.url, key, { kind: "credits_unit", qty: 3 });
      expect([unit.amountKop, unit.amountUah]).toEqual([405, 4.05]);
      const pack = await topup(server.url, key, { kind: "credits", id: 1 });
      expect([pack.amountKop, pack.amountUah]).toEqual([1250, 12.5]);
      expect(new URL(pack.jarUrl).searchParams.get("a")).toBe("12.5");
    } finally {
      await server.stop();
    }
  });

  test("every top-up gets its own code", async () => {
    // Two accounts: one holds at most MAX_OPEN_PAYMENTS open payments (10).
    const keys = [(await paid.user()).key, (await paid.user()).key];
    const codes = new Set<string>();
    for (let i = 0; i < 20; i++) codes.add((await topup(paid.url, keys[i % 2]!, { kind: "credits_unit", qty: 2 })).comment);
    expect(codes.size).toBe(20);
  });

  test("bad_qty: qty missing, below 2, above 200, fractional, a string", async () => {
    const { key } = await paid.user();
    for (const body of [{ kind: "credits_unit" }, { kind: "credits_unit", qty: 1 }, { kind: "credits_unit", qty: 201 }, { kind: "credits_unit", qty: 2.5 }, { kind: "credits_unit", qty: "5" }, { kind: "credits_unit", qty: -3 }]) {
      await expectError(await postJson(`${paid.url}/topup`, key, body), 400, "bad_qty");
    }
  });

  test("bad_request: malformed body, unknown kind, unknown pack or tier, fields a kind does not take, unknown fields", async () => {
    const { key } = await paid.user();
    const cases: unknown[] = [
      "{not json", "[]", {}, { kind: "gold", id: 1 }, { kind: "credits" }, { kind: "pro" }, { kind: "credits", id: 99 }, { kind: "pro", id: 3 },
      { kind: "credits", id: 1.5 }, { kind: "credits", id: 1, qty: 5 }, { kind: "credits_unit", qty: 5, id: 1 }, { kind: "credits", id: 1, extra: true },
    ];
    for (const body of cases) await expectError(await postJson(`${paid.url}/topup`, key, body), 400, "bad_request");
    const form = await fetch(`${paid.url}/topup`, { method: "POST", headers: { "x-api-key": key, "content-type": "text/plain" }, body: "kind=credits" });
    await expectError(form, 400, "bad_request");
    expect(await rows(paid.database, "SELECT COUNT(*) AS n FROM payments WHERE user_id = (SELECT user_id FROM api_keys WHERE prefix = ?)", [key.slice(0, 9)])).toEqual([{ n: 0 }]);
  });

  test("401 without a key, 503 payment_unavailable without a provider, 429 over the rate limit", async () => {
    await expectError(await postJson(`${paid.url}/topup`, undefined, { kind: "credits", id: 1 }), 401, "unauthorized");
    const { key } = await unpaid.user();
    await expectError(await postJson(`${unpaid.url}/topup`, key, { kind: "credits", id: 1 }), 503, "payment_unavailable");
    expect(await rows(unpaid.database, "SELECT COUNT(*) AS n FROM payments")).toEqual([{ n: 0 }]);
    const server = await startServer(providerEnv(fake, { MONOBANK_POLL_INTERVAL_MS: "3600000", RATE_LIMIT_PER_MINUTE: "1" }));
    try {
      const { key: limitedKey } = await server.user();
      expect((await postJson(`${server.url}/topup`, limitedKey, { kind: "credits", id: 1 })).status).toBe(200);
      await expectError(await postJson(`${server.url}/topup`, limitedKey, { kind: "credits", id: 1 }), 429, "rate_limited");
    } finally {
      await server.stop();
    }
  });

  test("500 server_error when the database refuses the payment row", async () => {
    const server = await startServer(providerEnv(fake, { MONOBANK_POLL_INTERVAL_MS: "3600000" }));
    try {
      const { key } = await server.user();
      await server.database.client.execute("CREATE TRIGGER no_payments BEFORE INSERT ON payments BEGIN SELECT RAISE(ABORT, 'disk says no'); END");
      const body = await expectError(await postJson(`${server.url}/topup`, key, { kind: "credits", id: 1 }), 500, "server_error");
      expect(body.error).not.toContain("disk says no");
    } finally {
      await server.stop();
    }
  });
});

describe("payment codes", () => {
  test("8 characters of the unambiguous alphabet; found in free text case-insensitively, with or without the dash", () => {
    expect(CODE_ALPHABET).not.toMatch(/[01OIL]/);
    const seen = new Set<string>();
    for (let i = 0; i < 2000; i++) seen.add(newPaymentCode());
    expect(seen.size).toBe(2000);
    for (const code of seen) expect(code).toMatch(CODE);
    expect(codesIn("оплата sk-7kq4xw9m дякую")).toEqual(["SK-7KQ4XW9M"]);
    expect(codesIn("SK7KQ4XW9M")).toEqual(["SK-7KQ4XW9M"]);
    expect(codesIn("sk 7kq4xw9m, SK-ABCDEFGH")).toEqual(["SK-7KQ4XW9M", "SK-ABCDEFGH"]);
    expect(codesIn("SK-7KQ4XW9MX")).toEqual([]); // a longer word is not a code
    expect(codesIn("thanks")).toEqual([]);
  });
});
