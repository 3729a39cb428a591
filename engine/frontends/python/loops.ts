/**
 * Python loops → `for` / `while` / `dowhile` / `infloop`.
 *  - `for x in range(…)` with a known step sign → counting form `x := start, end[, step]`
 *    (the end is inclusive, computed when the bound is a literal or `e + 1` / `e - 1`).
 *  - any other `for` → foreach form `x ∈ iterable`.
 *  - `while True:` / `while 1:` → infloop, or dowhile-until when the body ends with `if c: break`.
 */
import { additiveOf, shiftedBound as shiftBound } from "../counting.ts";
import { containsOutside, type SyntaxNode as TsNode } from "../tree-sitter.ts";
import type { Block, Node } from "../../tree/schema.ts";
import { precedence } from "../../text/notation.ts";
import { at, type BuildContext } from "./context.ts";
import { exprText, topOperator } from "./expressions/text.ts";
import { blockStatements, type BlockBuilder } from "./blocks.ts";

/** Value of an integer literal (`5`, `-3`, `1_000`), or undefined. */
export function intLiteral(node: TsNode): number | undefined {
  let text: string;
  if (node.type === "integer") text = node.text;
  else if (node.type === "unary_operator") {
    const op = node.childForFieldName("operator")?.type;
    const arg = node.childForFieldName("argument");
    if (!arg || arg.type !== "integer" || (op !== "-" && op !== "+")) return undefined;
    text = (op === "-" ? "-" : "") + arg.text;
  } else if (node.type === "parenthesized_expression") {
    const inner = node.namedChildren.find((c) => c.type !== "comment");
    return inner ? intLiteral(inner) : undefined;
  } else return undefined;
  const clean = text.replace(/_/g, "");
  if (!/^[+-]?\d+$/.test(clean)) return undefined;
  const value = Number(clean);
  return Number.isSafeInteger(value) ? value : undefined;
}

function shiftedBound(bound: TsNode, delta: -1 | 1, ctx: BuildContext): string {
  return shiftBound(bound, delta, {
    intLiteral,
    additive: additiveOf("binary_operator"),
    text: (node) => exprText(node, ctx),
    precedence: (node) => {
      const op = topOperator(node);
      return op ? precedence(op) : undefined;
    },
  });
}

/** The counting-loop text for `for var in range(args)`, or undefined when the foreach form is needed. */
function rangeCond(variable: TsNode, iterable: TsNode, ctx: BuildContext): string | undefined {
  if (variable.type !== "identifier" || iterable.type !== "call") return undefined;
  const fn = iterable.childForFieldName("function");
  if (fn?.type !== "identifier" || fn.text !== "range") return undefined;
  const args = (iterable.childForFieldName("arguments")?.namedChildren ?? []).filter((a) => a.type !== "comment");
  if (args.length < 1 || args.length > 3) return undefined;
  if (args.some((a) => a.type === "keyword_argument" || a.type.endsWith("splat"))) return undefined;
  const name = exprText(variable, ctx);
  if (args.length === 1) return `${name} := 0, ${shiftedBound(args[0]!, -1, ctx)}`;
  const start = exprText(args[0]!, ctx);
  if (args.length === 2) return `${name} := ${start}, ${shiftedBound(args[1]!, -1, ctx)}`;
  const step = intLiteral(args[2]!);
  if (step === undefined || step === 0) return undefined;
  const end = shiftedBound(args[1]!, step > 0 ? -1 : 1, ctx);
  return step === 1 ? `${name} := ${start}, ${end}` : `${name} := ${start}, ${end}, ${step}`;
}

function elseBlock(stmt: TsNode, ctx: BuildContext, depth: number, build: BlockBuilder): Block | undefined {
  const clause = stmt.childForFieldName("alternative");
  if (!clause) return undefined;
  return build(blockStatements(clause.childForFieldName("body")), ctx, depth + 1);
}

export function forStatement(stmt: TsNode, ctx: BuildContext, depth: number, build: BlockBuilder): Node {
  const left = stmt.childForFieldName("left");
  const right = stmt.childForFieldName("right");
  let cond = "";
  if (left && right) {
    cond = rangeCond(left, right, ctx) ?? `${exprText(left, ctx)} ${ctx.texts.forEachWord} ${exprText(right, ctx)}`;
  }
  const node: Node = at(ctx, stmt, {
    kind: "for",
    cond,
    body: build(blockStatements(stmt.childForFieldName("body")), ctx, depth + 1),
  });
  const otherwise = elseBlock(stmt, ctx, depth, build);
  if (otherwise) node.else = otherwise;
  return node;
}

function isInfiniteCond(cond: TsNode): boolean {
  if (cond.type === "true") return true;
  const value = intLiteral(cond);
  return value !== undefined && value !== 0;
}

/** `if c: break` (no elif/else, then-branch exactly `break`) → c, else undefined. */
function breakCondition(stmt: TsNode): TsNode | undefined {
  if (stmt.type !== "if_statement") return undefined;
  if (stmt.namedChildren.some((c) => c.type === "elif_clause" || c.type === "else_clause")) return undefined;
  const body = blockStatements(stmt.childForFieldName("consequence"));
  if (body.length !== 1 || body[0]!.type !== "break_statement") return undefined;
  return stmt.childForFieldName("condition") ?? undefined;
}

/** Nodes whose `continue` statements belong to another loop / function. */
const OWN_SCOPE = new Set(["for_statement", "while_statement", "function_definition", "class_definition", "lambda"]);

/** Does a `continue` in these statements target the loop that holds them? */
const hasOwnContinue = (stmts: TsNode[]) => containsOutside(stmts, "continue_statement", OWN_SCOPE);

export function whileStatement(stmt: TsNode, ctx: BuildContext, depth: number, build: BlockBuilder): Node {
  const condNode = stmt.childForFieldName("condition");
  const body = blockStatements(stmt.childForFieldName("body"));
  if (condNode && isInfiniteCond(condNode)) {
    const last = body[body.length - 1];
    // A `continue` would skip the exit test in Python but reach it in a post-test loop: then the
    // loop stays an infinite loop.
    const until = last && !hasOwnContinue(body.slice(0, -1)) ? breakCondition(last) : undefined;
    if (until) {
      const node: Node = at(ctx, stmt, { kind: "dowhile", cond: exprText(until, ctx), until: true, body: { stmts: [] } });
      node.body = build(body.slice(0, -1), ctx, depth + 1);
      return node;
    }
    return at(ctx, stmt, { kind: "infloop", body: build(body, ctx, depth + 1) });
  }
  const node: Node = at(ctx, stmt, {
    kind: "while",
    cond: condNode ? exprText(condNode, ctx) : "",
    body: build(body, ctx, depth + 1),
  });
  const otherwise = elseBlock(stmt, ctx, depth, build);
  if (otherwise) node.else = otherwise;
  return node;
}
