/** Per-chart state of the Python front-end: options, known callables, the node/depth limit guard. */
import type { ResolvedOptions, Texts } from "../../options.ts";
import { TREE_LIMITS, type Block, type Node } from "../../tree/schema.ts";
import { nodeLoc, type SyntaxNode as TsNode } from "../tree-sitter.ts";
import type { TextContext } from "./expressions/text.ts";

export interface BuildContext extends TextContext {
  options: ResolvedOptions;
  texts: Texts;
  /** Building the module-level (main) chart. */
  isMain: boolean;
  /** Names of functions (not methods) defined anywhere in the source. */
  functions: ReadonlySet<string>;
  /** Names of methods of classes defined in the source. */
  methods: ReadonlySet<string>;
  /** Nodes produced so far for this chart. */
  nodes: number;
}

/** Thrown when a chart exceeds TREE_LIMITS; caught per chart and turned into a FunctionError. */
export class ChartLimitError extends Error {}

/** Count one produced node against the chart limit. */
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
