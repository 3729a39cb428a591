/**
 * Python expression text for chart symbols: the source text with whitespace normalised (string
 * literals untouched, comments dropped) and the shared notation (engine/text/notation.ts) applied
 * to operators; with stripTypes, type annotations are removed.
 */
import type { Locale } from "../../../options.ts";
import { arithmeticWord, ASSIGN, augmentedAssignment, comparisonSymbol, DIV, logicalWord, MOD } from "../../../text/notation.ts";
import { notationReplace, withoutOuterParens, type Construct, type NotationSwitch } from "../../code-notation.ts";
import { rebuildText, type SyntaxNode as Node, type TextHooks, type TokenOut } from "../../tree-sitter.ts";
import { interpolationItems, isInterpolated } from "../../interpolation.ts";
import { formatted } from "./formatted.ts";
import { concatenation } from "../../format-string.ts";

export const STRING_TYPES: ReadonlySet<string> = new Set(["string"]);
export const EXTRA_TYPES: ReadonlySet<string> = new Set(["comment", "line_continuation"]);

/** Nodes whose `type` child is an annotation that stripTypes removes. */
const ANNOTATED = new Set(["typed_parameter", "typed_default_parameter", "assignment"]);

export interface TextContext extends NotationSwitch {
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
        case "binary_operator":
          // `//` and `%` of numbers; `"…%d" % x` formats a string and stays.
          if (ctx.asWritten) return undefined;
          if (text === "//") return spaced(DIV);
          return text === "%" && parent.childForFieldName("left")?.type !== "string" ? spaced(MOD) : undefined;
        case "assignment":
          return text === "=" ? spaced(ASSIGN) : undefined;
        default:
          return undefined;
      }
    },
    replace(node) {
      if (node.type === "augmented_assignment") return augmentedText(node, ctx);
      if (ctx.asWritten) return undefined;
      return comprehensionText(node, ctx) ?? builtString(node, ctx) ?? notation(node, ctx);
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
  return augmentedAssignment(exprText(left, ctx), ctx.asWritten ? op : arithmeticWord(op), exprText(right, ctx), topOperator(right));
}

/**
 * A string built by a format (an f-string, `"…%d" % x`, `"…{}".format(x)`) and kept as a value
 * (assigned, returned, passed on) reads as the concatenation of its pieces, format specifiers
 * dropped as in an output: `f"{name}: {avg:.1f}"` → `name + ": " + avg` (format-string.ts concatenation).
 */
function builtString(node: Node, ctx: TextContext): string | undefined {
  if (node.type !== "string" && node.type !== "binary_operator" && node.type !== "call") return undefined;
  const render = (e: Node) => exprText(e, ctx);
  const pieces = isInterpolated(node) ? interpolationItems(node, render) : formatted(node, render);
  return pieces ? concatenation(pieces) : undefined;
}

/** The constructs of Python with a student's notation (code-notation.ts). */
function construct(node: Node): Construct | undefined {
  switch (node.type) {
    case "call": {
      const fn = node.childForFieldName("function");
      const args = node.childForFieldName("arguments");
      if (!fn || args?.type !== "argument_list") return undefined;
      return { kind: "call", callee: fn.text, args: args.namedChildren.filter((c) => !EXTRA_TYPES.has(c.type)) };
    }
    case "binary_operator": {
      const left = node.childForFieldName("left");
      const right = node.childForFieldName("right");
      const op = node.childForFieldName("operator")?.type;
      if (!left || !right) return undefined;
      if (op === "**") return { kind: "power", base: left, exponent: right };
      return op === "*" ? { kind: "product", left, right } : undefined;
    }
    case "attribute":
      return { kind: "name", text: node.text };
    default:
      return undefined;
  }
}

const notation = notationReplace<TextContext>(construct, exprText);

const COMPREHENSIONS: Readonly<Record<string, [string, string]>> = {
  list_comprehension: ["[", "]"],
  set_comprehension: ["{", "}"],
  generator_expression: ["(", ")"],
};

/**
 * A comprehension in set-builder notation: `[x * x for x in xs if x > 0]` → `[x² | x ∈ xs, x > 0]`;
 * `sum(x for x in xs)` → `Σ(x | x ∈ xs)` (a generator is the values of its call).
 */
function comprehensionText(node: Node, ctx: TextContext): string | undefined {
  if (node.type === "call") {
    const args = node.childForFieldName("arguments");
    return node.childForFieldName("function")?.text === "sum" && args?.type === "generator_expression"
      ? `Σ${exprText(args, ctx)}`
      : undefined;
  }
  const brackets = COMPREHENSIONS[node.type];
  const body = node.childForFieldName("body");
  if (!brackets || !body) return undefined;
  const clauses: string[] = [];
  for (const clause of node.namedChildren) {
    if (clause.type === "for_in_clause") {
      const left = clause.childForFieldName("left");
      const right = clause.childForFieldName("right");
      if (!left || !right) return undefined;
      clauses.push(`${withoutOuterParens(exprText(left, ctx))} ${comparisonSymbol("in")} ${exprText(right, ctx)}`);
    } else if (clause.type === "if_clause") {
      const cond = clause.namedChildren.find((c) => !EXTRA_TYPES.has(c.type));
      if (cond) clauses.push(exprText(cond, ctx));
    } else if (clause !== body && !EXTRA_TYPES.has(clause.type)) return undefined;
  }
  return `${brackets[0]}${exprText(body, ctx)} | ${clauses.join(", ")}${brackets[1]}`;
}
