/**
 * C/C++ loops → `for` / `while` / `dowhile` / `infloop`.
 *  - `for (i = a; i < b; i++)` simple counter → `for` with `i := a, b - 1[, step]` (drawing rules C7);
 *  - any other `for` → init processes, then `while` (or `infloop` without a condition) whose body
 *    ends with the step; every `continue` of that loop is preceded by the step (C8/C11);
 *  - range-for → `for` with `x ∈ v`; `while` → while; `do … while (c)` → dowhile.
 */
import { additiveOf, shiftedBound as shiftBound } from "../counting.ts";
import type { Block, Node } from "../../tree/schema.ts";
import { precedence } from "../../text/notation.ts";
import type { SyntaxNode as TsNode } from "../tree-sitter.ts";
import { at, type BlockBuilder, type BuildContext } from "./context.ts";
import { condText, exprText, statementText, topOperator, unwrap } from "./text.ts";
import { bodyStatements } from "./blocks.ts";

/** Value of an integer literal (`5`, `-3`, `(2)`), or undefined. */
export function intLiteral(node: TsNode): number | undefined {
  const n = unwrap(node);
  let text: string;
  if (n.type === "number_literal") text = n.text;
  else if (n.type === "unary_expression") {
    const op = n.childForFieldName("operator")?.type;
    const arg = n.childForFieldName("argument");
    if (!arg || (op !== "-" && op !== "+")) return undefined;
    const inner = intLiteral(arg);
    return inner === undefined ? undefined : op === "-" ? -inner : inner;
  } else return undefined;
  const clean = text.replace(/'/g, "").replace(/[uUlL]+$/, "");
  if (!/^\d+$/.test(clean)) return undefined;
  const value = Number(clean);
  return Number.isSafeInteger(value) ? value : undefined;
}

function shiftedBound(bound: TsNode, delta: number, ctx: BuildContext): string {
  if (delta === 0) return exprText(bound, ctx);
  return shiftBound(unwrap(bound), delta, {
    intLiteral,
    additive: additiveOf("binary_expression"),
    text: (node) => exprText(node, ctx),
    precedence: (node) => {
      const op = topOperator(node);
      return op ? (op === "unary" ? 13 : precedence(op)) : undefined;
    },
  });
}

/** The loop variable and start of `i = a` / `int i = a`, or undefined. */
function counterInit(init: TsNode, ctx: BuildContext): { name: string; start: string } | undefined {
  if (init.type === "declaration") {
    const decls = init.childrenForFieldName("declarator");
    if (decls.length !== 1 || decls[0]!.type !== "init_declarator") return undefined;
    const id = decls[0]!.childForFieldName("declarator");
    const value = decls[0]!.childForFieldName("value");
    if (id?.type !== "identifier" || !value || value.type === "initializer_list" || value.type === "argument_list") return undefined;
    return { name: id.text, start: exprText(value, ctx) };
  }
  const n = unwrap(init);
  if (n.type !== "assignment_expression" || n.childForFieldName("operator")?.type !== "=") return undefined;
  const left = n.childForFieldName("left");
  const right = n.childForFieldName("right");
  if (left?.type !== "identifier" || !right) return undefined;
  return { name: left.text, start: exprText(right, ctx) };
}

/** Step of `i++` / `++i` / `i--` / `i += k` / `i -= k` / `i = i + k` for variable `name`, or undefined. */
function counterStep(update: TsNode, name: string): number | undefined {
  const n = unwrap(update);
  if (n.type === "update_expression") {
    const arg = n.childForFieldName("argument");
    if (arg?.type !== "identifier" || arg.text !== name) return undefined;
    return n.childForFieldName("operator")?.type === "++" ? 1 : -1;
  }
  if (n.type === "assignment_expression") {
    const left = n.childForFieldName("left");
    const right = n.childForFieldName("right");
    const op = n.childForFieldName("operator")?.type;
    if (left?.type !== "identifier" || left.text !== name || !right) return undefined;
    const k = intLiteral(right);
    if (op === "+=" && k !== undefined) return k;
    if (op === "-=" && k !== undefined) return -k;
    // `i = i + k` / `i = i - k`
    const r = unwrap(right);
    if (op === "=" && r.type === "binary_expression") {
      const rl = r.childForFieldName("left");
      const rr = r.childForFieldName("right");
      const rop = r.childForFieldName("operator")?.type;
      const step = rr ? intLiteral(rr) : undefined;
      if (rl?.type === "identifier" && rl.text === name && step !== undefined) {
        if (rop === "+") return step;
        if (rop === "-") return -step;
      }
    }
    return undefined;
  }
  return undefined;
}

/** Does the subtree assign `name` (=, op=, ++, --, or pass `&name`)? Iterative. */
function assigns(root: TsNode, name: string): boolean {
  const stack: TsNode[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    let target: TsNode | null = null;
    if (node.type === "assignment_expression") target = node.childForFieldName("left");
    else if (node.type === "update_expression") target = node.childForFieldName("argument");
    else if (node.type === "pointer_expression" && node.childForFieldName("operator")?.type === "&") {
      target = node.childForFieldName("argument");
    }
    if (target && unwrap(target).type === "identifier" && unwrap(target).text === name) return true;
    if (node.type === "binary_expression" && node.childForFieldName("operator")?.type === ">>") {
      // `cin >> i`
      const right = node.childForFieldName("right");
      if (right && unwrap(right).text === name) return true;
    }
    for (const child of node.namedChildren) stack.push(child);
  }
  return false;
}

/** The counting-loop text, or undefined when the for must be expanded. */
function counterCond(stmt: TsNode, ctx: BuildContext): string | undefined {
  const init = stmt.childForFieldName("initializer");
  const cond = stmt.childForFieldName("condition");
  const updates = stmt.childrenForFieldName("update");
  const body = stmt.childForFieldName("body");
  if (!init || !cond || updates.length !== 1) return undefined;
  const counter = counterInit(init, ctx);
  if (!counter) return undefined;
  const step = counterStep(updates[0]!, counter.name);
  if (step === undefined || step === 0) return undefined;
  const c = unwrap(cond);
  if (c.type !== "binary_expression") return undefined;
  const left = c.childForFieldName("left");
  const right = c.childForFieldName("right");
  const op = c.childForFieldName("operator")?.type;
  if (left?.type !== "identifier" || left.text !== counter.name || !right) return undefined;
  if (assigns(right, counter.name) || (body && assigns(body, counter.name))) return undefined;
  let end: string;
  if (op === "<" && step > 0) end = shiftedBound(right, -1, ctx);
  else if (op === "<=" && step > 0) end = exprText(right, ctx);
  else if (op === ">" && step < 0) end = shiftedBound(right, 1, ctx);
  else if (op === ">=" && step < 0) end = exprText(right, ctx);
  else if (op === "!=" && Math.abs(step) === 1) end = shiftedBound(right, -step, ctx);
  else return undefined;
  const head = `${counter.name} := ${counter.start}, ${end}`;
  return step === 1 ? head : `${head}, ${step}`;
}

/** Process nodes for a for-initializer: a declaration or a (comma) expression. */
function initNodes(init: TsNode, ctx: BuildContext, decl: (stmt: TsNode, ctx: BuildContext) => Node | null): Node[] {
  if (init.type === "declaration") {
    const node = decl(init, ctx);
    return node ? [node] : [];
  }
  return [at(ctx, init, { kind: "process", text: statementText(init, ctx) })];
}

export function forStatement(
  stmt: TsNode,
  ctx: BuildContext,
  depth: number,
  build: BlockBuilder,
  decl: (stmt: TsNode, ctx: BuildContext) => Node | null,
): Node[] {
  const body = bodyStatements(stmt.childForFieldName("body"));
  const counter = counterCond(stmt, ctx);
  if (counter !== undefined) {
    const node = at(ctx, stmt, { kind: "for", cond: counter, body: { stmts: [] } as Block });
    ctx.frames.push({ kind: "loop" });
    try {
      node.body = build(body, ctx, depth + 1);
    } finally {
      ctx.frames.pop();
    }
    return [node];
  }
  // Expanded: init; while (cond) { body; step }.
  const init = stmt.childForFieldName("initializer");
  const cond = stmt.childForFieldName("condition");
  const updates = stmt.childrenForFieldName("update");
  const step = updates.length === 1 ? updates[0]! : null;
  const out: Node[] = init ? initNodes(init, ctx, decl) : [];
  const loop: Node = cond
    ? at(ctx, stmt, { kind: "while", cond: condText(cond, ctx), body: { stmts: [] } })
    : at(ctx, stmt, { kind: "infloop", body: { stmts: [] } });
  ctx.frames.push({ kind: "loop", step });
  try {
    const block = build(body, ctx, depth + 1);
    if (step) block.stmts.push(at(ctx, step, { kind: "process", text: statementText(step, ctx) }));
    loop.body = block;
  } finally {
    ctx.frames.pop();
  }
  out.push(loop);
  return out;
}

/** The step process put before a `continue` of an expanded `for` (none for other loops). */
export function continueNodes(stmt: TsNode, ctx: BuildContext): Node[] {
  let frame: (typeof ctx.frames)[number] | undefined;
  for (let i = ctx.frames.length - 1; i >= 0; i--) {
    if (ctx.frames[i]!.kind === "loop") {
      frame = ctx.frames[i];
      break;
    }
  }
  const out: Node[] = [];
  if (frame?.step) out.push(at(ctx, frame.step, { kind: "process", text: statementText(frame.step, ctx) }));
  out.push(at(ctx, stmt, { kind: "continue" }));
  return out;
}

function loopBody(stmt: TsNode, ctx: BuildContext, depth: number, build: BlockBuilder): Block {
  ctx.frames.push({ kind: "loop" });
  try {
    return build(bodyStatements(stmt.childForFieldName("body")), ctx, depth + 1);
  } finally {
    ctx.frames.pop();
  }
}

function isInfinite(cond: TsNode | null): boolean {
  if (!cond) return true;
  const c = unwrap(cond);
  if (c.type === "true") return true;
  const v = intLiteral(c);
  return v !== undefined && v !== 0;
}

export function whileStatement(stmt: TsNode, ctx: BuildContext, depth: number, build: BlockBuilder): Node {
  const cond = stmt.childForFieldName("condition");
  if (isInfinite(cond)) return at(ctx, stmt, { kind: "infloop", body: loopBody(stmt, ctx, depth, build) });
  const node = at(ctx, stmt, { kind: "while", cond: condText(cond, ctx), body: { stmts: [] } as Block });
  node.body = loopBody(stmt, ctx, depth, build);
  return node;
}

export function doStatement(stmt: TsNode, ctx: BuildContext, depth: number, build: BlockBuilder): Node {
  const cond = stmt.childForFieldName("condition");
  const node = at(ctx, stmt, { kind: "dowhile", cond: condText(cond, ctx), body: { stmts: [] } as Block });
  node.body = loopBody(stmt, ctx, depth, build);
  return node;
}

/** C++ `for (auto x : v)` → `for` with `x ∈ v`. */
export function rangeFor(stmt: TsNode, ctx: BuildContext, depth: number, build: BlockBuilder): Node {
  const declarator = stmt.childForFieldName("declarator");
  const right = stmt.childForFieldName("right");
  const name = declarator ? exprText(declarator, ctx).replace(/^[&*\s]+/, "") : "";
  const cond = `${name} ${ctx.texts.forEachWord} ${right ? exprText(right, ctx) : ""}`.trim();
  const node = at(ctx, stmt, { kind: "for", cond, body: { stmts: [] } as Block });
  node.body = loopBody(stmt, ctx, depth, build);
  return node;
}
