/**
 * Every failure leaves the server as `{error, code}` with the status of interface.md §7 — never a
 * stack trace. Engine and source errors already carry a code; everything unexpected is server_error.
 */
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { EngineError } from "../../engine/index.ts";
import { SourceError } from "../sources/url-source.ts";
import type { ErrorCode, ProFeature } from "./schemas.ts";

const STATUS: Record<ErrorCode, ContentfulStatusCode> = {
  unauthorized: 401,
  no_credits: 402,
  pro_required: 402,
  unknown_format: 400,
  unknown_lang: 400,
  bad_request: 400,
  bad_source: 400,
  render_failed: 500,
  bad_email: 400,
  bad_qty: 400,
  gift_failed: 400,
  rate_limited: 429,
  payment_unavailable: 503,
  server_error: 500,
  not_found: 404,
  method_not_allowed: 405,
};

export class ApiError extends Error {
  readonly status: ContentfulStatusCode;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly proFeatures?: readonly ProFeature[],
    /** 429: the seconds until a retry can succeed, sent as Retry-After. */
    readonly retryAfterS?: number,
  ) {
    super(message);
    this.status = STATUS[code];
  }
}

export function toApiError(err: unknown): ApiError {
  if (err instanceof ApiError) return err;
  if (err instanceof EngineError) return new ApiError(err.code, err.message);
  if (err instanceof SourceError) return new ApiError("bad_source", `url: ${err.message}`);
  if (err instanceof DOMException && err.name === "AbortError") {
    return new ApiError("bad_request", "the client closed the connection before the answer; nothing was charged");
  }
  // Hono's own refusals (a request it cannot read).
  if (err instanceof HTTPException) return new ApiError("bad_request", err.message || "malformed request");
  return new ApiError("server_error", "internal error");
}

export function errorResponse(c: Context, err: ApiError): Response {
  if (err.retryAfterS !== undefined) c.header("Retry-After", String(err.retryAfterS));
  const body = err.proFeatures ? { error: err.message, code: err.code, proFeatures: err.proFeatures } : { error: err.message, code: err.code };
  return c.json(body, err.status);
}
