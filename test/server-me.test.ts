/**
 * GET /v1/me (interface.md §2.6, §4.3) and API-key authentication (§5): both key headers, every
 * way a key can be wrong, Pro and its expiry, the per-key rate limit of the free endpoints (§8)
 * with Retry-After — and that /render is not rate limited.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createApiKey, newApiKey, revokeApiKey } from "../server/accounts/keys.ts";
import { createUser } from "../server/accounts/users.ts";
import { expectError, postJson, startServer, type TestServer } from "./support/server.ts";
import { busyMachineTimeouts } from "./support/timeouts.ts";

busyMachineTimeouts();

const RFC3339_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
const DAY = 86_400_000;

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.stop());

function me(base: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${base}/me`, { headers });
}

/** A user made directly in the database, with a key whose id the test knows. */
async function account(db: TestServer["database"]["db"], input: { email: string; name?: string; credits?: number; proUntil?: Date }) {
  const user = await createUser(db, input);
  const key = await createApiKey(db, user.id, "me-test");
  return { user, ...key };
}

describe("GET /v1/me", () => {
  test("with X-API-Key and with Authorization: Bearer → exactly the §2.6 fields", async () => {
    const { key } = await account(server.database.db, { email: "Mixed.Case@Example.com", name: "Олена Коваль", credits: 7 });
    const expected = { email: "mixed.case@example.com", name: "Олена Коваль", credits: 7, pro: false, proUntil: "" };
    const variants: Record<string, string>[] = [{ "x-api-key": key }, { authorization: `Bearer ${key}` }, { authorization: `bearer ${key}` }];
    for (const headers of variants) {
      const response = await me(server.url, headers);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toContain("application/json");
      expect(await response.json()).toEqual(expected);
    }
  });

  test("active Pro: pro true and proUntil an RFC 3339 UTC time of the expiry", async () => {
    const until = new Date(Date.now() + 30 * DAY);
    const { key } = await account(server.database.db, { email: "pro@example.com", credits: 2, proUntil: until });
    const body = (await (await me(server.url, { "x-api-key": key })).json()) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(["credits", "email", "name", "pro", "proUntil"]);
    expect(body.pro).toBe(true);
    expect(body.proUntil).toMatch(RFC3339_UTC);
    expect(Math.abs(Date.parse(body.proUntil as string) - until.getTime())).toBeLessThan(1000);
  });

  test("expired Pro: pro false and proUntil empty", async () => {
    const { key } = await account(server.database.db, { email: "lapsed@example.com", proUntil: new Date(Date.now() - 1000) });
    expect(await (await me(server.url, { "x-api-key": key })).json()).toEqual({
      email: "lapsed@example.com", name: "", credits: 0, pro: false, proUntil: "",
    });
  });

  test("the balance follows charges and grants", async () => {
    const { user, key } = await server.user({ credits: 3 });
    const render = await postJson(`${server.url}/render`, key, { code: "print(1)\n", lang: "python" });
    expect(render.status).toBe(200);
    await server.grant(user.id, 10);
    expect(((await (await me(server.url, { "x-api-key": key })).json()) as { credits: number }).credits).toBe(12);
  });

  test("missing, malformed, unknown and revoked keys → 401 unauthorized", async () => {
    const { id, key } = await account(server.database.db, { email: "revoked@example.com", credits: 5 });
    expect((await me(server.url, { "x-api-key": key })).status).toBe(200);
    expect(await revokeApiKey(server.database.db, id)).toBe(true);

    const cases: [string, Record<string, string>][] = [
      ["no header", {}],
      ["empty X-API-Key", { "x-api-key": "" }],
      ["too short", { "x-api-key": "rk_abc" }],
      ["wrong prefix", { "x-api-key": `sk_${newApiKey().slice(3)}` }],
      ["not base62", { "x-api-key": `${newApiKey().slice(0, -1)}!` }],
      ["one character too many", { "x-api-key": `${key}x` }],
      ["right format, unknown", { "x-api-key": newApiKey() }],
      ["unknown as bearer", { authorization: `Bearer ${newApiKey()}` }],
      ["bearer without a token", { authorization: "Bearer" }],
      ["basic scheme", { authorization: `Basic ${btoa(`${key}:`)}` }],
      ["key without the scheme", { authorization: key }],
      ["revoked", { "x-api-key": key }],
      ["revoked as bearer", { authorization: `Bearer ${key}` }],
    ];
    for (const [what, headers] of cases) {
      const response = await me(server.url, headers);
      try {
        const body = await expectError(response, 401, "unauthorized");
        expect(Object.keys(body).sort()).toEqual(["code", "error"]);
      } catch (err) {
        throw new Error(`${what}: ${(err as Error).message}`);
      }
    }
  });

  test("revoking one key leaves the user's other keys working", async () => {
    const { user, id, key } = await account(server.database.db, { email: "twokeys@example.com" });
    const second = await createApiKey(server.database.db, user.id, "second");
    await revokeApiKey(server.database.db, id);
    expect((await me(server.url, { "x-api-key": key })).status).toBe(401);
    expect((await me(server.url, { "x-api-key": second.key })).status).toBe(200);
  });

  test("last use of a key is recorded", async () => {
    const { id, key } = await account(server.database.db, { email: "lastused@example.com" });
    const lastUsed = async () =>
      (await server.database.client.execute({ sql: "SELECT last_used_at FROM api_keys WHERE id = ?", args: [id] })).rows[0]!.last_used_at;
    expect(await lastUsed()).toBeNull();
    const before = Date.now();
    expect((await me(server.url, { authorization: `Bearer ${key}` })).status).toBe(200);
    const after = Date.now();
    const recorded = Number(await lastUsed());
    expect(recorded).toBeGreaterThanOrEqual(before);
    expect(recorded).toBeLessThanOrEqual(after);
    // A failed attempt with an unknown key records nothing anywhere.
    await me(server.url, { "x-api-key": newApiKey() });
    expect(Number(await lastUsed())).toBe(recorded);
  });
});

describe("rate limit of the free endpoints (RATE_LIMIT_PER_MINUTE=5)", () => {
  const LIMIT = 5;
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startServer({ RATE_LIMIT_PER_MINUTE: String(LIMIT) });
  });
  afterAll(() => limited.stop());

  test("the 6th /me in a minute is 429 rate_limited with Retry-After; another key is counted on its own", async () => {
    const { user, key } = await limited.user({ credits: 1 });
    for (let i = 0; i < LIMIT; i++) expect((await me(limited.url, { "x-api-key": key })).status).toBe(200);
    const variants: Record<string, string>[] = [{ "x-api-key": key }, { authorization: `Bearer ${key}` }];
    for (const headers of variants) {
      const response = await me(limited.url, headers);
      const retryAfter = response.headers.get("retry-after");
      const body = await expectError(response, 429, "rate_limited");
      expect(Object.keys(body).sort()).toEqual(["code", "error"]);
      expect(retryAfter).toMatch(/^\d+$/);
      expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
      expect(Number(retryAfter)).toBeLessThanOrEqual(60);
    }
    // A second key of the same user has its own budget.
    const second = await createApiKey(limited.database.db, user.id, "second");
    for (let i = 0; i < LIMIT; i++) expect((await me(limited.url, { "x-api-key": second.key })).status).toBe(200);
    expect((await me(limited.url, { "x-api-key": second.key })).status).toBe(429);
    // A bad key is still told it is bad, not that it is limited.
    await expectError(await me(limited.url, { "x-api-key": newApiKey() }), 401, "unauthorized");
  });

  test("parallel requests: exactly the limit gets through", async () => {
    const { key } = await limited.user();
    const statuses = await Promise.all(Array.from({ length: 3 * LIMIT }, () => me(limited.url, { "x-api-key": key }).then((r) => r.status)));
    expect(statuses.filter((s) => s === 200)).toHaveLength(LIMIT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(2 * LIMIT);
  });

  test("/render is not rate limited, and does not use up the /me budget", async () => {
    const calls = 3 * LIMIT;
    const { key } = await limited.user({ credits: calls });
    for (let i = 0; i < calls; i++) {
      const response = await postJson(`${limited.url}/render`, key, { code: `x = ${i}\nprint(x)\n`, lang: "python", json: true });
      expect(response.status).toBe(200);
      expect(((await response.json()) as { creditsLeft: number }).creditsLeft).toBe(calls - i - 1);
    }
    const account = await me(limited.url, { "x-api-key": key });
    expect(account.status).toBe(200);
    expect(((await account.json()) as { credits: number }).credits).toBe(0);
  });
});
