/** The payment side of a running server: the statement poller, when the provider is configured. */
import type { Db } from "../db/open.ts";
import type { PaymentsConfig } from "./config.ts";
import { StatementPoller } from "./poller.ts";

export function startPayments(db: Db, config: PaymentsConfig): { stop(): Promise<void> } {
  if (!config.monobank) return { stop: async () => {} };
  return new StatementPoller(db, config.monobank, config.testPauseBeforeCreditMs).start();
}
