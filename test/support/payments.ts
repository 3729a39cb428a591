/**
 * Helpers of the payment tests: a server wired to the fake Monobank, buying through the API, and
 * reading what the database says (figures, not prose).
 */
import { startFakeMonobank, type FakeMonobank, type FakeOptions } from "../../dev/fake-monobank/fake.ts";
import type { Database } from "../../server/db/open.ts";
import { postJson } from "./server.ts";
import { WAIT_MS } from "./timeouts.ts";

export const TOKEN = "test-token-0123456789";
export const JAR = { id: "jar-test-1", sendId: "testJarSend", title: "Skhema test" };
export const SECRET = "test-webhook-secret-0123456789abcdef";

export function startFake(options: Partial<FakeOptions> = {}): FakeMonobank {
  return startFakeMonobank({ token: TOKEN, jars: [JAR], minCallIntervalMs: 1, ...options });
}

/** Server settings that point the payment provider at the fake. */
export function providerEnv(fake: FakeMonobank, extra: Record<string, string> = {}): Record<string, string> {
  return {
    MONOBANK_API_URL: fake.url,
    MONOBANK_TOKEN: TOKEN,
    MONOBANK_JAR_ID: JAR.id,
    MONOBANK_JAR_SEND_ID: JAR.sendId,
    MONOBANK_MIN_CALL_INTERVAL_MS: "200",
    MONOBANK_POLL_INTERVAL_MS: "50",
    ...extra,
  };
}

export interface Topup {
  jarUrl: string;
  comment: string;
  label: string;
  amountKop: number;
  amountUah: number;
}

export async function topup(url: string, key: string, body: unknown): Promise<Topup> {
  const response = await postJson(`${url}/topup`, key, body);
  if (response.status !== 200) throw new Error(`topup answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as Topup;
}

export async function balance(url: string, key: string): Promise<{ credits: number; pro: boolean; proUntil: string }> {
  return (await (await fetch(`${url}/me`, { headers: { "x-api-key": key } })).json()) as { credits: number; pro: boolean; proUntil: string };
}

/** Reads every 50 ms until `holds`, for at most WAIT_MS; the last value when it never holds. */
export async function eventually<T>(read: () => Promise<T>, holds: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + WAIT_MS;
  let value = await read();
  while (!holds(value) && Date.now() < deadline) {
    await Bun.sleep(50);
    value = await read();
  }
  return value;
}

export async function rows(database: Database, sql: string, args: (string | number)[] = []): Promise<Record<string, unknown>[]> {
  return (await database.client.execute({ sql, args })).rows as unknown as Record<string, unknown>[];
}

/** The ledger rows of a payment (ref payment:N). */
export function paymentLedger(database: Database, comment: string) {
  return rows(database, "SELECT l.delta, l.reason, l.balance_after FROM ledger l JOIN payments p ON l.ref = 'payment:' || p.id WHERE p.comment = ? ORDER BY l.id", [comment]);
}
