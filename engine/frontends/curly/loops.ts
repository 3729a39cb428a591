/**
 * Loops of the curly languages → `for` / `while` / `dowhile` / `infloop`.
 *  - `for (int i = a; i < n; i++)` with one counter, a comparison matching the step direction and a
 *    body that never assigns the counter → counting form `i := a, n - 1[, step]` (inclusive end).
 *  - any other C-style for → init statements + `while` (infloop without a condition) whose body
 *    ends with the step statements; a `continue` of the loop runs the steps first (walk.ts).
 *  - enhanced for / foreach / JavaScript for…of and for…in / PHP foreach / Go range → `x ∈ a`
 *    (`k, v ∈ a` with a key; Go's blank `_` left out).
 *  - Go's `for c {}` is a while, `for {}` an infinite loop.
 *  - `while (true)` → infloop, or dowhile-until when the body ends with `if (c) break;` (as Python).
 */
import { additiveOf, shiftedBound as shiftBound } from "../counting.ts";
import type { Block, Node } from "../../tree/schema.ts";
import { precedence } from "../../text/notation.ts";
import { containsOutside, type SyntaxNode as TsNode } from "../tree-sitter.ts";
import { at, bodyStatements, COMMENT_TYPES, named, unparen, withFrame, type BlockBuilder, type BuildContext, type JumpFrame } from "./context.ts";
import { exprText, topOperator } from "./text.ts";
import { declaration, expressionNode, goAssignment, goDeclaration } from "./simple.ts";

/** A real for-header part (not a `,` token or a comment). */
const isPart = (n: TsNode): boolean => n.isNamed && !COMMENT_TYPES.has(n.type);

/** The update expressions of a C-style for (JavaScript: `increment`). */
function updatesOf(stmt: TsNode): TsNode[] {
  return [...stmt.childrenForFieldName("update"), ...stmt.childrenForFieldName("increment")].filter(isPart);
}

/** The condition of a C-style for (JavaScript's condition field also holds its `;`). */
function conditionOf(stmt: TsNode): TsNode | null {
  const cond = stmt.childrenForFieldName("condition").find(isPart) ?? null;
  // JavaScript `for (;;)`: an empty statement stands for the missing condition.
  return cond?.type === "empty_statement" ? null : cond?.type === "expression_statement" ? (named(cond)[0] ?? null) : cond;
}

/** A variable name: an identifier, PHP's `$name`. */
const isName = (node: TsNode | null | undefined): node is TsNode => node?.type === "identifier" || node?.type === "variable_name";

const INT_LITERALS = new Set(["decimal_integer_literal", "integer_literal", "number", "int_literal", "integer"]);

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
  const clean = text.replace(/[_lLuUn]/g, "");
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
  return [...stmt.childrenForFieldName("init"), ...stmt.childrenForFieldName("initializer"), ...stmt.childrenForFieldName("initialize")]
    .filter(isPart)
    .filter((n) => n.type !== "empty_statement")
    .map((n) => (n.type === "expression_statement" ? (named(n)[0] ?? n) : n));
}

const DECLARATIONS = new Set(["local_variable_declaration", "variable_declaration", "lexical_declaration"]);

/** The one target and value of Go's `i := a` / `i = a`. */
function goSingle(stmt: TsNode): { name: TsNode; start: TsNode } | undefined {
  const left = named(stmt.childForFieldName("left"));
  const right = named(stmt.childForFieldName("right"));
  return left.length === 1 && right.length === 1 && isName(left[0]) ? { name: left[0]!, start: right[0]! } : undefined;
}

/** The counter and its start of a one-counter init (`int i = a` / `i = a`). */
function counterInit(inits: TsNode[]): { name: string; start: TsNode } | undefined {
  if (inits.length !== 1) return undefined;
  const init = inits[0]!;
  if (init.type === "short_var_declaration" || (init.type === "assignment_statement" && init.childForFieldName("operator")?.type === "=")) {
    const single = goSingle(init);
    return single && { name: single.name.text, start: single.start };
  }
  if (DECLARATIONS.has(init.type)) {
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
  if (e.type === "assignment_expression" && (e.childForFieldName("operator")?.type ?? "=") === "=") {
    const left = e.childForFieldName("left");
    const right = e.childForFieldName("right");
    if (isName(left) && right) return { name: left.text, start: right };
  }
  return undefined;
}

const UPDATES = new Set(["update_expression", "postfix_unary_expression", "prefix_unary_expression", "inc_statement", "dec_statement"]);
const ASSIGNMENTS = new Set(["assignment_expression", "augmented_assignment_expression", "assignment_statement"]);

/** Left and right of an assignment (Go's one-element expression lists unwrapped). */
function sides(node: TsNode): { left: TsNode | null; right: TsNode | null } {
  const one = (n: TsNode | null) => (n?.type === "expression_list" ? (named(n).length === 1 ? named(n)[0]! : null) : n);
  return { left: one(node.childForFieldName("left")), right: one(node.childForFieldName("right")) };
}

/** The step of `i++`, `--i`, `i += 2`, `i -= 1`, `i = i + 2` for counter `name`, or undefined. */
function counterStep(update: TsNode, name: string): number | undefined {
  const u = unparen(update);
  if (UPDATES.has(u.type)) {
    const target = named(u)[0];
    const op = u.children.find((c) => !c.isNamed && (c.type === "++" || c.type === "--"))?.type;
    if (!isName(target) || target.text !== name || !op) return undefined;
    return op === "++" ? 1 : -1;
  }
  if (!ASSIGNMENTS.has(u.type)) return undefined;
  const { left, right } = sides(u);
  const op = u.childForFieldName("operator")?.type ?? "=";
  if (!isName(left) || left.text !== name || !right) return undefined;
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
    if (!isName(rl) || rl.text !== name || k === undefined || k === 0) return undefined;
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
    if (ASSIGNMENTS.has(node.type) || node.type === "short_var_declaration") {
      const left = node.childForFieldName("left");
      const targets = left?.type === "expression_list" ? named(left) : left ? [left] : [];
      if (targets.some((t) => isName(t) && t.text === name)) return true;
    } else if (UPDATES.has(node.type)) {
      const target = named(node)[0];
      if (isName(target) && target.text === name && node.children.some((c) => c.type === "++" || c.type === "--")) return true;
    } else if (node.type === "variable_declarator") {
      const n = node.childForFieldName("name") ?? named(node)[0];
      if (n?.text === name) return true; // shadowed: not a simple counter
    }
    for (const child of node.namedChildren) stack.push(child);
  }
  return false;
}

/** The counting-loop text of a C-style for, or undefined when it must be expanded. */
function countingCond(header: TsNode, body: TsNode | null, ctx: BuildContext): string | undefined {
  const counter = counterInit(initsOf(header));
  const cond = conditionOf(header);
  const updates = updatesOf(header);
  if (!counter || !cond || updates.length !== 1) return undefined;
  const step = counterStep(updates[0]!, counter.name);
  if (step === undefined) return undefined;
  const c = unparen(cond);
  if (c.type !== "binary_expression") return undefined;
  const left = c.childForFieldName("left");
  const bound = c.childForFieldName("right");
  const op = c.childForFieldName("operator")?.type;
  if (!isName(left) || left.text !== counter.name || !bound) return undefined;
  let end: string;
  if (step > 0 && op === "<") end = shiftedBound(bound, -1, ctx);
  else if (step > 0 && op === "<=") end = exprText(bound, ctx);
  else if (step < 0 && op === ">") end = shiftedBound(bound, 1, ctx);
  else if (step < 0 && op === ">=") end = exprText(bound, ctx);
  else return undefined;
  if (assigns(body, counter.name)) return undefined;
  const head = `${exprText(left, ctx)} := ${exprText(counter.start, ctx)}, ${end}`;
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

/**
 * A C-style for; Go's `for` is a while (`for c {}`), an infinite loop (`for {}`), a range loop
 * or a C-style for (its `for_clause` holds init, condition and update).
 */
export function forStatement(stmt: TsNode, ctx: BuildContext, depth: number, build: BlockBuilder, label?: string): Node[] {
  const bodyNode = stmt.childForFieldName("body");
  let header = stmt;
  if (ctx.lang === "go") {
    const head = named(stmt).find((c) => c !== bodyNode);
    if (head?.type === "range_clause") return foreachStatement(stmt, ctx, depth, build, label, head);
    if (head?.type !== "for_clause") return whileStatement(stmt, ctx, depth, build, label, head ?? null);
    header = head;
  }
  const counting = countingCond(header, bodyNode, ctx);
  if (counting !== undefined) {
    const frame: JumpFrame = { kind: "loop", label };
    const node = at(ctx, stmt, { kind: "for", cond: counting, body: { stmts: [] } as Block });
    node.body = withFrame(ctx, frame, () => build(bodyStatements(bodyNode), ctx, depth + 1));
    closeBody(node.body, frame, stmt, ctx);
    return withBreakTarget(node, frame, stmt, ctx);
  }
  // `for (;;)` alone: exactly `while (true)` (infinite loop or the do-until idiom).
  if (initsOf(header).length === 0 && updatesOf(header).length === 0 && !conditionOf(header)) {
    return whileStatement(stmt, ctx, depth, build, label, null);
  }
  // Expanded: init; while (cond) { body; step }.
  const out: Node[] = [];
  for (const init of initsOf(header)) {
    if (DECLARATIONS.has(init.type)) out.push(...declaration(init, init, ctx));
    else if (init.type === "short_var_declaration" || init.type === "assignment_statement") out.push(...(init.type === "short_var_declaration" ? goDeclaration(init, ctx) : goAssignment(init, ctx)));
    else {
      const node = expressionNode(init, init, ctx);
      if (node) out.push(node);
    }
  }
  const updates = updatesOf(header);
  const frame: JumpFrame = { kind: "loop", label, steps: updates };
  const cond = conditionOf(header);
  const loop: Node =
    cond && !isTrue(cond)
      ? at(ctx, stmt, { kind: "while", cond: exprText(unparen(cond), ctx), body: { stmts: [] } })
      : at(ctx, stmt, { kind: "infloop", body: { stmts: [] } });
  const body = withFrame(ctx, frame, () => build(bodyStatements(bodyNode), ctx, depth + 1));
  closeBody(body, frame, stmt, ctx);
  for (const update of updates) body.stmts.push(...stepNodes(update, ctx));
  loop.body = body;
  out.push(...withBreakTarget(loop, frame, stmt, ctx));
  return out;
}

/** A for's step: an expression (`i++`), Go's statement (`i++`, `i += 2`). */
export function stepNodes(update: TsNode, ctx: BuildContext): Node[] {
  if (update.type === "inc_statement" || update.type === "dec_statement" || update.type === "assignment_statement") return goAssignment(update, ctx);
  const node = expressionNode(update, update, ctx);
  return node ? [node] : [];
}

/** The loop variables and the collection of a for-each (Java/C#/JavaScript fields, PHP `foreach ($a as $k => $v)`, a Go range clause). */
function eachParts(stmt: TsNode, range: TsNode | undefined, ctx: BuildContext): { variables: string[]; iterable: TsNode | null } {
  if (range) {
    const left = range.childForFieldName("left");
    const names = (left?.type === "expression_list" ? named(left) : left ? [left] : []).filter((n) => n.text !== "_");
    return { variables: names.map((n) => exprText(n, ctx)), iterable: range.childForFieldName("right") };
  }
  if (stmt.type === "foreach_statement" && ctx.lang === "php") {
    const [iterable, each] = named(stmt).filter((c) => c !== stmt.childForFieldName("body"));
    const variables = each?.type === "pair" ? named(each) : each ? [each] : [];
    return { variables: variables.map((n) => exprText(n, ctx)), iterable: iterable ?? null };
  }
  const variable = stmt.childForFieldName("name") ?? stmt.childForFieldName("left");
  return { variables: variable ? [exprText(variable, ctx)] : [], iterable: stmt.childForFieldName("value") ?? stmt.childForFieldName("right") };
}

export function foreachStatement(stmt: TsNode, ctx: BuildContext, depth: number, build: BlockBuilder, label?: string, range?: TsNode): Node[] {
  const { variables, iterable } = eachParts(stmt, range, ctx);
  const cond = iterable ? `${variables.join(", ")} ${ctx.texts.forEachWord} ${exprText(iterable, ctx)}`.trim() : "";
  const frame: JumpFrame = { kind: "loop", label };
  const node = at(ctx, stmt, { kind: "for", cond, body: { stmts: [] } as Block });
  node.body = withFrame(ctx, frame, () => build(bodyStatements(stmt.childForFieldName("body")), ctx, depth + 1));
  closeBody(node.body, frame, stmt, ctx);
  return withBreakTarget(node, frame, stmt, ctx);
}

function isTrue(cond: TsNode): boolean {
  const c = unparen(cond);
  return (c.type === "true" || c.type === "boolean_literal" || c.type === "boolean") && c.text.toLowerCase() === "true";
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
  "for_in_statement", "arrow_function", "function_expression", "func_literal", "anonymous_function",
]);

/** Does a `continue` in these statements target the loop that holds them? */
const hasOwnContinue = (stmts: TsNode[]) => containsOutside(stmts, "continue_statement", OWN_SCOPE);

/** A while; `cond` given for Go's `for c {}` and a condition-less for (null). */
export function whileStatement(stmt: TsNode, ctx: BuildContext, depth: number, build: BlockBuilder, label?: string, cond?: TsNode | null): Node[] {
  const condNode = cond === undefined ? stmt.childForFieldName("condition") : cond;
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
