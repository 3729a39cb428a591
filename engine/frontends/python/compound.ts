/**
 * Compound Python statements other than loops: if/elif/else, try/except/else/finally, with,
 * match/case, assert.
 */
import type { Block, Node, SwitchCase } from "../../tree/schema.ts";
import { nodeLoc, type SyntaxNode as TsNode } from "../tree-sitter.ts";
import { blockStatements, type BlockBuilder } from "./blocks.ts";
import { at, emptyBlock, type BuildContext } from "./context.ts";
import { exprText } from "./expressions/text.ts";
import { callsAnyOf, errorText, tryNodes, type TryLanguage } from "../exceptions.ts";

/** if / elif / else → `if`, each elif an `if` alone in the previous else. */
export function ifStatement(stmt: TsNode, ctx: BuildContext, depth: number, build: BlockBuilder): Node {
  const clauses = stmt.namedChildren.filter((c) => c.type === "elif_clause" || c.type === "else_clause");
  const condOf = (n: TsNode): string => {
    const c = n.childForFieldName("condition");
    return c ? exprText(c, ctx) : "";
  };
  // Build top-down so depth grows along the elif chain.
  const root = at(ctx, stmt, {
    kind: "if",
    cond: condOf(stmt),
    then: build(blockStatements(stmt.childForFieldName("consequence")), ctx, depth + 1),
  }) as Extract<Node, { kind: "if" }>;
  let current = root;
  let level = depth;
  for (const clause of clauses) {
    if (clause.type === "else_clause") {
      current.else = build(blockStatements(clause.childForFieldName("body")), ctx, level + 1);
      break;
    }
    level++;
    const next = at(ctx, clause, {
      kind: "if",
      cond: condOf(clause),
      then: build(blockStatements(clause.childForFieldName("consequence")), ctx, level + 1),
    }) as Extract<Node, { kind: "if" }>;
    current.else = { stmts: [next] };
    current = next;
  }
  return root;
}

/** Exception types of a handler: `[ValueError]`, `[ValueError, TypeError]`, or none for a bare except. */
function exceptionTypes(clause: TsNode, ctx: BuildContext): string[] {
  let value = clause.namedChildren.find((c) => c.type !== "block" && c.type !== "comment");
  if (!value) return [];
  if (value.type === "as_pattern") value = value.namedChildren.find((c) => c.type !== "comment") ?? value;
  if (value.type === "parenthesized_expression") {
    value = value.namedChildren.find((c) => c.type !== "comment") ?? value;
  }
  if (value.type === "tuple" || value.type === "expression_list") {
    return value.namedChildren.filter((c) => c.type !== "comment").map((c) => exprText(c, ctx));
  }
  return [exprText(value, ctx)];
}

const PYTHON_TRY: Omit<TryLanguage, "callsOwn"> = { comments: /#.*$/gm, typedReads: false };

/**
 * try/except/else/finally → a decision at the statement that can fail, the handler on its failing
 * branch, the rest of the body and `else` on the other, then `finally` (exceptions.ts).
 */
export function tryStatement(stmt: TsNode, ctx: BuildContext, depth: number, build: BlockBuilder): Node[] {
  const parts = stmt.namedChildren.filter((c) => c.type !== "comment");
  const body = parts.find((c) => c.type === "block");
  const handlers = parts.filter((c) => c.type === "except_clause" || c.type === "except_group_clause");
  const elseClause = parts.find((c) => c.type === "else_clause");
  const finallyClause = parts.find((c) => c.type === "finally_clause");
  const inner = depth + 1;
  const steps = blockStatements(body).map((s) => ({ nodes: build([s], ctx, inner).stmts, source: s.text }));
  const caught = handlers.map((h) => ({
    types: exceptionTypes(h, ctx),
    body: build(blockStatements(h.namedChildren.find((c) => c.type === "block")), ctx, inner).stmts,
  }));
  const orElse = elseClause ? build(blockStatements(elseClause.childForFieldName("body")), ctx, inner).stmts : [];
  const final = finallyClause ? build(blockStatements(finallyClause.namedChildren.find((c) => c.type === "block")), ctx, depth).stmts : [];
  const lang = { ...PYTHON_TRY, callsOwn: callsAnyOf(ctx.functions) };
  const decision = (cond: string) => at(ctx, stmt, { kind: "if", cond, then: emptyBlock() }) as Extract<Node, { kind: "if" }>;
  return tryNodes(steps, caught, orElse, final, ctx.texts, lang, decision);
}

/** `with a as b, c as d:` → process `with a as b, c as d`, then the body statements. */
export function withStatement(stmt: TsNode, ctx: BuildContext, depth: number, build: BlockBuilder): Node[] {
  const clause = stmt.namedChildren.find((c) => c.type === "with_clause");
  const items = (clause?.namedChildren ?? [])
    .filter((c) => c.type === "with_item")
    .map((c) => exprText(c, ctx));
  const header = at(ctx, stmt, { kind: "process", text: `with ${items.join(", ")}` });
  return [header, ...build(blockStatements(stmt.childForFieldName("body")), ctx, depth).stmts];
}

/** match → switch; `case _:` (no guard) → default. */
export function matchStatement(stmt: TsNode, ctx: BuildContext, depth: number, build: BlockBuilder): Node {
  const subjects = stmt.childrenForFieldName("subject");
  const cond = subjects.map((s) => exprText(s, ctx)).join(", ");
  const node = at(ctx, stmt, { kind: "switch", cond, cases: [] as SwitchCase[] }) as Extract<Node, { kind: "switch" }>;
  const body = stmt.childForFieldName("body");
  const clauses = blockStatements(body).filter((c) => c.type === "case_clause");
  for (const clause of clauses) {
    const patterns = clause.namedChildren.filter((c) => c.type === "case_pattern");
    const guard = clause.namedChildren.find((c) => c.type === "if_clause");
    const consequence = build(blockStatements(clause.childForFieldName("consequence")), ctx, depth + 1);
    const label = patterns.map((p) => exprText(p, ctx)).join(", ");
    if (label === "_" && !guard) {
      node.default = consequence;
      continue;
    }
    const guardText = guard ? ` ${exprText(guard, ctx)}` : "";
    node.cases.push({ label: label + guardText, body: consequence, loc: nodeLoc(clause) });
  }
  return node;
}

/** `assert c, msg` → if c then nothing else the terminator `Помилка: msg` (as a raise, exceptions.ts). */
export function assertStatement(stmt: TsNode, ctx: BuildContext): Node {
  const [cond, msg] = stmt.namedChildren.filter((c) => c.type !== "comment");
  const node = at(ctx, stmt, { kind: "if", cond: cond ? exprText(cond, ctx) : "", then: emptyBlock() }) as Extract<
    Node,
    { kind: "if" }
  >;
  const raise = at(ctx, stmt, {
    kind: "terminal",
    text: errorText(msg ? `AssertionError(${exprText(msg, ctx)})` : "AssertionError", ctx.texts),
  });
  node.else = { stmts: [raise] } satisfies Block;
  return node;
}
