/**
 * The Pascal front-end (Turbo/Free Pascal, Delphi, PascalABC.NET): source → chart tree. The main
 * `begin … end.` is the `main` chart, every procedure/function its own chart (methods
 * `TClass.Method`, nested routines `Outer.Inner`), main first, then in source order.
 * Hand-written parser (no grammar asset needed). Never throws for bad source: syntax errors and
 * over-limit charts become FunctionErrors and the other routines still come out.
 */
import { activeSource } from "../conditional-compilation.ts";
import { cleanSource } from "../source.ts";
import type { FunctionError } from "../../errors.ts";
import type { ResolvedOptions } from "../../options.ts";
import type { ChartFunction, ChartTree } from "../../tree/schema.ts";
import type { Frontend } from "../types.ts";
import { ChartLimitError, mapBlock, type MapContext } from "./map.ts";
import { parseProgram, type Loc, type ParsedProgram, type Stmt } from "./parser.ts";
import { recoveredWarning } from "../recovery.ts";

function build(
  name: string,
  body: Stmt[],
  loc: Loc,
  main: boolean,
  options: ResolvedOptions,
  parsed: ParsedProgram,
  errors: FunctionError[],
): ChartFunction | null {
  // asWritten: the notation layer (code-notation.ts); `verbatim` draws every statement as written.
  const ctx: MapContext = { options, locale: options.locale, asWritten: options.verbatim, texts: options.texts, isMain: main, routines: parsed.routineNames, nodes: 0 };
  try {
    const block = mapBlock(body, ctx, 1);
    // Statements the parser skipped are process blocks with their text (parser.ts): still warn.
    const unread = parsed.recovered.filter((r) => r.name === name && (main || r.at === loc));
    const warning = recoveredWarning(name, block, { unread });
    if (warning) errors.push(warning);
    const fn: ChartFunction = main ? { name, main: true, block } : { name, block };
    fn.loc = { line: loc.line, col: loc.col };
    return fn;
  } catch (error) {
    const message =
      error instanceof ChartLimitError
        ? error.message
        : `could not build the chart: ${error instanceof Error ? error.message : String(error)}`;
    errors.push({ name, message, line: loc.line, col: loc.col });
    return null;
  }
}

export const parsePascal: Frontend = async (code, options) => {
  const source = activeSource(cleanSource(code), "pascal");
  const tree: ChartTree = [];
  const errors: FunctionError[] = [];
  if (source.trim() === "") return { tree, errors };
  let parsed: ReturnType<typeof parseProgram>;
  try {
    parsed = parseProgram(source);
  } catch (error) {
    // Last resort: the parser reports syntax errors itself, so this is a bug — still no throw.
    return { tree, errors: [{ name: "main", message: `could not parse the source: ${error instanceof Error ? error.message : String(error)}` }] };
  }
  errors.push(...parsed.errors);
  const failed = new Set(parsed.errors.map((e) => e.name));
  if (parsed.main && !failed.has("main")) {
    const built = build("main", parsed.main.body, parsed.main.loc, true, options, parsed, errors);
    if (built) tree.push(built);
  }
  for (const routine of parsed.routines) {
    // A routine whose body failed to parse has none (its error is already recorded).
    if (!routine.body) continue;
    const built = build(routine.name, routine.body, routine.loc, false, options, parsed, errors);
    if (built) tree.push(built);
  }
  return { tree, errors };
};
