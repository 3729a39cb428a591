/**
 * Flags → the fields of a RenderRequest / BatchRequest (interface.md §2.1, §2.3, §2.4). Values are
 * passed on as given; the service (or the engine, with --local) checks them and answers with its
 * documented code, so the CLI keeps no second copy of the rules.
 */
import type { Options, RenderRequest } from "../client/api.ts";
import { kebab, OPTION_FLAGS } from "./commands.ts";
import { int, str, type Values } from "./context.ts";
import { usageError } from "./exit-codes.ts";

/** The fields render and batch share (everything but the source and the format). */
export type CommonFields = Pick<RenderRequest, "lang" | "fn" | "split" | "scale" | "fragment" | "font" | "options">;

export function commonFields(values: Values): CommonFields {
  if (values.split && values["no-split"]) throw usageError("--split and --no-split contradict each other");
  const fields: CommonFields = {};
  const lang = str(values, "lang");
  if (lang !== undefined) fields.lang = lang as CommonFields["lang"];
  const fn = str(values, "fn");
  if (fn !== undefined) fields.fn = fn;
  if (values.split) fields.split = true;
  if (values["no-split"]) fields.split = false;
  const scale = int(values, "scale");
  if (scale !== undefined) fields.scale = scale;
  if (values.fragment) fields.fragment = true;
  const font = str(values, "font");
  if (font !== undefined) fields.font = font;
  const options = optionsOf(values);
  if (options !== undefined) fields.options = options;
  return fields;
}

/** --options JSON, with the one-per-option flags laid over it. */
export function optionsOf(values: Values): Options | undefined {
  let options: Record<string, unknown> | undefined;
  const raw = str(values, "options");
  if (raw !== undefined) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      throw usageError("--options is not valid JSON");
    }
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) throw usageError("--options must be a JSON object");
    options = { ...(parsed as Record<string, unknown>) };
  }
  for (const [name, spec] of Object.entries(OPTION_FLAGS)) {
    const flag = kebab(name);
    if (values[flag] === undefined) continue;
    options ??= {};
    options[name] = spec.kind === "boolean" ? true : spec.kind === "integer" ? int(values, flag) : str(values, flag);
  }
  return options as Options | undefined;
}
