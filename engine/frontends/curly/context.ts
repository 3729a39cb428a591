/**
 * Per-chart state shared by the front-ends of the "curly" languages — Java, C#, JavaScript,
 * TypeScript, Go and PHP: options, the names of methods defined in the source, input readers, the
 * loop/label stack for jumps, and the node/depth limit guard. Their grammars name most statements
 * alike (`if_statement`, `for_statement`, `return_statement`, …); where a grammar differs (a body's
 * block, Go's statement lists) the helpers here know each spelling.
 */
import type { NotationSwitch } from "../code-notation.ts";
import type { Locale, ResolvedOptions, Texts } from "../../options.ts";
import type { Block } from "../../tree/schema.ts";
import type { RecoveryLog, StatementShapes } from "../recovery.ts";
import type { SyntaxNode as TsNode } from "../tree-sitter.ts";

export type CurlyLang = "java" | "csharp" | "javascript" | "typescript" | "go" | "php";

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

/** Statement lists and statements of Java / C# / JavaScript / TypeScript / Go / PHP trees (recovery.ts). */
export const CURLY_SHAPES: StatementShapes = {
  // A C# top-level statement sits in a global_statement of its own.
  isList: (node) =>
    /^(?:block|constructor_body|switch_block_statement_group|switch_section|compilation_unit|global_statement|statement_block|compound_statement|statement_list|switch_case|switch_default|case_statement|default_statement)$/.test(node.type),
  isStatement: (node) =>
    /_statement$|^(?:local_variable_declaration|block|lexical_declaration|short_var_declaration|var_declaration|const_declaration|statement_block|compound_statement)$/.test(node.type) ||
    isVarStatement(node),
};

/** JavaScript's `var x = …;` (C#'s `variable_declaration` is part of a statement, and starts with its type). */
function isVarStatement(node: TsNode): boolean {
  const first = node.children[0];
  return node.type === "variable_declaration" && first !== undefined && !first.isNamed && first.type === "var";
}

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

/** Node types that are comments in any of the grammars (PHP's `<?php` tag and the HTML around the code count as such). */
export const COMMENT_TYPES: ReadonlySet<string> = new Set(["comment", "line_comment", "block_comment", "php_tag", "text_interpolation"]);

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

/** `{ … }` bodies: Java/C#/Go `block`, JavaScript/TypeScript `statement_block`, PHP `compound_statement` / `: … endif;`. */
export const BLOCK_TYPES: ReadonlySet<string> = new Set(["block", "constructor_body", "statement_block", "compound_statement", "colon_block"]);

/** The statements of a block (Go's block holds them in one `statement_list`). */
export function blockStatements(block: TsNode | null | undefined): TsNode[] {
  return named(block).flatMap((c) => (c.type === "statement_list" ? named(c) : [c]));
}

/** The statements of a body: a block's statements, or the single statement itself. */
export function bodyStatements(node: TsNode | null | undefined): TsNode[] {
  if (!node) return [];
  if (BLOCK_TYPES.has(node.type)) return blockStatements(node);
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
