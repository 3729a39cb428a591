/**
 * Java / C# loops → `for` / `while` / `dowhile` / `infloop`.
 *  - `for (int i = a; i < n; i++)` with one counter, a comparison matching the step direction and a
 *    body that never assigns the counter → counting form `i := a, n - 1[, step]` (inclusive end).
 *  - any other C-style for → init statements + `while` (infloop without a condition) whose body
 *    ends with the step statements; a `continue` of the loop runs the steps first (walk.ts).
 *  - enhanced for / foreach → `x ∈ a`.
 *  - `while (true)` → infloop, or dowhile-until when the body ends with `if (c) break;` (as Python).
 */
import { additiveOf, shiftedBound as shiftBound } from "../counting.ts";
import type { Block, Node } from "../../tree/schema.ts";
import { precedence } from "../../text/notation.ts";
import { containsOutside, type SyntaxNode as TsNode } from "../tree-sitter.ts";
import { at, bodyStatements, COMMENT_TYPES, named, unparen, withFrame, type BlockBuilder, type BuildContext, type JumpFrame } from "./context.ts";
import { exprText, topOperator } from "./text.ts";
import { declaration, expressionNode } from "./simple.ts";

/** A real for-header part (not a `,` token or a comment). */
const isPart = (n: TsNode): boolean => n.isNamed && !COMMENT_TYPES.has(n.type);

/** The update expressions of a C-style for. */
function updatesOf(stmt: TsNode): TsNode[] {
  return stmt.childrenForFieldName("update").filter(isPart);
}

const INT_LITERALS = new Set(["decimal_integer_literal", "integer_literal"]);

/** Value of an integer literal (`5`, `-3`, `1_000`, `10L`), or undefined. */
export function intLiteral(node: TsNode): number | undefined {
  const n = unparen(node);
  let text: string;
  if (INT_LITERALS.has(n.type)) text = n.text;
  else if (n.type === "unary_expression" || n.type === "prefix_unary_expression") {
    const op = n.children.find((c) => !c.isNamed)?.type;
    const arg = named(n)[0];
    if (!arg || !INT_LITERALS.has(arg.type) || (op !== "-" && op !== "+")) return undefined;
    text = (op === "-" ? "-" : "") + arg.text;
  } else return undefined;
  const clean = text.replace(/[_lLuU]/g, "");
  if (!/^[+-]?\d+$/.test(clean)) return undefined;
  const value = Number(clean);
  return Number.isSafeInteger(value) ? value : undefined;
}

function shiftedBound(bound: TsNode, delta: -1 | 1, ctx: BuildContext): string {
  return shiftBound(unparen(bound), delta, {
    intLiteral,
    additive: additiveOf("binary_expression"),
    text: (node) => exprText(node, ctx),
    precedence: (node) => {
      const op = topOperator(node);
      return op ? precedence(op) : undefined;
    },
  });
}

function initsOf(stmt: TsNode): TsNode[] {
  return [...stmt.childrenForFieldName("init"), ...stmt.childrenForFieldName("initializer")].filter(isPart);
}

/** The counter and its start of a one-counter init (`int i = a` / `i = a`). */
function counterInit(inits: TsNode[]): { name: string; start: TsNode } | undefined {
  if (inits.length !== 1) return undefined;
  const init = inits[0]!;
  if (init.type === "local_variable_declaration" || init.type === "variable_declaration") {
    const decls = named(init).filter((c) => c.type === "variable_declarator");
    if (decls.length !== 1) return undefined;
    const d = decls[0]!;
    const name = d.childForFieldName("name") ?? named(d)[0];
    let value = d.childForFieldName("value");
    if (!value) {
      const eq = d.children.findIndex((c) => !c.isNamed && c.type === "=");
      if (eq >= 0) value = d.children.slice(eq + 1).find((c) => c.isNamed) ?? null;
    }
    if (!name || name.type !== "identifier" || !value) return undefined;
    return { name: name.text, start: value };
  }
  const e = unparen(init);
  if (e.type === "assignment_expression" && e.childForFieldName("operator")?.type === "=") {
    const left = e.childForFieldName("left");
    const right = e.childForFieldName("right");
    if (left?.type === "identifier" && right) return { name: left.text, start: right };
  }
  return undefined;
}

/** The step of `i++`, `--i`, `i += 2`, `i -= 1`, `i = i + 2` for counter `name`, or undefined. */
function counterStep(update: TsNode, name: string): number | undefined {
  const u = unparen(update);
  if (u.type === "update_expression" || u.type === "postfix_unary_expression" || u.type === "prefix_unary_expression") {
    const target = named(u)[0];
    const op = u.children.find((c) => !c.isNamed && (c.type === "++" || c.type === "--"))?.type;
    if (target?.type !== "identifier" || target.text !== name || !op) return undefined;
    return op === "++" ? 1 : -1;
  }
  if (u.type !== "assignment_expression") return undefined;
  const left = u.childForFieldName("left");
  const right = u.childForFieldName("right");
  const op = u.childForFieldName("operator")?.type;
  if (left?.type !== "identifier" || left.text !== name || !right) return undefined;
  if (op === "+=" || op === "-=") {
    const k = intLiteral(right);
    if (k === undefined || k === 0) return undefined;
    return op === "+=" ? k : -k;
  }
  if (op === "=") {
    const r = unparen(right);
    if (r.type !== "binary_expression") return undefined;
    const rl = r.childForFieldName("left");
    const rr = r.childForFieldName("right");
    const rop = r.childForFieldName("operator")?.type;
    const k = rr ? intLiteral(rr) : undefined;
    if (rl?.type !== "identifier" || rl.text !== name || k === undefined || k === 0) return undefined;
    if (rop === "+") return k;
    if (rop === "-") return -k;
  }
  return undefined;
}

/** Does the body assign / increment `name`? (iterative search) */
function assigns(body: TsNode | null, name: string): boolean {
  if (!body) return false;
  const stack: TsNode[] = [body];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.type === "assignment_expression") {
      const left = node.childForFieldName("left");
      if (left?.type === "identifier" && left.text === name) return true;
    } else if (node.type === "update_expression" || node.type === "postfix_unary_expression" || node.type === "prefix_unary_expression") {
      const target = named(node)[0];
      if (target?.type === "identifier" && target.text === name && node.children.some((c) => c.type === "++" || c.type === "--")) return true;
    } else if (node.type === "variable_declarator") {
      const n = node.childForFieldName("name") ?? named(node)[0];
      if (n?.text === name) return true; // shadowed: not a simple counter
    }
    for (const child of node.namedChildren) stack.push(child);
  }
  return false;
}

/** The counting-loop text of a C-style for, or undefined when it must be expanded. */
function countingCond(stmt: TsNode, ctx: BuildContext): string | undefined {
  const counter = counterInit(initsOf(stmt));
  const cond = stmt.childForFieldName("condition");
  const updates = updatesOf(stmt);
  if (!counter || !cond || updates.length !== 1) return undefined;
  const step = counterStep(updates[0]!, counter.name);
  if (step === undefined) return undefined;
  const c = unparen(cond);
  if (c.type !== "binary_expression") return undefined;
  const left = c.childForFieldName("left");
  const bound = c.childForFieldName("right");
  const op = c.childForFieldName("operator")?.type;
  if (left?.type !== "identifier" || left.text !== counter.name || !bound) return undefined;
  let end: string;
  if (step > 0 && op === "<") end = shiftedBound(bound, -1, ctx);
  else if (step > 0 && op === "<=") end = exprText(bound, ctx);
  else if (step < 0 && op === ">") end = shiftedBound(bound, 1, ctx);
  else if (step < 0 && op === ">=") end = exprText(bound, ctx);
  else return undefined;
  if (assigns(stmt.childForFieldName("body"), counter.name)) return undefined;
  const head = `${counter.name} := ${exprText(counter.start, ctx)}, ${end}`;
  return step === 1 ? head : `${head}, ${step}`;
}

/** Append the connector a labelled `continue` of an outer loop jumps to (end of the body). */
function closeBody(body: Block, frame: JumpFrame, stmt: TsNode, ctx: BuildContext): void {
  if (frame.continueTarget) body.stmts.push(at(ctx, stmt, { kind: "connector", text: frame.continueTarget }));
}

/** The loop, then the connector a labelled `break` jumps to. */
function withBreakTarget(loop: Node, frame: JumpFrame, stmt: TsNode, ctx: BuildContext): Node[] {
  return frame.breakTarget ? [loop, at(ctx, stmt, { kind: "connector", text: frame.breakTarget })] : [loop];
}

export function forStatement(stmt: TsNode, ctx: BuildContext, depth: number, build: BlockBuilder, label?: string): Node[] {
  const bodyNode = stmt.childForFieldName("body");
  const counting = countingCond(stmt, ctx);
  if (counting !== undefined) {
    const frame: JumpFrame = { kind: "loop", label };
    const node = at(ctx, stmt, { kind: "for", cond: counting, body: { stmts: [] } as Block });
    node.body = withFrame(ctx, frame, () => build(bodyStatements(bodyNode), ctx, depth + 1));
    closeBody(node.body, frame, stmt, ctx);
    return withBreakTarget(node, frame, stmt, ctx);
  }
  // `for (;;)` alone: exactly `while (true)` (infinite loop or the do-until idiom).
  if (initsOf(stmt).length === 0 && updatesOf(stmt).length === 0 && !stmt.childForFieldName("condition")) {
    return whileStatement(stmt, ctx, depth, build, label);
  }
  // Expanded: init; while (cond) { body; step }.
  const out: Node[] = [];
  for (const init of initsOf(stmt)) {
    if (init.type === "local_variable_declaration" || init.type === "variable_declaration") out.push(...declaration(init, init, ctx));
    else {
      const node = expressionNode(init, init, ctx);
      if (node) out.push(node);
    }
  }
  const updates = updatesOf(stmt);
  const frame: JumpFrame = { kind: "loop", label, steps: updates };
  const cond = stmt.childForFieldName("condition");
  const loop: Node =
    cond && !isTrue(cond)
      ? at(ctx, stmt, { kind: "while", cond: exprText(unparen(cond), ctx), body: { stmts: [] } })
      : at(ctx, stmt, { kind: "infloop", body: { stmts: [] } });
  const body = withFrame(ctx, frame, () => build(bodyStatements(bodyNode), ctx, depth + 1));
  closeBody(body, frame, stmt, ctx);
  for (const update of updates) {
    const node = expressionNode(update, update, ctx);
    if (node) body.stmts.push(node);
  }
  loop.body = body;
  out.push(...withBreakTarget(loop, frame, stmt, ctx));
  return out;
}

export function foreachStatement(stmt: TsNode, ctx: BuildContext, depth: number, build: BlockBuilder, label?: string): Node[] {
  const variable = stmt.childForFieldName("name") ?? stmt.childForFieldName("left");
  const iterable = stmt.childForFieldName("value") ?? stmt.childForFieldName("right");
  const cond = variable && iterable ? `${exprText(variable, ctx)} ${ctx.texts.forEachWord} ${exprText(iterable, ctx)}` : "";
  const frame: JumpFrame = { kind: "loop", label };
  const node = at(ctx, stmt, { kind: "for", cond, body: { stmts: [] } as Block });
  node.body = withFrame(ctx, frame, () => build(bodyStatements(stmt.childForFieldName("body")), ctx, depth + 1));
  closeBody(node.body, frame, stmt, ctx);
  return withBreakTarget(node, frame, stmt, ctx);
}

function isTrue(cond: TsNode): boolean {
  const c = unparen(cond);
  return (c.type === "true" || c.type === "boolean_literal") && c.text === "true";
}

/** `if (c) break;` / `if (c) { break; }` without else → c. */
function breakCondition(stmt: TsNode): TsNode | undefined {
  if (stmt.type !== "if_statement" || stmt.childForFieldName("alternative")) return undefined;
  const body = bodyStatements(stmt.childForFieldName("consequence"));
  if (body.length !== 1 || body[0]!.type !== "break_statement" || named(body[0]!).length > 0) return undefined;
  const cond = stmt.childForFieldName("condition");
  return cond ? unparen(cond) : undefined;
}

const OWN_SCOPE = new Set([
  "for_statement", "while_statement", "do_statement", "enhanced_for_statement", "foreach_statement",
  "lambda_expression", "local_function_statement", "class_body", "anonymous_method_expression",
]);

/** Does a `continue` in these statements target the loop that holds them? */
const hasOwnContinue = (stmts: TsNode[]) => containsOutside(stmts, "continue_statement", OWN_SCOPE);

export function whileStatement(stmt: TsNode, ctx: BuildContext, depth: number, build: BlockBuilder, label?: string): Node[] {
  const condNode = stmt.childForFieldName("condition");
  const body = bodyStatements(stmt.childForFieldName("body"));
  const frame: JumpFrame = { kind: "loop", label };
  let loop: Node;
  // `for (;;)` (no condition) is infinite too.
  if (!condNode || isTrue(condNode)) {
    const last = body[body.length - 1];
    const until = last && !label && !hasOwnContinue(body.slice(0, -1)) ? breakCondition(last) : undefined;
    if (until) {
      loop = at(ctx, stmt, { kind: "dowhile", cond: exprText(until, ctx), until: true, body: { stmts: [] } });
      loop.body = withFrame(ctx, frame, () => build(body.slice(0, -1), ctx, depth + 1));
    } else {
      loop = at(ctx, stmt, { kind: "infloop", body: { stmts: [] } });
      loop.body = withFrame(ctx, frame, () => build(body, ctx, depth + 1));
    }
  } else {
    loop = at(ctx, stmt, { kind: "while", cond: condNode ? exprText(unparen(condNode), ctx) : "", body: { stmts: [] } });
    loop.body = withFrame(ctx, frame, () => build(body, ctx, depth + 1));
  }
  closeBody(loop.body, frame, stmt, ctx);
  return withBreakTarget(loop, frame, stmt, ctx);
}

export function doStatement(stmt: TsNode, ctx: BuildContext, depth: number, build: BlockBuilder, label?: string): Node[] {
  const condNode = stmt.childForFieldName("condition");
  const frame: JumpFrame = { kind: "loop", label };
  const loop = at(ctx, stmt, { kind: "dowhile", cond: condNode ? exprText(unparen(condNode), ctx) : "", body: { stmts: [] } as Block });
  loop.body = withFrame(ctx, frame, () => build(bodyStatements(stmt.childForFieldName("body")), ctx, depth + 1));
  closeBody(loop.body, frame, stmt, ctx);
  return withBreakTarget(loop, frame, stmt, ctx);
}
