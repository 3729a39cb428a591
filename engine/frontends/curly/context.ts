/**
 * Per-chart state shared by the Java and C# front-ends ("curly" languages): options, the names of
 * methods defined in the source, input readers, the loop/label stack for jumps, and the node/depth
 * limit guard.
 */
import type { NotationSwitch } from "../code-notation.ts";
import type { Locale, ResolvedOptions, Texts } from "../../options.ts";
import type { Block } from "../../tree/schema.ts";
import type { RecoveryLog, StatementShapes } from "../recovery.ts";
import type { SyntaxNode as TsNode } from "../tree-sitter.ts";

export type CurlyLang = "java" | "csharp";

/** One enclosing construct that `break` / `continue` may target. */
export interface JumpFrame {
  kind: "loop" | "switch" | "block";
  /** Statement label (`outer:`), when the construct is labelled. */
  label?: string;
  /** Step statements of an expanded C-style for: run before every `continue` of this loop. */
  steps?: TsNode[];
  /** Connector texts used by jumps out of / to the end of this construct (filled while building). */
  breakTarget?: string;
  continueTarget?: string;
}

/** Statement lists and statements of Java / C# trees (recovery.ts). */
export const CURLY_SHAPES: StatementShapes = {
  // A C# top-level statement sits in a global_statement of its own.
  isList: (node) => /^(?:block|constructor_body|switch_block_statement_group|switch_section|compilation_unit|global_statement)$/.test(node.type),
  isStatement: (node) => /_statement$|^local_variable_declaration$|^block$/.test(node.type),
};

export interface BuildContext extends RecoveryLog, NotationSwitch {
  lang: CurlyLang;
  source: string;
  locale: Locale;
  stripTypes: boolean;
  options: ResolvedOptions;
  texts: Texts;
  /** Building the main chart. */
  isMain: boolean;
  /** Names of methods / local functions defined anywhere in the source. */
  methods: ReadonlySet<string>;
  /** Java: variables declared as Scanner / BufferedReader / Console (input readers). */
  readers: ReadonlySet<string>;
  /** C#: `using static System.Console;` — bare `WriteLine(…)` / `ReadLine()` are console calls. */
  staticConsole: boolean;
  /** Enclosing loops / switches / labelled blocks, innermost last. */
  frames: JumpFrame[];
  /** Counter for generated connector names. */
  generated: number;
  /** Nodes produced so far for this chart. */
  nodes: number;
}

export { ChartLimitError, at, checkDepth, countNode, emptyBlock, endText } from "../chart-context.ts";

/** Node types that are comments in either grammar. */
export const COMMENT_TYPES: ReadonlySet<string> = new Set(["comment", "line_comment", "block_comment"]);

/** Named children without comments. */
export function named(node: TsNode | null | undefined): TsNode[] {
  if (!node) return [];
  return node.namedChildren.filter((c) => !COMMENT_TYPES.has(c.type));
}

/** The expression inside any number of parentheses. */
export function unparen(node: TsNode): TsNode {
  let n = node;
  for (let i = 0; i < 1000 && n.type === "parenthesized_expression"; i++) {
    const inner = named(n)[0];
    if (!inner) break;
    n = inner;
  }
  return n;
}

/** Builds a chart block from statements whose nodes sit at nesting depth `depth` (top level = 1). */
export type BlockBuilder = (stmts: TsNode[], ctx: BuildContext, depth: number) => Block;

/** The statements of a body: a block's statements, or the single statement itself. */
export function bodyStatements(node: TsNode | null | undefined): TsNode[] {
  if (!node) return [];
  if (node.type === "block" || node.type === "constructor_body") return named(node);
  if (COMMENT_TYPES.has(node.type)) return [];
  return [node];
}

/** Run `fn` with a jump frame pushed (the caller keeps the frame to read its jump targets). */
export function withFrame<T>(ctx: BuildContext, frame: JumpFrame, fn: () => T): T {
  ctx.frames.push(frame);
  try {
    return fn();
  } finally {
    ctx.frames.pop();
  }
}
