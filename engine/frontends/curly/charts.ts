/**
 * The chart driver shared by the curly front-ends (Java, C#, JavaScript, TypeScript, Go, PHP):
 * parse, build one chart per collected function (syntax errors and over-limit charts become
 * FunctionErrors, the other charts still come out), report broken regions outside any function.
 */
import type { AssetName } from "../../assets.ts";
import type { FunctionError } from "../../errors.ts";
import type { ResolvedOptions } from "../../options.ts";
import type { ChartFunction, ChartTree, Node } from "../../tree/schema.ts";
import { firstSyntaxError, nodeLoc, type SyntaxNode as TsNode } from "../tree-sitter.ts";
import { parseSource } from "../source.ts";
import type { Frontend, FrontendResult } from "../types.ts";
import { ChartLimitError, CURLY_SHAPES, type BuildContext, type CurlyLang } from "./context.ts";
import { isolateUnread, recoveredWarning, structuralProblem, type Held } from "../recovery.ts";
import { expressionNode, returnStatement } from "./simple.ts";
import { buildBlock, decided } from "./walk.ts";

/** One chart to build: a method body (statements) or an expression body (`=> e`). */
export interface ChartSpec {
  name: string;
  main: boolean;
  /** Nodes whose syntax errors belong to this chart (the declaration, or C# top-level statements). */
  nodes: TsNode[];
  /** Subtrees reported on their own (nested local functions). */
  exclude?: (node: TsNode) => boolean;
  stmts?: TsNode[];
  /** Expression body (C# `=> e` clause, a JavaScript arrow function), its expression, and whether its value is returned (non-void). */
  arrow?: { clause: TsNode; expr: TsNode | undefined; returns: boolean };
  loc?: { line: number; col: number };
  /** Built from top-level statements: left out when it draws nothing. */
  topLevel?: boolean;
}

export interface Collected {
  charts: ChartSpec[];
  methods: Set<string>;
  readers: Set<string>;
  staticConsole?: boolean;
  /** The class holding `main`/`Main` (FrontendResult.programClass). */
  programClass?: string;
}

const KEYWORDS = new Set([
  "if", "for", "while", "switch", "catch", "foreach", "using", "lock", "return", "new", "synchronized",
  "typeof", "sizeof", "nameof", "default", "when", "base", "this", "super", "throw", "do", "else",
]);

/** Guess the method a broken region belongs to (its first `name(` that is no keyword), or "". */
function errorOwner(node: TsNode): string {
  const head = node.text.slice(0, 2000);
  const re = /([\p{L}_][\p{L}\p{N}_]*)\s*\(/gu;
  for (let m = re.exec(head); m; m = re.exec(head)) {
    if (!KEYWORDS.has(m[1]!)) return m[1]!;
  }
  return "";
}

function context(lang: CurlyLang, source: string, options: ResolvedOptions, found: Collected, isMain: boolean, held: ReadonlyMap<number, Held>): BuildContext {
  return {
    lang,
    source,
    locale: options.locale,
    stripTypes: options.stripTypes,
    // The notation layer (code-notation.ts): `verbatim` draws every statement as written.
    asWritten: options.verbatim,
    options,
    texts: options.texts,
    isMain,
    methods: found.methods,
    readers: found.readers,
    staticConsole: found.staticConsole ?? false,
    frames: [],
    generated: 0,
    nodes: 0,
    unread: [],
    held,
  };
}

function buildChart(spec: ChartSpec, ctx: BuildContext): ChartFunction {
  let stmts: Node[];
  if (spec.arrow) {
    const expr = spec.arrow.expr;
    if (!expr) stmts = [];
    else if (spec.arrow.returns) stmts = decided(spec.arrow.clause, returnStatement(spec.arrow.clause, ctx, expr), ctx);
    else {
      const node = expressionNode(spec.arrow.clause, expr, ctx);
      stmts = node ? decided(spec.arrow.clause, [node], ctx) : [];
    }
  } else stmts = buildBlock(spec.stmts ?? [], ctx, 1).stmts;
  const fn: ChartFunction = spec.main ? { name: spec.name, main: true, block: { stmts } } : { name: spec.name, block: { stmts } };
  if (spec.loc) fn.loc = spec.loc;
  return fn;
}

/** All ERROR / MISSING nodes outside the given subtrees (outermost only; iterative). */
function strayErrors(root: TsNode, owned: ReadonlySet<TsNode>): TsNode[] {
  const out: TsNode[] = [];
  if (!root.hasError) return out;
  const stack: TsNode[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (owned.has(node)) continue;
    if (node.isError || node.isMissing) {
      out.push(node);
      continue;
    }
    if (!node.hasError) continue;
    for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]!);
  }
  return out;
}

/**
 * The language's grammar, or its grammars in order: the next is tried only when the one before
 * reads the source with errors and it reads it without (TypeScript, then TSX for JSX in a `.tsx`).
 */
async function parseWith(code: string, grammars: readonly AssetName[], assets: Parameters<Frontend>[2]) {
  const first = await parseSource(code, grammars[0]!, assets);
  if (first.kind !== "parsed" || !first.root.hasError) return { parsed: first, grammar: grammars[0]! };
  for (const grammar of grammars.slice(1)) {
    const other = await parseSource(code, grammar, assets);
    if (other.kind === "parsed" && !other.root.hasError) return { parsed: other, grammar };
  }
  return { parsed: first, grammar: grammars[0]! };
}

export async function runFrontend(
  lang: CurlyLang,
  grammars: AssetName | readonly AssetName[],
  collect: (root: TsNode) => Collected,
  code: string,
  options: ResolvedOptions,
  assets: Parameters<Frontend>[2],
): Promise<FrontendResult> {
  const { parsed: first, grammar } = await parseWith(code, typeof grammars === "string" ? [grammars] : grammars, assets);
  if (first.kind === "empty") return { tree: [], errors: [] };
  if (first.kind === "failed") return { tree: [], errors: [first.error] };
  // Statements an unreadable one swallowed are read by a second parse (recovery.ts).
  const isolated = isolateUnread(first.source, first.root, CURLY_SHAPES);
  const second = isolated ? await parseSource(isolated.source, grammar, assets) : null;
  const parsed = second?.kind === "parsed" ? second : first;
  const held = second?.kind === "parsed" ? isolated!.held : new Map<number, Held>();
  const { source, root } = parsed;
  const tree: ChartTree = [];
  const errors: FunctionError[] = [];

  const found = collect(root);
  const owned = new Set<TsNode>();
  for (const spec of found.charts) for (const n of spec.nodes) owned.add(n);

  // Main chart first, then the others in source order.
  const start = (c: ChartSpec): number => c.nodes[0]?.startIndex ?? 0;
  const ordered = [...found.charts.filter((c) => c.main), ...found.charts.filter((c) => !c.main).sort((a, b) => start(a) - start(b))];
  const reported = new Set<string>();
  for (const spec of ordered) {
    // C# top-level statements are the statement list itself: each is recovered while it is built.
    let problem = null;
    for (const n of spec.topLevel ? [] : spec.nodes) {
      problem = structuralProblem(n, CURLY_SHAPES, spec.exclude);
      if (problem) break;
    }
    if (problem) {
      errors.push({ name: spec.name, message: problem.message, line: problem.line, col: problem.col });
      reported.add(spec.name);
      continue;
    }
    try {
      const ctx = context(lang, source, options, found, spec.main, held);
      const chart = buildChart(spec, ctx);
      if (!spec.topLevel || chart.block.stmts.length > 0) tree.push(chart);
      const warning = recoveredWarning(spec.name, chart.block, ctx);
      if (warning) errors.push(warning);
    } catch (error) {
      const message =
        error instanceof ChartLimitError ? error.message : `could not build the chart: ${error instanceof Error ? error.message : String(error)}`;
      errors.push({ name: spec.name, message, ...(spec.loc ?? {}) });
    }
  }
  // Broken regions outside every collected chart (e.g. a method whose header is broken).
  for (const node of strayErrors(root, owned)) {
    const problem = firstSyntaxError(node) ?? { line: nodeLoc(node).line, col: nodeLoc(node).col, message: "syntax error" };
    const name = errorOwner(node);
    if (reported.has(name)) continue;
    reported.add(name);
    errors.push({ name, message: problem.message, line: problem.line, col: problem.col });
  }
  return found.programClass ? { tree, errors, programClass: found.programClass } : { tree, errors };
}
