/** OpenAPI response entries shared by the routes, and the helpers that send files. */
import type { Context } from "hono";
import { ErrorBody, ProRequiredBody } from "../schemas.ts";

const error = (description: string) => ({ description, content: { "application/json": { schema: ErrorBody } } });

export const ERRORS = {
  400: error("bad_request, unknown_format, unknown_lang or bad_source (see `code`)."),
  401: error("unauthorized: missing, malformed, wrong or revoked API key."),
  402: {
    description: "no_credits (Error), or pro_required (ProRequiredError, with `proFeatures`).",
    content: { "application/json": { schema: ProRequiredBody.or(ErrorBody) } },
  },
  429: {
    description: "rate_limited: over 60 requests per minute for this key. `Retry-After` says how many seconds to wait.",
    headers: { "Retry-After": { schema: { type: "integer" as const }, description: "Seconds until the window resets." } },
    content: { "application/json": { schema: ErrorBody } },
  },
  /** /render and /render/batch (render-limits.ts): an addition to interface.md §8, which limits only the free endpoints. */
  renderLimited: {
    description:
      "rate_limited: too many renders at once with this key, or too many failed, refused or abandoned renders in the last minute (successful renders are not limited). `Retry-After` says how many seconds to wait.",
    headers: { "Retry-After": { schema: { type: "integer" as const }, description: "Seconds until a retry can succeed." } },
    content: { "application/json": { schema: ErrorBody } },
  },
  500: error("render_failed (with the engine's message, line and column for syntax errors; or a render stopped at its time or memory budget, not charged) or server_error."),
  503: error("payment_unavailable: the payment provider is not configured."),
} as const;

/** `attachment` with an ASCII fallback name and the real (possibly Cyrillic) one in RFC 5987 form. */
export function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export function sendFile(c: Context, data: string | Uint8Array, type: string, name: string, headers: Record<string, string> = {}): Response {
  return c.body(typeof data === "string" ? data : (data as Uint8Array<ArrayBuffer>), 200, {
    "Content-Type": type,
    "Content-Disposition": contentDisposition(name),
    ...headers,
  });
}

export function base64(data: Uint8Array): string {
  return Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString("base64");
}
