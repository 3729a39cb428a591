/**
 * What every front-end does while it builds one chart: count nodes and nesting against TREE_LIMITS
 * (an over-limit chart becomes a FunctionError, not a crash), stamp source positions, and pick the
 * text of a bare return's end terminator.
 */
import type { ResolvedOptions, Texts } from "../options.ts";
import { TREE_LIMITS } from "../tree/limits.ts";
import type { Block, Node } from "../tree/schema.ts";
import { nodeLoc, type SyntaxNode } from "./tree-sitter.ts";
import { DEFAULT_FONT } from "../fonts.ts";
import { FONT_SIZE, MAX_SHAPE_WIDTH, TERMINATOR_HEIGHT } from "../geometry/style.ts";
import { ASSIGN } from "../text/notation.ts";
import { textWidthMm } from "../text/measure.ts";

/** Thrown when a chart exceeds TREE_LIMITS; caught per chart and turned into a FunctionError. */
export class ChartLimitError extends Error {}

/** The part of a front-end's per-chart state this module needs. */
export interface ChartCounter {
  /** Nodes produced so far for this chart. */
  nodes: number;
}

export interface ChartRole {
  /** Building the main chart (main program / module-level code). */
  isMain: boolean;
  options: ResolvedOptions;
  texts: Texts;
}

/** Counts one produced node against the chart limit. */
export function countNode(ctx: ChartCounter): void {
  if (++ctx.nodes > TREE_LIMITS.maxNodes) {
    throw new ChartLimitError(`chart too large: more than ${TREE_LIMITS.maxNodes} symbols`);
  }
}

export function checkDepth(depth: number): void {
  if (depth > TREE_LIMITS.maxDepth) {
    throw new ChartLimitError(`chart too deeply nested: more than ${TREE_LIMITS.maxDepth} levels`);
  }
}

/** Attaches the statement's source position to a node and counts it. */
export function at<T extends Node>(ctx: ChartCounter, stmt: SyntaxNode, node: T): T {
  countNode(ctx);
  node.loc = nodeLoc(stmt);
  return node;
}

export const emptyBlock = (): Block => ({ stmts: [] });

/**
 * Widest `Повернути x` a terminator carries: one line (its height is a/2) in the text area of the
 * widest terminator, measured in the default font (the front-end does not know the chart's; in a
 * wider one the terminator widens a little more, layout/size.ts).
 */
const SHORT_RETURN_MM = MAX_SHAPE_WIDTH - TERMINATOR_HEIGHT;
const fitsTerminator = (text: string) => textWidthMm(text, FONT_SIZE, DEFAULT_FONT.id) <= SHORT_RETURN_MM;

/**
 * A return's symbols, without positions: `Повернути x` (terminal); with returnAsIO the output of
 * x and the end terminator; a bare return (valueText null) is the end terminator.
 */
export function returnSymbols(role: ChartRole, valueText: string | null): Node[] {
  const t = role.texts;
  if (valueText === null) return [{ kind: "terminal", text: endText(role) }];
  if (role.options.returnAsIO) return [{ kind: "io", text: `${t.outWord} ${valueText}` }, { kind: "terminal", text: endText(role) }];
  return [{ kind: "terminal", text: `${t.returnWord} ${valueText}` }];
}

/** returnSymbols at the return statement's position. */
export function returnNodes(ctx: ChartCounter & ChartRole, stmt: SyntaxNode, valueText: string | null): Node[] {
  return returnSymbols(ctx, valueText).map((node) => at(ctx, stmt, node));
}

/**
 * A return of an input (`return float(input(prompt))`, `return Integer.parseInt(sc.nextLine())`):
 * the value is read first — `Ввід результат`, then `Повернути результат` — so the terminator does
 * not hide the read, and a try/catch checks it after the read, before the return (exceptions.ts).
 */
export function returnedInputNodes(ctx: ChartCounter & ChartRole, stmt: SyntaxNode): Node[] {
  const name = ctx.texts.resultWord;
  return [at(ctx, stmt, { kind: "io", text: `${ctx.texts.inWord} ${name}` }), ...returnNodes(ctx, stmt, name)];
}

/**
 * A statement's symbols with every `Повернути x` too long for a terminator split (issue 13, G3): the
 * value is computed in a process block before the end — `результат := …`, then
 * `Повернути результат`. Runs after ternaries became decisions, so each branch returns its own
 * short value where it can.
 */
export function shortReturns(nodes: Node[], role: ChartRole, make: <T extends Node>(node: T) => T): Node[] {
  const t = role.texts;
  const prefix = `${t.returnWord} `;
  const inBlock = (block: Block): void => {
    block.stmts = shortReturns(block.stmts, role, make);
  };
  // A loop, not flatMap: this runs for every statement, in a fresh process in the interpreter, and
  // flatMap's first use alone costs such a process ≈ 60 µs to compile (issue 14).
  const out: Node[] = [];
  for (const node of nodes) {
    if (node.kind === "if") {
      inBlock(node.then);
      if (node.else) inBlock(node.else);
    } else if (node.kind === "switch") {
      for (const c of node.cases) inBlock(c.body);
      if (node.default) inBlock(node.default);
    }
    if (node.kind !== "terminal" || !node.text.startsWith(prefix) || fitsTerminator(node.text)) {
      out.push(node);
      continue;
    }
    const value = node.text.slice(prefix.length);
    out.push(make({ kind: "process", text: `${t.resultWord} ${ASSIGN} ${value}` }), { ...node, text: `${prefix}${t.resultWord}` });
  }
  return out;
}

/** Text of the end terminator of a bare return / exit in this chart. */
export function endText(ctx: ChartRole): string {
  if (ctx.isMain) return ctx.texts.endText;
  return ctx.options.mainOnlyTerminators ? ctx.texts.exitText : ctx.texts.endText;
}
