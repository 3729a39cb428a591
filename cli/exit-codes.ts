/**
 * The CLI's exit status, derived from the API error `code` (interface.md §7) so a script can branch
 * on it. docs/cli.md's table and `skhema help` are printed from EXIT_TABLE.
 */
import { ApiError, NetworkError, type ErrorCode } from "../client/api.ts";

export const EXIT = {
  ok: 0,
  error: 1,
  usage: 2,
  unauthorized: 3,
  noCredits: 4,
  proRequired: 5,
  rateLimited: 6,
  paymentUnavailable: 7,
  network: 8,
  timeout: 9,
} as const;
export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** Every API code has its status; the compiler refuses a code left out. */
export const EXIT_BY_CODE: Record<ErrorCode, ExitCode> = {
  server_error: EXIT.error,
  render_failed: EXIT.error,
  not_found: EXIT.error,
  method_not_allowed: EXIT.error,
  bad_request: EXIT.usage,
  unknown_lang: EXIT.usage,
  unknown_format: EXIT.usage,
  bad_source: EXIT.usage,
  bad_email: EXIT.usage,
  bad_qty: EXIT.usage,
  gift_failed: EXIT.usage,
  unauthorized: EXIT.unauthorized,
  no_credits: EXIT.noCredits,
  pro_required: EXIT.proRequired,
  rate_limited: EXIT.rateLimited,
  payment_unavailable: EXIT.paymentUnavailable,
};

/** Rows of the documented table: status, what, the API codes behind it. */
export const EXIT_TABLE: readonly (readonly [ExitCode, string])[] = [
  [EXIT.ok, "success"],
  [EXIT.error, "other failure: server_error, render_failed, not_found, method_not_allowed, a file that cannot be written"],
  [EXIT.usage, "usage error (unknown flag, missing argument, unreadable input), bad_request, unknown_lang, unknown_format, bad_source, bad_email, bad_qty, gift_failed"],
  [EXIT.unauthorized, "unauthorized: no key configured, or the key is wrong or revoked"],
  [EXIT.noCredits, "no_credits: top up (skhema topup)"],
  [EXIT.proRequired, "pro_required: a custom text option or lang=native needs Pro"],
  [EXIT.rateLimited, "rate_limited: still limited after the retries (or --no-retry)"],
  [EXIT.paymentUnavailable, "payment_unavailable: the service takes no payments now"],
  [EXIT.network, "network: the service cannot be reached, or the answer broke off"],
  [EXIT.timeout, "topup --wait: the credits did not arrive within --timeout"],
];

/** A failure the CLI itself detects, with the code it reports in --json output. */
export class CliError extends Error {
  constructor(
    readonly code: string,
    readonly exit: ExitCode,
    message: string,
  ) {
    super(message);
  }
}

/** The reader of stdout went away (EPIPE): the command ends at once, quietly, with exit 0. */
export class StdoutClosed extends Error {}

export const usageError = (message: string) => new CliError("usage", EXIT.usage, message);

/** The code and exit status of any failure (API, engine, network, the CLI's own). */
export function classify(error: unknown): { code: string; exit: ExitCode; message: string } {
  if (error instanceof CliError) return { code: error.code, exit: error.exit, message: error.message };
  if (error instanceof ApiError) return { code: error.code, exit: EXIT_BY_CODE[error.code] ?? EXIT.error, message: error.message };
  if (error instanceof NetworkError) return { code: "network", exit: EXIT.network, message: error.message };
  // The engine's errors (render --local) carry the same codes as the API.
  const code = (error as { code?: unknown } | null)?.code;
  const message = error instanceof Error ? error.message : String(error);
  if (typeof code === "string" && code in EXIT_BY_CODE) return { code, exit: EXIT_BY_CODE[code as ErrorCode], message };
  return { code: "error", exit: EXIT.error, message };
}
