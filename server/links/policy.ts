/** How long temporary links live and how much one account may keep behind them (issue 28). */
export interface LinkPolicy {
  ttlMs: number;
  maxLive: number;
  maxLiveBytes: number;
}

export const DEFAULT_LINK_POLICY: LinkPolicy = { ttlMs: 60 * 60_000, maxLive: 20, maxLiveBytes: 50 * 1024 * 1024 };
