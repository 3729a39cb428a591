/**
 * Turns zod's verdict on a request into the documented error: a bad `format` is unknown_format, a
 * bad `lang` unknown_lang, a bad `email` bad_email, a bad `qty` bad_qty, anything else bad_request —
 * each naming the field it is about.
 */
import type { z } from "@hono/zod-openapi";
import { FORMATS, LANGS } from "../../engine/index.ts";
import { ApiError } from "./errors.ts";
import { BATCH_FORMATS } from "./schemas.ts";

function where(path: readonly PropertyKey[]): string {
  return path.map((p, i) => (typeof p === "number" ? `[${p}]` : i === 0 ? String(p) : `.${String(p)}`)).join("");
}

export function validationError(error: z.ZodError, batch = false): ApiError {
  const issues = error.issues;
  const at = (field: string) => issues.find((i) => i.path.at(-1) === field && i.code !== "unrecognized_keys");
  const format = at("format");
  if (format) {
    const allowed = batch ? BATCH_FORMATS : FORMATS;
    return new ApiError("unknown_format", `unknown format; use one of ${allowed.join(", ")}`);
  }
  const lang = at("lang");
  if (lang) return new ApiError("unknown_lang", `${where(lang.path)}: unknown language; use one of ${LANGS.join(", ")}`);
  // /gift (and /topup's qty): their own codes of §7.
  const email = at("email");
  if (email) return new ApiError("bad_email", `email: ${email.message}`);
  const qty = at("qty");
  if (qty) return new ApiError("bad_qty", `qty: ${qty.message}`);
  const text = issues.map((i) => (i.path.length ? `${where(i.path)}: ${i.message}` : i.message)).join("; ");
  return new ApiError("bad_request", text);
}

/** The hook @hono/zod-openapi calls after validating a request part. */
export function defaultHook(result: { success: true } | { success: false; error: z.ZodError }, c: { req: { path: string } }): void {
  if (!result.success) throw validationError(result.error, c.req.path.endsWith("/batch"));
}
