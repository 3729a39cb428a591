/**
 * Turns zod's verdict on a request into the documented error: a bad `format` is unknown_format, a
 * bad `lang` unknown_lang, a bad `email` bad_email, a bad `qty` bad_qty, anything else bad_request —
 * each naming the field it is about in a sentence of engine/issue-text.ts.
 */
import type { z } from "@hono/zod-openapi";
import { FORMATS, LANGS } from "../../engine/index.ts";
import { fieldName, issueSentence, issuesText } from "../../engine/issue-text.ts";
import { ApiError } from "./errors.ts";
import { BATCH_FORMATS } from "./schemas.ts";

export function validationError(error: z.ZodError, batch = false): ApiError {
  const issues = error.issues;
  const at = (field: string) => issues.find((i) => i.path.at(-1) === field && i.code !== "unrecognized_keys");
  const format = at("format");
  if (format) {
    const allowed = batch ? BATCH_FORMATS : FORMATS;
    return new ApiError("unknown_format", `unknown format; use one of ${allowed.join(", ")}`);
  }
  const lang = at("lang");
  if (lang) return new ApiError("unknown_lang", `${fieldName(lang.path)}: unknown language; use one of ${LANGS.join(", ")}`);
  // /gift (and /topup's qty): their own codes of §7.
  const email = at("email");
  if (email) return new ApiError("bad_email", issueSentence(email));
  const qty = at("qty");
  if (qty) return new ApiError("bad_qty", issueSentence(qty));
  return new ApiError("bad_request", issuesText(issues));
}

/** The hook @hono/zod-openapi calls after validating a request part. */
export function defaultHook(result: { success: true } | { success: false; error: z.ZodError }, c: { req: { path: string } }): void {
  if (!result.success) throw validationError(result.error, c.req.path.endsWith("/batch"));
}
