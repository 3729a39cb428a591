/** Per-chart state of the C/C++ front-ends: options, known functions, loop stack, node/depth guard. */
import type { ResolvedOptions, Texts } from "../../options.ts";
import type { Block } from "../../tree/schema.ts";
import type { RecoveryLog, StatementShapes } from "../recovery.ts";
import type { SyntaxNode as TsNode } from "../tree-sitter.ts";
import type { TextContext } from "./text.ts";

/** One enclosing breakable construct: a loop (with the step of an expanded `for`) or a switch. */
export interface Frame {
  kind: "loop" | "switch";
  /** Expanded C-style `for`: the update expression, repeated before every `continue`. */
  step?: TsNode | null;
  /** Switch only: connector name a nested `break` jumps to (set on first use). */
  exitLabel?: string;
}

/** Statement lists and statements of C/C++ trees (recovery.ts). */
export const C_SHAPES: StatementShapes = {
  isList: (node) => node.type === "compound_statement",
  isStatement: (node) => /_statement$|^declaration$|^function_definition$|^type_definition$/.test(node.type),
};

export interface BuildContext extends TextContext, RecoveryLog {
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

export { ChartLimitError, at, checkDepth, countNode, emptyBlock, endText } from "../chart-context.ts";

/** Builds a chart block from statements whose nodes sit at nesting depth `depth` (top level = 1). */
export type BlockBuilder = (stmts: readonly TsNode[], ctx: BuildContext, depth: number) => Block;
