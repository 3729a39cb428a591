/**
 * Python expression text for chart symbols: the source text with whitespace normalised (string
 * literals untouched, comments dropped) and the shared notation (engine/text/notation.ts) applied
 * to operators; with stripTypes, type annotations are removed.
 */
import type { Locale } from "../../../options.ts";
import { ASSIGN, augmentedAssignment, comparisonSymbol, logicalWord } from "../../../text/notation.ts";
import { rebuildText, type SyntaxNode as Node, type TextHooks, type TokenOut } from "../../tree-sitter.ts";

export const STRING_TYPES: ReadonlySet<string> = new Set(["string"]);
export const EXTRA_TYPES: ReadonlySet<string> = new Set(["comment", "line_continuation"]);

/** Nodes whose `type` child is an annotation that stripTypes removes. */
const ANNOTATED = new Set(["typed_parameter", "typed_default_parameter", "assignment"]);

export interface TextContext {
  source: string;
  locale: Locale;
  stripTypes: boolean;
}

/** The top-level operator of an expression (for parenthesising), or undefined for atoms. */
export function topOperator(node: Node): string | undefined {
  switch (node.type) {
    case "binary_operator":
      return node.childForFieldName("operator")?.type;
    case "boolean_operator":
      return node.childForFieldName("operator")?.type;
    case "comparison_operator":
      return "==";
    case "not_operator":
      return "not";
    case "conditional_expression":
      return "if";
    case "lambda":
      return "lambda";
    case "unary_operator":
      return "unary";
    default:
      return undefined;
  }
}

function isAnnotation(child: Node, parent: Node, index: number, siblings: readonly Node[]): boolean {
  if (!ANNOTATED.has(parent.type)) return false;
  if (child.type === "type") return true;
  // The ":" right before the annotation.
  return child.type === ":" && siblings[index + 1]?.type === "type";
}

function hooks(ctx: TextContext): TextHooks {
  const spaced = (text: string): TokenOut => ({ text, spaceBefore: true, spaceAfter: true });
  const h: TextHooks = {
    atomic: STRING_TYPES,
    extras: EXTRA_TYPES,
    token(token, parent, text) {
      if (token.isNamed || !parent) return undefined;
      switch (parent.type) {
        case "comparison_operator":
          return comparisonSymbol(text);
        case "boolean_operator": {
          const word = logicalWord(text, ctx.locale);
          return word ? spaced(word) : undefined;
        }
        case "not_operator":
          return text === "not" ? { text: logicalWord("not", ctx.locale)!, spaceAfter: true } : undefined;
        case "assignment":
          return text === "=" ? spaced(ASSIGN) : undefined;
        default:
          return undefined;
      }
    },
    replace(node) {
      if (node.type === "augmented_assignment") return augmentedText(node, ctx);
      return undefined;
    },
  };
  if (ctx.stripTypes) h.skip = isAnnotation;
  return h;
}

const hookCache = new WeakMap<TextContext, TextHooks>();

/** Chart text of any node (expression or statement). */
export function exprText(node: Node, ctx: TextContext): string {
  let h = hookCache.get(ctx);
  if (!h) {
    h = hooks(ctx);
    hookCache.set(ctx, h);
  }
  return rebuildText(node, ctx.source, h);
}

/** `x op= e` → `x := x op e` (notation.ts). */
export function augmentedText(node: Node, ctx: TextContext): string {
  const left = node.childForFieldName("left");
  const right = node.childForFieldName("right");
  const op = node.childForFieldName("operator")?.type;
  if (!left || !right || !op) return rebuildText(node, ctx.source, { atomic: STRING_TYPES, extras: EXTRA_TYPES });
  return augmentedAssignment(exprText(left, ctx), op, exprText(right, ctx), topOperator(right));
}
