/**
 * Pascal statements → chart nodes (drawing-rules §C; the same shapes as the Python front-end).
 *
 *  - `x := e` → process (also `Result := e` and `FuncName := e`: the result is a value like any
 *    other); `x := ReadInteger(…)` / `ReadReal2` / `ReadKey` / `Console.ReadLine` → io `Ввід x`;
 *    `x := f(…)` with `f` defined in the source → call. `x += e` → `x := x + e`. PascalABC
 *    `var x := e` → like `x := e`; a declaration without a value → nothing.
 *  - read/readln → io `Ввід args`; write/writeln/print/println (and `Console.WriteLine`, PascalABC
 *    `a.Println`) → io `Вивід args` (width specifiers `x:8:2` dropped; a file variable given as the
 *    first argument stays in the text). inc/dec → `i := i + 1` / `i := i + k`.
 *  - A call of a routine defined in the source (by its last name part, case-insensitively, so
 *    `obj.Method` counts) → call (process with callAsProcess); any other call → process.
 *  - exit → terminal (end text; `exit(x)` → `Повернути x`), halt → terminal End, break/continue.
 *  - if / case (switch) / for-to/downto (`i := a, b[, -1]`) / for-in, foreach (`x ∈ a`) / while /
 *    repeat-until (dowhile until) / PascalABC `loop n do` (for `_ := 1, n`: a counter without a name,
 *    like Python's `for _ in range(n)`). `while true do` → infloop (or dowhile-until when the body
 *    ends with `if c then break`, as in Python); `repeat … until false` → infloop.
 *  - Parentheses around a whole condition are dropped: `if (a > b) then` → `a > b`.
 *  - with → process `with r` + body; goto → jump connector; `L:` → connector + statement.
 *  - try/except → body, then an `if виняток [Type]` chain over the handlers; try/finally → body +
 *    finally statements. raise → terminal. `Assert(c[, msg])` → like Python's assert: `if c` with an
 *    empty yes-branch and `Помилка: msg` (or `Помилка: EAssertionFailed`) on the no-branch.
 */
import type { ResolvedOptions, Texts } from "../../options.ts";
import { augmentedAssignment } from "../../text/notation.ts";
import { TREE_LIMITS } from "../../tree/limits.ts";
import type { Block, Node, SwitchCase } from "../../tree/schema.ts";
import { splitTopLevel, type Expr, type Loc, type Stmt } from "./parser.ts";
import { exprText, topOperator } from "./text.ts";
import { callsAnyOf, errorText, tryNodes, type TryLanguage } from "../exceptions.ts";
import type { NotationSwitch } from "../code-notation.ts";
import { inputText, outputText } from "../io-text.ts";
import { concatenation, formatPieces, hasConversions } from "../format-string.ts";
import { returnSymbols, shortReturns } from "../chart-context.ts";

export interface MapContext extends NotationSwitch {
  options: ResolvedOptions;
  texts: Texts;
  isMain: boolean;
  /** Last name components of routines defined in the source, lower-cased. */
  routines: ReadonlySet<string>;
  nodes: number;
}

/** Thrown when a chart exceeds TREE_LIMITS; caught per chart and turned into a FunctionError. */
export class ChartLimitError extends Error {}

function count(ctx: MapContext): void {
  if (++ctx.nodes > TREE_LIMITS.maxNodes) {
    throw new ChartLimitError(`chart too large: more than ${TREE_LIMITS.maxNodes} symbols`);
  }
}

function checkDepth(depth: number): void {
  if (depth > TREE_LIMITS.maxDepth) {
    throw new ChartLimitError(`chart too deeply nested: more than ${TREE_LIMITS.maxDepth} levels`);
  }
}

function at<T extends Node>(ctx: MapContext, loc: Loc, node: T): T {
  count(ctx);
  node.loc = { line: loc.line, col: loc.col };
  return node;
}

const text = (tokens: Expr, ctx: MapContext): string => exprText(tokens, ctx);

/** `(a > b)` → `a > b`: parentheses around a whole condition are redundant in a decision. */
function stripParens(tokens: Expr): Expr {
  let out = tokens;
  for (let guard = 0; guard < 100 && out.length >= 2; guard++) {
    const first = out[0]!;
    const last = out[out.length - 1]!;
    if (first.kind !== "op" || first.text !== "(" || last.kind !== "op" || last.text !== ")") break;
    let depth = 0;
    let closesAtEnd = true;
    for (let i = 0; i < out.length; i++) {
      const t = out[i]!;
      if (t.kind !== "op") continue;
      if (t.text === "(" || t.text === "[") depth++;
      else if ((t.text === ")" || t.text === "]") && --depth === 0 && i !== out.length - 1) {
        closesAtEnd = false;
        break;
      }
    }
    if (!closesAtEnd) break;
    out = out.slice(1, -1);
  }
  return out;
}

/** Text of a condition (if/while/until/case selector). */
const condText = (tokens: Expr, ctx: MapContext): string => text(stripParens(tokens), ctx);

/** `true` / `false` literal condition, else undefined. */
function literalBool(tokens: Expr): boolean | undefined {
  const inner = stripParens(tokens);
  if (inner.length !== 1 || inner[0]!.kind !== "word") return undefined;
  if (inner[0]!.lower === "true") return true;
  if (inner[0]!.lower === "false") return false;
  return undefined;
}

/** The statements of a loop body (a `begin … end` block unwrapped). */
function bodyStatements(stmt: Stmt | null): Stmt[] {
  if (!stmt) return [];
  return stmt.k === "compound" ? stmt.body : [stmt];
}

/** `if c then break` (no else) → c. */
function breakCondition(stmt: Stmt | undefined): Expr | undefined {
  if (!stmt || stmt.k !== "if" || stmt.else) return undefined;
  const then = bodyStatements(stmt.then);
  if (then.length !== 1) return undefined;
  const only = then[0]!;
  if (only.k !== "simple" || only.expr.length !== 1 || only.expr[0]!.lower !== "break") return undefined;
  return stmt.cond;
}

/** Does a `continue` in these statements belong to the loop holding them? */
function hasOwnContinue(stmts: readonly Stmt[]): boolean {
  const stack: Stmt[] = [...stmts];
  while (stack.length > 0) {
    const s = stack.pop()!;
    switch (s.k) {
      case "simple":
        if (s.expr.length === 1 && s.expr[0]!.lower === "continue") return true;
        break;
      case "compound":
        stack.push(...s.body);
        break;
      case "if":
        if (s.then) stack.push(s.then);
        if (s.else) stack.push(s.else);
        break;
      case "case":
        for (const arm of s.arms) if (arm.body) stack.push(arm.body);
        if (s.otherwise) stack.push(...s.otherwise);
        break;
      case "with":
        if (s.body) stack.push(s.body);
        break;
      case "label":
        if (s.stmt) stack.push(s.stmt);
        break;
      case "try":
        stack.push(...s.body, ...(s.except ?? []), ...(s.exceptElse ?? []), ...(s.finally ?? []));
        for (const h of s.handlers ?? []) if (h.body) stack.push(h.body);
        break;
      default:
        break;
    }
  }
  return false;
}

/**
 * `while true do` → infloop, or (like Python's `while True: … if c: break`) a dowhile-until when the
 * body ends with `if c then break` and has no `continue` of its own.
 */
function whileTrue(stmt: Extract<Stmt, { k: "while" }>, ctx: MapContext, depth: number): Node {
  const body = bodyStatements(stmt.body);
  const last = body[body.length - 1];
  const until = last && !hasOwnContinue(body.slice(0, -1)) ? breakCondition(last) : undefined;
  if (until) {
    const node = at(ctx, stmt.loc, { kind: "dowhile", cond: condText(until, ctx), until: true, body: { stmts: [] } }) as Extract<
      Node,
      { kind: "dowhile" }
    >;
    node.body = mapBlock(body.slice(0, -1), ctx, depth + 1);
    return node;
  }
  return at(ctx, stmt.loc, { kind: "infloop", body: mapBlock(body, ctx, depth + 1) });
}

/** A chart block from statements at nesting depth `depth` (top level of a chart = 1). */
export function mapBlock(stmts: readonly Stmt[], ctx: MapContext, depth: number): Block {
  if (stmts.length > 0) checkDepth(depth);
  const out: Node[] = [];
  for (const stmt of stmts) out.push(...mapStatement(stmt, ctx, depth));
  return { stmts: out };
}

const blockOf = (stmt: Stmt | null | undefined, ctx: MapContext, depth: number): Block =>
  mapBlock(stmt ? [stmt] : [], ctx, depth);

/** A call statement's parts: `name` / `a.b.name` with optional `(args)` filling the rest. */
interface CallParts {
  name: string;
  /** Tokens before `.name` (empty for a plain name). */
  prefix: Expr;
  args: Expr[];
  hasParens: boolean;
}

function callParts(expr: Expr): CallParts | undefined {
  if (expr.length === 0 || expr[0]!.kind !== "word") return undefined;
  let i = 1;
  let name = expr[0]!.lower;
  let prefix: Expr = [];
  while (i + 1 < expr.length && expr[i]!.kind === "op" && expr[i]!.text === "." && expr[i + 1]!.kind === "word") {
    prefix = expr.slice(0, i);
    name = expr[i + 1]!.lower;
    i += 2;
  }
  if (i === expr.length) return { name, prefix, args: [], hasParens: false };
  const open = expr[i]!;
  const last = expr[expr.length - 1]!;
  if (open.kind !== "op" || open.text !== "(" || last.kind !== "op" || last.text !== ")") return undefined;
  // The parentheses must enclose the rest exactly: `f(a) + g(b)` is no call statement.
  let depth = 0;
  for (let j = i; j < expr.length; j++) {
    const t = expr[j]!;
    if (t.kind !== "op") continue;
    if (t.text === "(" || t.text === "[") depth++;
    else if ((t.text === ")" || t.text === "]") && --depth === 0 && j !== expr.length - 1) return undefined;
  }
  const inner = expr.slice(i + 1, -1);
  return { name, prefix, args: splitTopLevel(inner, ",").filter((a) => a.length > 0), hasParens: true };
}

const READS = new Set(["read", "readln"]);
const WRITES = new Set(["write", "writeln", "print", "println"]);
/** PascalABC.NET input functions used as values: `n := ReadInteger('n = ')`. */
const READ_FUNCTION = /^read(ln)?(integer|real|string|char|boolean|int64|double|integer2|integer3|real2|real3)?$|^readline$|^readkey$/;

/** `x:8:2` → `x` (width/precision of write arguments). */
function withoutWidth(arg: Expr): Expr {
  return splitTopLevel(arg, ":")[0] ?? arg;
}

function callNode(ctx: MapContext, loc: Loc, textValue: string): Node {
  return at(ctx, loc, { kind: ctx.options.callAsProcess ? "process" : "call", text: textValue });
}

/** `Format('Sum: %d', [s])` printed: the pieces and values (format-string.ts), in Pascal quotes. */
function formattedPascal(item: string): string[] {
  const m = /^Format\s*\(\s*'((?:[^']|'')*)'\s*,\s*\[(.*)\]\s*\)$/is.exec(item);
  if (!m || !hasConversions(m[1]!, "printf")) return [item];
  const values: string[] = [];
  let depth = 0;
  let current = "";
  for (const ch of m[2]!) {
    if ("([".includes(ch)) depth++;
    else if (")]".includes(ch)) depth--;
    if (ch === "," && depth === 0) {
      values.push(current.trim());
      current = "";
    } else current += ch;
  }
  if (current.trim() !== "") values.push(current.trim());
  const inside = m[1]!.replace(/''/g, "'").replace(/"/g, '\\"');
  return formatPieces(inside, values, "printf").map((piece) => (piece.startsWith('"') ? `'${piece.slice(1, -1).replace(/'/g, "''")}'` : piece));
}

/**
 * A printed argument as its items: a string concatenation lists its operands (`'X = ' + s` prints
 * `'X = '`, `s`; operands summed before the first string stay one item), code-notation.ts.
 */
function printedParts(arg: Expr, ctx: MapContext): string[] {
  if (ctx.asWritten) return [text(arg, ctx)];
  const parts = splitTopLevel([...arg], "+");
  const first = parts.findIndex((part) => part.length === 1 && part[0]!.kind === "string");
  if (first < 0) return [text(arg, ctx)];
  const summed = parts.slice(0, first).reduce((n, part) => n + part.length + 1, 0);
  const head = first > 0 ? [text(arg.slice(0, summed - 1), ctx)] : [];
  return [...head, ...parts.slice(first).map((part) => text(part, ctx))];
}

/** A line break written as character codes: `#13#10`, `#10`, `chr(10)`. */
const LINE_BREAK = /^(?:(?:#(?:13|10|\$0[aAdD]))+|chr\((?:10|13)\))$/i;
/** Codes of a line break glued to the end of a literal: `'Sum'#13#10`. */
const TRAILING_BREAK = /(?<=')(?:#(?:13|10|\$0[aAdD]))+$/i;

/**
 * Printed items with line breaks written as character codes read as words (issue 20, like `"\n"`
 * in the C-like languages, io-text.ts): dropped at the end of the output, `новий рядок` inside it.
 */
function printedItems(items: readonly string[], ctx: MapContext): string[] {
  if (ctx.asWritten) return [...items];
  const out = items.map((item) => item.replace(TRAILING_BREAK, ""));
  while (out.length > 0 && LINE_BREAK.test(out[out.length - 1]!)) out.pop();
  return out.map((item) => (LINE_BREAK.test(item) ? ctx.texts.newLine : item));
}

function exitNodes(ctx: MapContext, loc: Loc, value: string | undefined): Node[] {
  const make = <T extends Node>(node: T): T => at(ctx, loc, node);
  return shortReturns(returnSymbols(ctx, value ?? null).map(make), ctx, make);
}

function simpleStatement(stmt: Extract<Stmt, { k: "simple" }>, ctx: MapContext): Node[] {
  const t = ctx.texts;
  const call = callParts(stmt.expr);
  if (call) {
    const args = call.args.map((a) => text(a, ctx));
    if (READS.has(call.name) && call.prefix.length === 0) return [at(ctx, stmt.loc, { kind: "io", text: inputText(t, args) })];
    const viaConsole = call.prefix.length === 1 && call.prefix[0]!.lower === "console";
    if (viaConsole && call.name === "readline") return [at(ctx, stmt.loc, { kind: "io", text: inputText(t, []) })];
    if (WRITES.has(call.name) || (viaConsole && (call.name === "write" || call.name === "writeline"))) {
      // PascalABC `a.Println` prints `a`.
      const shown = call.prefix.length > 0 && !viaConsole && call.args.length === 0
        ? [text(call.prefix, ctx)]
        : printedItems(call.args.flatMap((a) => printedParts(withoutWidth(a), ctx)), ctx).flatMap(formattedPascal);
      return [at(ctx, stmt.loc, { kind: "io", text: outputText(t, shown, false) })];
    }
    if (call.name === "exit") return exitNodes(ctx, stmt.loc, args.length ? args.join(", ") : undefined);
    if (call.name === "halt") return [at(ctx, stmt.loc, { kind: "terminal", text: t.endText })];
    if (!call.hasParens && call.name === "break" && stmt.expr.length === 1) return [at(ctx, stmt.loc, { kind: "break" })];
    if (!call.hasParens && call.name === "continue" && stmt.expr.length === 1) return [at(ctx, stmt.loc, { kind: "continue" })];
    if ((call.name === "inc" || call.name === "dec") && (call.args.length === 1 || call.args.length === 2)) {
      const target = args[0]!;
      const op = call.name === "inc" ? "+=" : "-=";
      const amount = call.args[1];
      const value = amount ? augmentedAssignment(target, op, text(amount, ctx), topOperator(amount)) : augmentedAssignment(target, op, "1");
      return [at(ctx, stmt.loc, { kind: "process", text: value })];
    }
    if (call.name === "assert" && call.prefix.length === 0 && (call.args.length === 1 || call.args.length === 2) && !ctx.routines.has("assert")) {
      // Like Python's assert: nothing when the condition holds, else the exception ends the run.
      const node = at(ctx, stmt.loc, { kind: "if", cond: condText(call.args[0]!, ctx), then: { stmts: [] } }) as Extract<Node, { kind: "if" }>;
      const raise = errorText(call.args[1] ? `EAssertionFailed(${args[1]})` : "EAssertionFailed", ctx.texts);
      node.else = { stmts: [at(ctx, stmt.loc, { kind: "terminal", text: raise })] };
      return [node];
    }
    if (ctx.routines.has(call.name)) return [callNode(ctx, stmt.loc, text(stmt.expr, ctx))];
  }
  return [at(ctx, stmt.loc, { kind: "process", text: text(stmt.expr, ctx) })];
}

/** `Format('%s: %.2f', [FName, Area])` kept as a value: the concatenation of its pieces (format-string.ts), as in the other languages. */
function builtString(value: string, ctx: MapContext): string {
  if (ctx.asWritten) return value;
  const pieces = formattedPascal(value);
  return pieces.length > 1 ? (concatenation(pieces) ?? value) : value;
}

/** `target := value` (also inline `var target := value`). */
function assignment(loc: Loc, target: Expr, op: string, value: Expr, ctx: MapContext): Node {
  const targetText = text(target, ctx);
  const call = callParts(value);
  if (call && READ_FUNCTION.test(call.name)) {
    return at(ctx, loc, { kind: "io", text: `${ctx.texts.inWord} ${targetText.replace(/^\((.*)\)$/, "$1")}` });
  }
  const valueText = builtString(text(value, ctx), ctx);
  if (op !== ":=") {
    return at(ctx, loc, { kind: "process", text: augmentedAssignment(targetText, op, valueText, topOperator(value)) });
  }
  const line = `${targetText} := ${valueText}`;
  if (call && ctx.routines.has(call.name)) return callNode(ctx, loc, line);
  return at(ctx, loc, { kind: "process", text: line });
}

function forCond(stmt: Extract<Stmt, { k: "for" }>, ctx: MapContext): string {
  const head = `${text(stmt.variable, ctx)} := ${text(stmt.from, ctx)}, ${text(stmt.to, ctx)}`;
  if (stmt.step) {
    const step = text(stmt.step, ctx);
    if (!stmt.down) return step === "1" ? head : `${head}, ${step}`;
    return `${head}, ${/^\d+$/.test(step) ? `-${step}` : `-(${step})`}`;
  }
  return stmt.down ? `${head}, -1` : head;
}

/** Pascal reads typed values (`ReadLn(n)` of an integer fails on letters); comments are gone by now. */
const PASCAL_TRY: Omit<TryLanguage, "callsOwn"> = { comments: /(?!)/g, typedReads: true };

/** The chart texts of a statement's symbols: what exceptions.ts classifies (Pascal keeps no source text). */
function symbolTexts(nodes: readonly Node[]): string {
  return nodes.map((n) => ("text" in n ? n.text : "cond" in n ? n.cond : "")).join("\n");
}

/**
 * try … except (`on E: T do` handlers, plain statements = a catch-all, `else` = the catch-all
 * after the handlers) … end → a decision at the statement that can fail (exceptions.ts);
 * try … finally … end → the body, then the finally part.
 */
function tryStatementNodes(stmt: Extract<Stmt, { k: "try" }>, ctx: MapContext, depth: number): Node[] {
  const inner = depth + 1;
  const steps = stmt.body.map((s) => {
    const nodes = mapStatement(s, ctx, inner);
    return { nodes, source: symbolTexts(nodes) };
  });
  const handlers = (stmt.handlers ?? []).map((h) => ({ types: [text(h.type, ctx).replace(/^.*:\s*/, "")], body: blockOf(h.body, ctx, inner).stmts }));
  const catchAll = stmt.handlers && stmt.handlers.length > 0 ? stmt.exceptElse : stmt.except;
  if (catchAll) handlers.push({ types: [], body: mapBlock(catchAll, ctx, inner).stmts });
  const routines = ctx.routines;
  const lang = { ...PASCAL_TRY, callsOwn: (source: string) => callsAnyOf(routines)(source.toLowerCase()) };
  const decision = (cond: string) => at(ctx, stmt.loc, { kind: "if", cond, then: { stmts: [] } }) as Extract<Node, { kind: "if" }>;
  const final = stmt.finally ? mapBlock(stmt.finally, ctx, depth).stmts : [];
  return tryNodes(steps, handlers, [], final, ctx.texts, lang, decision);
}

export function mapStatement(stmt: Stmt, ctx: MapContext, depth: number): Node[] {
  switch (stmt.k) {
    case "simple":
      return simpleStatement(stmt, ctx);
    case "assign":
      return [assignment(stmt.loc, stmt.target, stmt.op, stmt.value, ctx)];
    case "vardecl":
      return stmt.value ? [assignment(stmt.loc, stmt.names, ":=", stmt.value, ctx)] : [];
    case "compound":
      return mapBlock(stmt.body, ctx, depth).stmts;
    case "if": {
      const node = at(ctx, stmt.loc, {
        kind: "if",
        cond: condText(stmt.cond, ctx),
        then: blockOf(stmt.then, ctx, depth + 1),
      }) as Extract<Node, { kind: "if" }>;
      if (stmt.else) node.else = blockOf(stmt.else, ctx, depth + 1);
      return [node];
    }
    case "case": {
      const node = at(ctx, stmt.loc, { kind: "switch", cond: condText(stmt.expr, ctx), cases: [] as SwitchCase[] }) as Extract<
        Node,
        { kind: "switch" }
      >;
      for (const arm of stmt.arms) {
        node.cases.push({
          label: arm.labels.map((l) => text(l, ctx)).join(", "),
          body: blockOf(arm.body, ctx, depth + 1),
          loc: { line: arm.loc.line, col: arm.loc.col },
        });
      }
      if (stmt.otherwise) node.default = mapBlock(stmt.otherwise, ctx, depth + 1);
      return [node];
    }
    case "for":
      return [at(ctx, stmt.loc, { kind: "for", cond: forCond(stmt, ctx), body: blockOf(stmt.body, ctx, depth + 1) })];
    case "forin":
      return [
        at(ctx, stmt.loc, {
          kind: "for",
          cond: `${text(stmt.variable, ctx)} ${ctx.texts.forEachWord} ${text(stmt.collection, ctx)}`,
          body: blockOf(stmt.body, ctx, depth + 1),
        }),
      ];
    case "loop":
      return [at(ctx, stmt.loc, { kind: "for", cond: `_ := 1, ${text(stmt.count, ctx)}`, body: blockOf(stmt.body, ctx, depth + 1) })];
    case "while":
      if (literalBool(stmt.cond) === true) return [whileTrue(stmt, ctx, depth)];
      return [at(ctx, stmt.loc, { kind: "while", cond: condText(stmt.cond, ctx), body: blockOf(stmt.body, ctx, depth + 1) })];
    case "repeat":
      // `repeat … until false` never ends by its test: an infinite loop.
      if (literalBool(stmt.cond) === false) return [at(ctx, stmt.loc, { kind: "infloop", body: mapBlock(stmt.body, ctx, depth + 1) })];
      return [
        at(ctx, stmt.loc, { kind: "dowhile", cond: condText(stmt.cond, ctx), until: true, body: mapBlock(stmt.body, ctx, depth + 1) }),
      ];
    case "with":
      return [at(ctx, stmt.loc, { kind: "process", text: `with ${text(stmt.objects, ctx)}` }), ...blockOf(stmt.body, ctx, depth).stmts];
    case "goto":
      return [at(ctx, stmt.loc, { kind: "connector", text: stmt.label, jump: true })];
    case "label":
      return [at(ctx, stmt.loc, { kind: "connector", text: stmt.label }), ...blockOf(stmt.stmt, ctx, depth).stmts];
    case "try":
      return tryStatementNodes(stmt, ctx, depth);
    case "unread":
      return [at(ctx, stmt.loc, { kind: "process", text: stmt.text })];
    case "raise":
      return [at(ctx, stmt.loc, { kind: "terminal", text: errorText(stmt.expr.length ? text(stmt.expr, ctx) : "", ctx.texts) })];
    case "asm":
      return [at(ctx, stmt.loc, { kind: "process", text: "asm" })];
  }
}

