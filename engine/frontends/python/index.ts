/**
 * The Python front-end: source → chart tree (one chart per function, `main` for module code).
 * Never throws for bad source: syntax errors and over-limit charts become FunctionErrors and the
 * other functions still come out.
 */
import type { FunctionError } from "../../errors.ts";
import type { ChartFunction, ChartTree } from "../../tree/schema.ts";
import { firstSyntaxError, nodeLoc, type SyntaxNode as TsNode } from "../tree-sitter.ts";
import { parseSource, type FastParser } from "../source.ts";
import type { Frontend } from "../types.ts";
import { ChartLimitError, PY_SHAPES, type BuildContext } from "./context.ts";
import { recoveredWarning, structuralProblem, type Held } from "../recovery.ts";
import { collectScope, type ModuleScope } from "./scope.ts";
import { parseFast } from "./parser/parser.ts";
import { buildBlock } from "./walk.ts";
import { atUnclosedBracket, unclosedBracket } from "./unclosed-bracket.ts";

const DEFINITIONS = new Set(["function_definition", "class_definition"]);
/** Python ends a statement at the line's end: tree-sitter keeps errors to their line, no second parse (recovery.ts). */
const NOTHING_HELD: ReadonlyMap<number, Held> = new Map();

/** Name a module-level ERROR node after the function it broke (`def name …`), else "main". */
function errorOwner(node: TsNode): string {
  const text = node.text.trimStart();
  const match = /^(?:async\s+)?def\s+([\p{L}\p{Nl}_][\p{L}\p{Nl}\p{Mn}\p{Mc}\p{Nd}\p{Pc}]*)/u.exec(text);
  return match?.[1] ?? "main";
}

function chart(
  name: string,
  stmts: TsNode[],
  ctx: BuildContext,
  loc: { line: number; col: number } | undefined,
  main: boolean,
): ChartFunction {
  const block = buildBlock(stmts, ctx, 1);
  const fn: ChartFunction = main ? { name, main: true, block } : { name, block };
  if (loc) fn.loc = loc;
  return fn;
}

function contextFor(source: string, options: Parameters<Frontend>[1], scope: ModuleScope, isMain: boolean): BuildContext {
  return {
    source,
    locale: options.locale,
    stripTypes: options.stripTypes,
    // The notation layer (code-notation.ts): `verbatim` draws every statement as written.
    asWritten: options.verbatim,
    options,
    texts: options.texts,
    isMain,
    functions: scope.functions,
    methods: scope.methods,
    nodes: 0,
    unread: [],
    held: NOTHING_HELD,
  };
}

/**
 * The front-end over a given parser: tree-sitter alone (`fast` undefined), or a fast parser first
 * with tree-sitter where it declines. Both give the same tree, so the same charts.
 */
export function pythonFrontend(fast: FastParser | undefined): Frontend {
  return (code, options, assets) => chartsOf(code, options, assets, fast);
}

/** The Python front-end: the hand-written parser, tree-sitter where it declines (issue 14). */
export const parsePython: Frontend = pythonFrontend(parseFast);

async function chartsOf(code: string, options: Parameters<Frontend>[1], assets: Parameters<Frontend>[2], fast: FastParser | undefined): ReturnType<Frontend> {
  const parsed = await parseSource(code, "tree-sitter-python.wasm", assets, fast);
  if (parsed.kind === "empty") return { tree: [], errors: [] };
  if (parsed.kind === "failed") return { tree: [], errors: [parsed.error] };
  const { source, root } = parsed;
  const tree: ChartTree = [];
  const errors: FunctionError[] = [];
  const scope = collectScope(root);
  const errored = new Set<string>();

  // Module level: everything outside function bodies. A broken top-level region that swallowed a
  // `def name …` is that function's error (and no part of main); any other is a statement of the
  // main code the parser could not read, drawn from its source text (recovery.ts).
  const brokenDefs = new Set<TsNode>();
  if (root.hasError) {
    for (const child of root.children) {
      if (child.type === "function_definition" || !child.hasError) continue;
      const problem = firstSyntaxError(child, (n) => n.type === "function_definition");
      if (!problem) continue;
      const name = errorOwner(problem.node);
      if (name === "main") continue;
      brokenDefs.add(child);
      if (errored.has(name)) continue;
      errored.add(name);
      errors.push({ name, message: problem.message, line: problem.line, col: problem.col });
    }
  }

  // The program's entry: module-level code that only calls a function of the file without
  // arguments (`if __name__ == "__main__": main()`) draws no chart of its own — that function's
  // chart is the program's (Start/End, "Схема алгоритму програми"), as a person would draw it.
  // The indented lines after a broken `def` head are its body, not main code.
  let inBrokenDef = false;
  const stmts = root.namedChildren.filter((c) => {
    if (brokenDefs.has(c)) inBrokenDef = true;
    else if (c.startPosition.column === 0) inBrokenDef = false;
    return c.type !== "comment" && !inBrokenDef;
  });
  // A program that defines its own `main()` keeps that name; its module-level code is `__main__`.
  const mainName = scope.defs.some((d) => d.name === "main") ? "__main__" : "main";
  const moduleChart = build(mainName, stmts, contextFor(source, options, scope, true), undefined, true, errors);
  const entry = moduleChart ? entryCall(moduleChart, scope) : undefined;
  if (moduleChart && moduleChart.block.stmts.length > 0 && entry === undefined) tree.push(moduleChart);

  for (const def of scope.defs) {
    const problem = structuralProblem(def.node, PY_SHAPES, (n) => DEFINITIONS.has(n.type));
    if (problem) {
      errors.push({ name: def.name, message: problem.message, line: problem.line, col: problem.col });
      continue;
    }
    const body = def.node.childForFieldName("body");
    const stmts = body ? body.namedChildren.filter((c) => c.type !== "comment") : [];
    const isEntry = def.name === entry;
    const built = build(def.name, stmts, contextFor(source, options, scope, false), nodeLoc(def.node), isEntry, errors);
    // Python calls a function defined in a class body a method (caption «методу», subprograms.ts).
    if (built && def.isMethod && !isEntry) built.kind = "method";
    if (built && isEntry) tree.unshift(built);
    else if (built) tree.push(built);
  }
  // Only a source with errors is scanned for an unclosed bracket (the scan is one pass anyway).
  const open = errors.length > 0 ? unclosedBracket(source) : null;
  return { tree, errors: open ? atUnclosedBracket(errors, open, source) : errors };
}

/** The function a module-level chart does nothing but call (without arguments), if any. */
function entryCall(moduleChart: ChartFunction, scope: ModuleScope): string | undefined {
  const [only, ...rest] = moduleChart.block.stmts;
  if (!only || rest.length > 0 || (only.kind !== "call" && only.kind !== "process")) return undefined;
  const name = /^([\p{L}_][\p{L}\p{N}_]*)\(\)$/u.exec(only.text)?.[1];
  return name !== undefined && scope.defs.some((d) => d.name === name) ? name : undefined;
}

function build(
  name: string,
  stmts: TsNode[],
  ctx: BuildContext,
  loc: { line: number; col: number } | undefined,
  main: boolean,
  errors: FunctionError[],
): ChartFunction | null {
  try {
    const built = chart(name, stmts, ctx, loc, main);
    const warning = recoveredWarning(name, built.block, ctx);
    if (warning) errors.push(warning);
    return built;
  } catch (error) {
    // Limits, and as a last resort anything unexpected (never fail the whole source for one chart).
    const message =
      error instanceof ChartLimitError
        ? error.message
        : `could not build the chart: ${error instanceof Error ? error.message : String(error)}`;
    errors.push({ name, message, ...(loc ?? {}) });
    return null;
  }
}
