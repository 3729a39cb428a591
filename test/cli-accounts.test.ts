/**
 * The CLI's account commands against a real server: products, topup (with and without a payment
 * provider configured; the QR code on a terminal; --wait until a payment made on the fake Monobank
 * jar page is credited by the poller, and its timeout)
 * and gift with each of its error codes.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import type { FakeMonobank } from "../dev/fake-monobank/fake.ts";
import { cliEnv, cliHome, repoRoot, runCli } from "./support/cli.ts";
import { JAR, providerEnv, startFake } from "./support/payments.ts";
import { startServer, type TestServer } from "./support/server.ts";
import { busyMachineTimeouts } from "./support/timeouts.ts";

busyMachineTimeouts();

let fake: FakeMonobank;
/** Payments through the fake Monobank (its jar page is where the link leads; its statement is polled). */
let paid: TestServer;
let unpaid: TestServer;
beforeAll(async () => {
  fake = startFake();
  paid = await startServer(providerEnv(fake, { MONOBANK_SEND_URL: `${fake.url}/jar/`, RATE_LIMIT_PER_MINUTE: "1000" }));
  unpaid = await startServer({ RATE_LIMIT_PER_MINUTE: "1000" });
});
afterAll(async () => {
  await paid.stop();
  await unpaid.stop();
  await fake.stop();
});

async function account(server: TestServer, credits = 10) {
  const { user, key } = await server.user({ credits });
  const env = { XDG_CONFIG_HOME: cliHome().config, SKHEMA_API_URL: server.url, SKHEMA_API_KEY: key };
  return { user, key, env, run: (args: string[]) => runCli(args, { env }) };
}

async function balance(server: TestServer, userId: number): Promise<number> {
  const row = await server.database.client.execute({ sql: "SELECT credits FROM users WHERE id = ?", args: [userId] });
  return Number(row.rows[0]!.credits);
}

describe("products", () => {
  test("the catalog as text and JSON; available follows the provider", async () => {
    const { run } = await account(paid);
    const stdout = (await run(["products", "--json"])).stdout;
    const json = JSON.parse(stdout);
    expect(JSON.parse(stdout)).toMatchObject({ credits: expect.any(Array), pro: expect.any(Array), unitUah: expect.any(Number), available: true });
    const text = (await run(["products"])).stdout;
    expect(text).toContain(`one credit: ${json.unitUah} UAH`);
    for (const pack of json.credits) expect(text).toContain(`id ${pack.id}: ${pack.qty} credits, ${pack.uah} UAH`);
    expect(text).not.toContain("not available");
    const other = await account(unpaid);
    expect(JSON.parse((await other.run(["products", "--json"])).stdout).available).toBe(false);
    expect((await other.run(["products"])).stdout).toContain("payments are not available");
  });
});

describe("topup", () => {
  test("prints the jar link; --json gives the TopupResponse; bad arguments exit 2", async () => {
    const { run } = await account(paid);
    const r = await run(["topup", "--kind", "credits_unit", "--qty", "20"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`pay here: ${fake.url}/jar/${JAR.sendId}?`);
    expect(r.stdout).not.toMatch(/[▀▄█]/); // no QR code when stdout is not a terminal
    const json = JSON.parse((await run(["topup", "--kind", "credits", "--id", "1", "--json"])).stdout);
    expect(json).toMatchObject({ jarUrl: expect.stringContaining(JAR.sendId), comment: expect.any(String), label: expect.any(String), amountKop: expect.any(Number) });
    expect((await run(["topup", "--kind", "credits_unit", "--qty", "1", "--json"])).code).toBe(2); // bad_qty from the service
    expect(JSON.parse((await run(["topup", "--kind", "credits_unit", "--qty", "1", "--json"])).stdout).code).toBe("bad_qty");
    expect((await run(["topup", "--kind", "gold"])).code).toBe(2);
    expect((await run(["topup", "--kind", "pro"])).code).toBe(2);
  });

  test("without a payment provider: exit 7 payment_unavailable", async () => {
    const { run } = await account(unpaid);
    const r = await run(["topup", "--kind", "credits_unit", "--qty", "20", "--json"]);
    expect(r.code).toBe(7);
    expect(JSON.parse(r.stdout)).toMatchObject({ code: "payment_unavailable", exit: 7 });
  });

  test("on a terminal the link comes with a QR code", async () => {
    const { env } = await account(paid);
    const inner = [process.execPath, join(repoRoot, "cli/main.ts"), "topup", "--kind", "credits_unit", "--qty", "20"].map((a) => `'${a}'`).join(" ");
    const child = Bun.spawn(["script", "-q", "-e", "-c", inner, "/dev/null"], { env: cliEnv(env), stdin: "ignore", stdout: "pipe", stderr: "pipe" });
    const [out, code] = await Promise.all([new Response(child.stdout).text(), child.exited]);
    expect(code).toBe(0);
    expect(out).toContain("pay here: ");
    // Half-block characters, a square of them.
    const qr = out.split(/\r?\n/).filter((l) => /[▀▄█]/.test(l));
    expect(qr.length).toBeGreaterThan(10);
  });

  test("--wait polls GET /me until the payment is credited; --timeout ends it with exit 9", async () => {
    const { env } = await account(paid, 3);
    const child = Bun.spawn([process.execPath, join(repoRoot, "cli/main.ts"), "topup", "--kind", "credits_unit", "--qty", "5", "--wait", "--interval", "0.1", "--timeout", "60"], {
      env: cliEnv(env), stdin: "ignore", stdout: "pipe", stderr: "pipe",
    });
    // Once the link is shown, pay on the fake's jar page as a payer would; the server's poller credits it.
    const reader = child.stdout.getReader();
    let shown = "";
    while (!/pay here: \S+\n/.test(shown)) {
      const { value, done } = await reader.read();
      if (done) break;
      shown += new TextDecoder().decode(value);
    }
    const jarUrl = new URL(/pay here: (\S+)\n/.exec(shown)![1]!);
    const form = new URLSearchParams({ a: jarUrl.searchParams.get("a")!, t: jarUrl.searchParams.get("t")! });
    expect((await fetch(jarUrl, { method: "POST", body: form })).status).toBe(200);
    const [stderr, code] = await Promise.all([new Response(child.stderr).text(), child.exited]);
    expect(stderr).toContain("arrived: 8 credits");
    expect(code).toBe(0);

    const late = await runCli(["topup", "--kind", "credits_unit", "--qty", "5", "--wait", "--interval", "0.05", "--timeout", "0.2", "--json"], { env });
    expect(late.code).toBe(9);
    // The TopupResponse first, then the error.
    expect(late.stdout).toContain('"jarUrl"');
    expect(JSON.parse(late.stdout.trim().split("\n").at(-1)!)).toMatchObject({ code: "timeout", exit: 9 });
  });
});

describe("gift", () => {
  test("moves credits; bad_email, bad_qty and gift_failed exit 2", async () => {
    const { user, run } = await account(paid, 10);
    const r = await run(["gift", "--email", "friend@example.com", "--qty", "4"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe("sent 4 credits to friend@example.com; 6 credits left\n");
    expect(await balance(paid, user.id)).toBe(6);
    expect(JSON.parse((await run(["gift", "--email", "friend@example.com", "--qty", "1", "--json"])).stdout)).toEqual({ ok: true, credits: 5 });
    for (const [args, code] of [
      [["--email", "nobody", "--qty", "1"], "bad_email"],
      [["--email", "friend@example.com", "--qty", "0"], "bad_qty"],
      [["--email", "friend@example.com", "--qty", "900"], "gift_failed"],
    ] as const) {
      const failed = await run(["gift", ...args, "--json"]);
      expect({ code, exit: failed.code }).toEqual({ code, exit: 2 });
      expect(JSON.parse(failed.stdout)).toMatchObject({ code, exit: 2 });
    }
    expect(await balance(paid, user.id)).toBe(5);
  });
});
