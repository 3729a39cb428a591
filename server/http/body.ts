/**
 * Reading request bodies against the zod schemas: one place that decides what a malformed body,
 * a wrong content type or a wrong field is answered with.
 */
import type { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { ApiError } from "./errors.ts";
import { JsonQuery } from "./schemas.ts";
import { validationError } from "./validation.ts";

export type BodyKind = "json" | "multipart";

export function bodyKind(c: Context, accepted: readonly BodyKind[]): BodyKind {
  const type = (c.req.header("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  const kind: BodyKind | undefined = type === "application/json" ? "json" : type === "multipart/form-data" ? "multipart" : undefined;
  if (kind && accepted.includes(kind)) return kind;
  const wanted = accepted.map((k) => (k === "json" ? "application/json" : "multipart/form-data")).join(" or ");
  throw new ApiError("bad_request", `Content-Type must be ${wanted}${type ? `, not ${type}` : ""}`);
}

/**
 * Fatal: bytes that are not UTF-8 are refused, not turned into U+FFFD — a source must not be rendered
 * (and charged) with characters the client never sent; the multipart path refuses the same bytes.
 */
const UTF8 = new TextDecoder("utf-8", { fatal: true });

export async function readJson<S extends z.ZodType>(c: Context, schema: S, batch = false): Promise<z.output<S>> {
  const bytes = await c.req.arrayBuffer(); // the body limit's refusal (an ApiError) comes from here
  let text: string;
  try {
    text = UTF8.decode(bytes);
  } catch {
    throw new ApiError("bad_request", "the JSON body is not valid UTF-8 (interface.md: all JSON bodies use UTF-8)");
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (err) {
    throw new ApiError("bad_request", `malformed JSON body: ${err instanceof Error ? err.message : String(err)}`);
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw validationError(parsed.error, batch);
  return parsed.data;
}

export async function readForm<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  let form: Record<string, unknown>;
  try {
    form = await c.req.parseBody();
  } catch (err) {
    if (err instanceof ApiError) throw err;
    throw new ApiError("bad_request", "malformed multipart/form-data body");
  }
  const parsed = schema.safeParse(form);
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}

/** `?json`, `?json=1`, `?json=true` ask for a JSON answer instead of the file. */
export function jsonRequested(c: Context): boolean {
  const parsed = JsonQuery.safeParse({ json: c.req.query("json") });
  if (!parsed.success) throw new ApiError("bad_request", "query json must be 1, 0, true or false");
  return parsed.data.json;
}
