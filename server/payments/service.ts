/**
 * The payment side of a running server: the statement poller, when the provider is configured, and
 * the signal its webhook gives it. Start it before the app, which mounts the webhook on it.
 */
import type { Db } from "../db/open.ts";
import type { PaymentsConfig } from "./config.ts";
import { StatementPoller, type PayerSignal } from "./poller.ts";

export type Payments = { stop(): Promise<void>; signal: PayerSignal | undefined };

export function startPayments(db: Db, config: PaymentsConfig): Payments {
  if (!config.monobank) return { stop: async () => {}, signal: undefined };
  const poller = new StatementPoller(db, config.monobank, config.testPauseBeforeCreditMs).start();
  return { stop: () => poller.stop(), signal: poller };
}
