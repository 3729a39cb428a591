/**
 * What every front-end does while it builds one chart: count nodes and nesting against TREE_LIMITS
 * (an over-limit chart becomes a FunctionError, not a crash), stamp source positions, and pick the
 * text of a bare return's end terminator.
 */
import type { ResolvedOptions, Texts } from "../options.ts";
import { TREE_LIMITS } from "../tree/limits.ts";
import type { Block, Node } from "../tree/schema.ts";
import { nodeLoc, type SyntaxNode } from "./tree-sitter.ts";

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
 * A return statement's symbols: `Повернути x` (terminal), or with returnAsIO the output of x and the
 * end terminator; a bare return (valueText null) is the end terminator.
 */
export function returnNodes(ctx: ChartCounter & ChartRole, stmt: SyntaxNode, valueText: string | null): Node[] {
  if (valueText === null) return [at(ctx, stmt, { kind: "terminal", text: endText(ctx) })];
  if (ctx.options.returnAsIO) {
    return [
      at(ctx, stmt, { kind: "io", text: `${ctx.texts.outWord} ${valueText}` }),
      at(ctx, stmt, { kind: "terminal", text: endText(ctx) }),
    ];
  }
  return [at(ctx, stmt, { kind: "terminal", text: `${ctx.texts.returnWord} ${valueText}` })];
}

/** Text of the end terminator of a bare return / exit in this chart. */
export function endText(ctx: ChartRole): string {
  if (ctx.isMain) return ctx.texts.endText;
  return ctx.options.mainOnlyTerminators ? ctx.texts.exitText : ctx.texts.endText;
}
