/**
 * The C/C++ front-end entry shared by both languages: source → one chart per function (`main`
 * first, then source order). Never throws for bad source: syntax errors and over-limit charts
 * become FunctionErrors (one per affected function) and the other functions still come out.
 * Global declarations and prototypes produce nothing.
 */
import type { AssetName } from "../../assets.ts";
import type { FunctionError } from "../../errors.ts";
import type { ResolvedOptions } from "../../options.ts";
import type { ChartFunction, ChartTree, Node } from "../../tree/schema.ts";
import { firstSyntaxError, nodeLoc, type SyntaxNode as TsNode } from "../tree-sitter.ts";
import { parseSource } from "../source.ts";
import type { Frontend } from "../types.ts";
import { bodyStatements } from "./blocks.ts";
import { C_SHAPES, ChartLimitError, type BuildContext } from "./context.ts";
import { isolateUnread, recoveredWarning, structuralProblem, type Held } from "../recovery.ts";
import { callableNames, collectFunctions, type FunctionDef } from "./functions.ts";
import { collectMacros, macroStatementCall } from "./macros.ts";
import { buildBlock } from "./statements.ts";
import { at } from "./context.ts";
import { exprText } from "./text.ts";
import { declaredTruths, type TruthOf } from "./truth.ts";
import { ASSIGN } from "../../text/notation.ts";

const FUNCTION_HEAD = /([A-Za-z_]\w*(?:\s*::\s*~?[A-Za-z_]\w*)*)\s*\(/;
/** A function head followed by its body: `name(params) {` (params without braces/semicolons). */
const FUNCTION_HEADS = /([A-Za-z_]\w*(?:\s*::\s*~?[A-Za-z_]\w*)*)\s*\([^;{}]*\)\s*(?:const\s*)?\{/g;
const KEYWORDS = new Set(["if", "while", "for", "switch", "return", "sizeof", "do", "else", "catch"]);

/** Name a top-level ERROR region after the function it broke (`int name(`), else "main". */
function errorOwner(node: TsNode): string {
  const match = FUNCTION_HEAD.exec(node.text.slice(0, 300));
  const name = match?.[1]?.replace(/\s+/g, "");
  return name && !KEYWORDS.has(name) ? name : "main";
}

/** Further functions an ERROR region swallowed (after its first one), with their positions. */
function swallowed(node: TsNode, source: string): { name: string; line: number; col: number }[] {
  const out: { name: string; line: number; col: number }[] = [];
  const text = node.text;
  for (const m of text.matchAll(FUNCTION_HEADS)) {
    const name = m[1]!.replace(/\s+/g, "");
    if (KEYWORDS.has(name)) continue;
    const index = node.startIndex + m.index;
    const before = source.lastIndexOf("\n", index - 1);
    const line = source.slice(0, index).split("\n").length;
    out.push({ name, line, col: index - before });
  }
  return out;
}

function contextFor(
  source: string,
  options: ResolvedOptions,
  functions: ReadonlySet<string>,
  macros: ReadonlyMap<string, string>,
  truthOf: TruthOf,
  isMain: boolean,
  held: ReadonlyMap<number, Held>,
): BuildContext {
  return {
    source,
    locale: options.locale,
    stripTypes: options.stripTypes,
    // The notation layer (code-notation.ts): `verbatim` draws every statement as written.
    asWritten: options.verbatim,
    truthOf,
    options,
    texts: options.texts,
    isMain,
    functions,
    macros,
    nodes: 0,
    unread: [],
    held,
    frames: [],
    labels: 0,
  };
}

/**
 * A C++ constructor's member-initialiser list (`: x(a), y{0}, Base(a)`) as one process block, one
 * line per member (`x := a`, `y := 0`; a base class of the source or a member with several
 * arguments as written), or
 * undefined without one: it runs before the body and is part of what the constructor does.
 */
function initialisers(def: FunctionDef, ctx: BuildContext): Node | undefined {
  const list = def.node.namedChildren.find((c) => c.type === "field_initializer_list");
  const lines = (list?.namedChildren ?? []).filter((c) => c.type === "field_initializer").map((init) => {
    const [name, args] = init.namedChildren.filter((c) => c.type !== "comment");
    const values = (args?.namedChildren ?? []).filter((c) => c.type !== "comment");
    if (!name) return exprText(init, ctx);
    const isClass = new RegExp(`\\b(?:class|struct)\\s+${name.text}\\b`).test(ctx.source);
    return values.length === 1 && !isClass ? `${exprText(name, ctx)} ${ASSIGN} ${exprText(values[0]!, ctx)}` : exprText(init, ctx);
  });
  return list && lines.length > 0 ? at(ctx, list, { kind: "process", text: lines.join("\n") }) : undefined;
}

function build(def: FunctionDef, ctx: BuildContext, errors: FunctionError[]): ChartFunction | null {
  const loc = nodeLoc(def.node);
  try {
    const init = initialisers(def, ctx);
    const block = buildBlock(bodyStatements(def.node.childForFieldName("body")), ctx, 1);
    if (init) block.stmts.unshift(init);
    const warning = recoveredWarning(def.name, block, ctx);
    if (warning) errors.push(warning);
    return ctx.isMain ? { name: def.name, main: true, block, loc } : { name: def.name, block, loc };
  } catch (error) {
    const message =
      error instanceof ChartLimitError
        ? error.message
        : `could not build the chart: ${error instanceof Error ? error.message : String(error)}`;
    errors.push({ name: def.name, message, ...loc });
    return null;
  }
}

/** Is this definition of `main` the program's main function (a free function named main)? */
function isMainDef(def: FunctionDef): boolean {
  return def.name === "main";
}

export function cFamilyFrontend(grammar: AssetName): Frontend {
  return async (code, options, assets) => {
    const first = await parseSource(code, grammar, assets);
    if (first.kind === "empty") return { tree: [], errors: [] };
    if (first.kind === "failed") return { tree: [], errors: [first.error] };
    // Statements an unreadable one swallowed are read by a second parse (recovery.ts).
    const isolated = isolateUnread(first.source, first.root, C_SHAPES);
    const second = isolated ? await parseSource(isolated.source, grammar, assets) : null;
    const parsed = second?.kind === "parsed" ? second : first;
    const held = second?.kind === "parsed" ? isolated!.held : new Map<number, Held>();
    const { source, root } = parsed;
    const tree: ChartTree = [];
    const errors: FunctionError[] = [];

    const defs = collectFunctions(root);
    const functions = callableNames(defs);
    const macros = collectMacros(root);
    const isMacroStatement = (n: TsNode): boolean => macroStatementCall(n, macros) !== undefined;
    const errored = new Set<string>();

    // Broken regions outside any function definition (a function head the parser could not
    // recognise, a missing brace …): one error per region, named after the function it broke.
    if (root.hasError) {
      const stack: TsNode[] = [root];
      while (stack.length > 0) {
        const node = stack.pop()!;
        if (node.type === "function_definition" || !node.hasError) continue;
        if (node.isError || node.isMissing) {
          const problem = firstSyntaxError(node);
          const name = errorOwner(node);
          if (problem && !errored.has(name)) {
            errored.add(name);
            errors.push({ name, message: problem.message, line: problem.line, col: problem.col });
          }
          for (const lost of problem ? swallowed(node, source) : []) {
            if (errored.has(lost.name)) continue;
            errored.add(lost.name);
            const message = `${problem!.message} (the function starting at line ${lost.line} could not be read)`;
            errors.push({ name: lost.name, message, line: lost.line, col: lost.col });
          }
          continue;
        }
        for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]!);
      }
    }

    const globals = declaredTruths(root, true);
    const ordered = [...defs.filter(isMainDef), ...defs.filter((d) => !isMainDef(d))];
    const built: ChartFunction[] = [];
    for (const def of ordered) {
      const problem = structuralProblem(def.node, C_SHAPES, isMacroStatement);
      if (problem) {
        if (!errored.has(def.name)) {
          errored.add(def.name);
          errors.push({ name: def.name, message: problem.message, line: problem.line, col: problem.col });
        }
        continue;
      }
      const local = declaredTruths(def.node, false);
      const truthOf: TruthOf = (name) => (local.has(name) ? local.get(name) : globals.get(name));
      const chart = build(def, contextFor(source, options, functions, macros, truthOf, isMainDef(def), held), errors);
      if (chart) built.push(chart);
    }
    tree.push(...built);
    errors.sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
    return { tree, errors };
  };
}
