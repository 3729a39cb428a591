/**
 * The workerd compatibility settings the API worker needs (wrangler.toml's compatibility_date and
 * compatibility_flags; the tests and bench/edge.ts run it with these): `nodejs_compat` for the
 * `node:crypto`, `node:dns` and `node:fs` imports of the server's modules — `node:fs` (the payments
 * catalog file) is part of it from this date on.
 */
export const EDGE_COMPATIBILITY = { date: "2026-04-01", flags: ["nodejs_compat"] } as const;
