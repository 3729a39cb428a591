/**
 * The statement poller: on every tick each server process tries the shared call budget; the one
 * that wins reads the jar's statement for a window that overlaps the last one, hands every incoming
 * item to the crediting function, and only then moves the shared cursor forward. A process killed
 * in between leaves the cursor where it was, so the next reader (any process, after a restart too)
 * reads the same items again — and crediting them again changes nothing.
 *
 * The statement is the only record: the bank's webhook never credits what it posts (anyone who
 * learns the URL could post anything); it only asks for a read now (`readSoon`), which happens as
 * soon as the shared call budget allows — at once when no call was made within the bank's limit.
 */
import { and, eq, lt, sql } from "drizzle-orm";
import type { Db } from "../db/open.ts";
import { payments, providerState } from "../db/schema.ts";
import { CallBudget, type ProviderState } from "./budget.ts";
import type { MonobankConfig } from "./config.ts";
import { MAX_WINDOW_S, MonobankClient, ProviderError, STATEMENT_PAGE, type StatementItem } from "./monobank.ts";
import { settleItem } from "./settle.ts";

/** Pending payments past their time become `expired` (still credited if paid later: settle.ts). */
export async function expirePayments(db: Db, now = Date.now()): Promise<number> {
  const rows = await db
    .update(payments)
    .set({ status: "expired" })
    .where(and(eq(payments.status, "pending"), lt(payments.expiresAt, now)))
    .returning({ id: payments.id });
  return rows.length;
}

/** What made a statement read happen: the timer, or the webhook's signal (recorded with the item). */
export type ReadTrigger = "poll" | "webhook";

export interface PayerSignal {
  /** The bank says something arrived: read the statement as soon as the call budget allows. */
  readSoon(): void;
}

export interface PollResult {
  /** False when another call was too recent (or a backoff is in force): nothing was read. */
  called: boolean;
  items: number;
  recorded: number;
}

interface Window {
  fromMs: number;
  toMs: number;
}

function windowOf(state: ProviderState, config: MonobankConfig, now: number): Window {
  // min(…, now): a cursor written by a process whose clock runs ahead must not leave an empty window.
  const start = Math.min(state.cursor ?? now - config.initialLookbackMs, now) - config.overlapMs;
  const end = Math.min(state.gapTo ?? now, start + MAX_WINDOW_S * 1000);
  return { fromMs: start, toMs: end };
}

/** Where the cursor goes after a window was read and every item in it credited. */
function advanced(state: ProviderState, window: Window, items: readonly StatementItem[]): Partial<ProviderState> {
  if (items.length >= STATEMENT_PAGE) {
    // A full page: older items of the window were left out. Read down to the oldest one seen next.
    const oldestMs = Math.min(...items.map((i) => i.time * 1000));
    return { gapTo: oldestMs + 1000, reachedTo: Math.max(state.reachedTo ?? 0, state.gapTo === null ? window.toMs : 0) };
  }
  return { cursor: Math.max(state.reachedTo ?? 0, window.toMs), gapTo: null, reachedTo: null };
}

export class StatementPoller {
  private readonly budget: CallBudget;
  private readonly client: MonobankClient;

  constructor(
    private readonly db: Db,
    private readonly config: MonobankConfig,
    private readonly pauseBeforeCreditMs = 0,
  ) {
    this.budget = new CallBudget(db, config);
    this.client = new MonobankClient(config);
  }

  async pollOnce(now = Date.now(), trigger: ReadTrigger = "poll"): Promise<PollResult> {
    await expirePayments(this.db, now);
    const state = await this.budget.claim(now);
    if (!state) return { called: false, items: 0, recorded: 0 };
    const window = windowOf(state, this.config, now);
    const items = await this.budget.recorded(() =>
      this.client.statement(this.config.jarId, Math.floor(window.fromMs / 1000), Math.floor(window.toMs / 1000)),
    );
    const incoming = items.filter((i) => i.amount > 0).sort((a, b) => a.time - b.time || a.id.localeCompare(b.id));
    // Quiet while nothing comes in (a poll a minute); the crash test waits for this line.
    if (incoming.length > 0) console.log(`payments: statement read, ${items.length} item(s), ${incoming.length} incoming`);
    if (this.pauseBeforeCreditMs > 0 && incoming.length > 0) await Bun.sleep(this.pauseBeforeCreditMs);
    let recorded = 0;
    for (const item of incoming) {
      const settled = await settleItem(this.db, this.config.jarId, item, trigger);
      if (settled.recorded) {
        recorded++;
        console.log(`payments: item ${item.id} → ${settled.outcome}${settled.paymentId ? ` (payment ${settled.paymentId})` : ""}`);
      }
    }
    const next = advanced(state, window, items);
    const cursor = next.cursor === undefined ? {} : { cursor: sql`max(coalesce(${providerState.cursor}, 0), ${next.cursor})` };
    await this.db
      .update(providerState)
      .set({ ...cursor, ...(next.gapTo !== undefined ? { gapTo: next.gapTo } : {}), ...(next.reachedTo !== undefined ? { reachedTo: next.reachedTo } : {}) })
      .where(eq(providerState.key, this.budget.key));
    return { called: true, items: items.length, recorded };
  }

  /**
   * Polls every `pollIntervalMs` until stopped; a failed poll is logged and retried on a later tick.
   * `readSoon` moves the next read forward to the moment the call budget allows (a read already
   * under way is followed by one more: the signalled item may be newer than its window).
   */
  start(): PayerSignal & { stop(): Promise<void> } {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let running: Promise<void> | null = null;
    let signalled = false;
    const schedule = (delayMs: number) => {
      clearTimeout(timer);
      if (!stopped) timer = setTimeout(tick, delayMs);
    };
    const tick = () => {
      const trigger: ReadTrigger = signalled ? "webhook" : "poll";
      signalled = false;
      running = this.pollOnce(Date.now(), trigger)
        .then(async (result) => {
          if (trigger === "webhook" && !result.called) {
            signalled = true; // the budget was taken: the signal waits for the next allowed call
            return Math.max(0, (await this.budget.nextCallAt()) - Date.now());
          }
          return signalled ? 0 : this.config.pollIntervalMs;
        })
        .catch((err) => {
          const why = err instanceof ProviderError ? `provider: ${err.message}` : err instanceof Error ? err.stack ?? err.message : String(err);
          console.error(`payments: poll failed (${why}); retrying on a later tick`);
          if (trigger === "webhook") signalled = true;
          return this.config.pollIntervalMs;
        })
        .then((delayMs) => {
          running = null;
          schedule(delayMs);
        });
    };
    tick();
    return {
      readSoon() {
        signalled = true;
        if (!running) schedule(0);
      },
      async stop() {
        stopped = true;
        clearTimeout(timer);
        await running;
      },
    };
  }
}
