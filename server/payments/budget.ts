/**
 * The provider's per-token call budget, shared by every server process through the database: a
 * process may call only after winning one conditional UPDATE of `last_call_at` (at least the minimum
 * interval since the last call by anyone, and no backoff in force). Two processes never both win.
 * After a 429 or a 5xx the next call waits longer and longer (doubling, capped).
 */
import { createHash } from "node:crypto";
import { and, eq, lte, sql } from "drizzle-orm";
import type { Db } from "../db/open.ts";
import { providerState } from "../db/schema.ts";
import type { MonobankConfig } from "./config.ts";
import { ProviderError } from "./monobank.ts";

export type ProviderState = typeof providerState.$inferSelect;

/** The row of a token: keyed by a hash, so the database never holds the token itself. */
export function stateKey(token: string): string {
  return `monobank:${createHash("sha256").update(token).digest("hex").slice(0, 16)}`;
}

export class CallBudget {
  readonly key: string;
  constructor(
    private readonly db: Db,
    private readonly config: Pick<MonobankConfig, "token" | "minCallIntervalMs" | "maxBackoffMs">,
  ) {
    this.key = stateKey(config.token);
  }

  /** The state after winning the right to call now, or null when another call is too recent. */
  async claim(now = Date.now()): Promise<ProviderState | null> {
    await this.db.insert(providerState).values({ key: this.key }).onConflictDoNothing();
    const [won] = await this.db
      .update(providerState)
      .set({ lastCallAt: now })
      .where(and(eq(providerState.key, this.key), lte(providerState.lastCallAt, now - this.config.minCallIntervalMs), lte(providerState.notBefore, now)))
      .returning();
    return won ?? null;
  }

  /** The earliest moment a call may be claimed (the minimum interval since the last call, and any backoff). */
  async nextCallAt(): Promise<number> {
    const [state] = await this.db.select().from(providerState).where(eq(providerState.key, this.key));
    if (!state) return 0;
    return Math.max(state.lastCallAt + this.config.minCallIntervalMs, state.notBefore);
  }

  /** Runs `call` once the budget allows (waiting at most `maxWaitMs`), recording its success or failure. */
  async call<T>(call: () => Promise<T>, maxWaitMs: number): Promise<T> {
    const deadline = Date.now() + maxWaitMs;
    while (!(await this.claim())) {
      if (Date.now() > deadline) throw new Error(`the provider's call budget was busy for ${maxWaitMs} ms (another process is polling, or backing off)`);
      await Bun.sleep(Math.min(1000, this.config.minCallIntervalMs / 4));
    }
    return await this.recorded(call);
  }

  /** Runs a call already claimed, and records how it went. */
  async recorded<T>(call: () => Promise<T>): Promise<T> {
    try {
      const result = await call();
      await this.db.update(providerState).set({ failures: 0, notBefore: 0 }).where(eq(providerState.key, this.key));
      return result;
    } catch (err) {
      if (err instanceof ProviderError && err.retryable) await this.backOff(err);
      throw err;
    }
  }

  private async backOff(err: ProviderError): Promise<void> {
    const [state] = await this.db
      .update(providerState)
      .set({ failures: sql`${providerState.failures} + 1` })
      .where(eq(providerState.key, this.key))
      .returning({ failures: providerState.failures });
    const failures = state?.failures ?? 1;
    const doubling = this.config.minCallIntervalMs * 2 ** Math.min(failures - 1, 20);
    const wait = Math.min(this.config.maxBackoffMs, Math.max(doubling, (err.retryAfterS ?? 0) * 1000));
    await this.db.update(providerState).set({ notBefore: Date.now() + wait }).where(eq(providerState.key, this.key));
  }
}
