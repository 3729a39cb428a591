/** Per-chart state of the C/C++ front-ends: options, known functions, loop stack, node/depth guard. */
import type { ResolvedOptions, Texts } from "../../options.ts";
import { TREE_LIMITS, type Block, type Node } from "../../tree/schema.ts";
import { nodeLoc, type SyntaxNode as TsNode } from "../tree-sitter.ts";
import type { TextContext } from "./text.ts";

/** One enclosing breakable construct: a loop (with the step of an expanded `for`) or a switch. */
export interface Frame {
  kind: "loop" | "switch";
  /** Expanded C-style `for`: the update expression, repeated before every `continue`. */
  step?: TsNode | null;
  /** Switch only: connector name a nested `break` jumps to (set on first use). */
  exitLabel?: string;
}

export interface BuildContext extends TextContext {
  options: ResolvedOptions;
  texts: Texts;
  /** Building the `main` chart. */
  isMain: boolean;
  /** Simple and qualified names of functions/methods defined in the source. */
  functions: ReadonlySet<string>;
  /** Nodes produced so far for this chart. */
  nodes: number;
  /** Function-like macros of the source (name → replacement), see macros.ts. */
  macros: ReadonlyMap<string, string>;
  /** Enclosing loops / switches, innermost last. */
  frames: Frame[];
  /** Counter for generated connector names (switch exits). */
  labels: number;
}

/** Thrown when a chart exceeds TREE_LIMITS; caught per chart and turned into a FunctionError. */
export class ChartLimitError extends Error {}

export function countNode(ctx: BuildContext): void {
  if (++ctx.nodes > TREE_LIMITS.maxNodes) {
    throw new ChartLimitError(`chart too large: more than ${TREE_LIMITS.maxNodes} symbols`);
  }
}

export function checkDepth(depth: number): void {
  if (depth > TREE_LIMITS.maxDepth) {
    throw new ChartLimitError(`chart too deeply nested: more than ${TREE_LIMITS.maxDepth} levels`);
  }
}

/** Attach the statement's source position to a node and count it. */
export function at<T extends Node>(ctx: BuildContext, stmt: TsNode, node: T): T {
  countNode(ctx);
  node.loc = nodeLoc(stmt);
  return node;
}

export const emptyBlock = (): Block => ({ stmts: [] });

/** Text of the end terminator of a bare return / exit in this chart. */
export function endText(ctx: BuildContext): string {
  if (ctx.isMain) return ctx.texts.endText;
  return ctx.options.mainOnlyTerminators ? ctx.texts.exitText : ctx.texts.endText;
}

/** Builds a chart block from statements whose nodes sit at nesting depth `depth` (top level = 1). */
export type BlockBuilder = (stmts: readonly TsNode[], ctx: BuildContext, depth: number) => Block;
