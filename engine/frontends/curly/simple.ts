/**
 * Simple statements of the curly languages → symbols: declarations (process / input io / call),
 * expression statements (assignments, increments, console output and input, exit, calls), Go's
 * declarations and assignment statements, PHP's `echo`, return.
 */
import { hasNoEffect } from "../no-effect.ts";
import type { Node } from "../../tree/schema.ts";
import type { SyntaxNode as TsNode } from "../tree-sitter.ts";
import { at, COMMENT_TYPES, named, unparen, type BuildContext } from "./context.ts";
import { callParts, containsInput, isCall, isExitCall, isInputCall, isUserCall, outputArgs, outTarget, printedValue, scanTargets } from "./io.ts";
import { exprText, statementText, updateText } from "./text.ts";
import { returnedInputNodes, returnNodes } from "../chart-context.ts";
import { inputText, outputText } from "../io-text.ts";
import { errorText } from "../exceptions.ts";

/** Declared variable names and values of a declaration (`int a = 1, b;` → [a, 1], [b, null]). */
function declarators(decl: TsNode): { decl: TsNode; name: TsNode | null; value: TsNode | null }[] {
  return named(decl)
    .filter((c) => c.type === "variable_declarator")
    .map((d) => {
      const name = d.childForFieldName("name") ?? named(d)[0] ?? null;
      let value = d.childForFieldName("value");
      if (!value) {
        // C#: the value is the named child after `=`.
        const eq = d.children.findIndex((c) => !c.isNamed && c.type === "=");
        if (eq >= 0) value = d.children.slice(eq + 1).find((c) => c.isNamed && !COMMENT_TYPES.has(c.type)) ?? null;
      }
      return { decl: d, name, value };
    });
}

/** Names of the variables a declaration declares (for the reader scan). */
export function declaredNames(decl: TsNode): string[] {
  return declarators(decl).flatMap((d) => (d.name ? [d.name.text] : []));
}

/**
 * `int x = 5;` → process `int x := 5` (no node without initializer); an initializer reading input
 * → io `Ввід x`; a value that is a call of a method of the source → call.
 */
export function declaration(stmt: TsNode, decl: TsNode, ctx: BuildContext): Node[] {
  const all = declarators(decl);
  // `const f = (x) => …`: a named function, drawn as a chart of its own (javascript/index.ts).
  const init = all.filter((d) => d.value && !isFunctionValue(d.value));
  if (init.length === 0) return [];
  const typeNode = decl.childForFieldName("type");
  const typeText = typeNode && !ctx.stripTypes ? `${exprText(typeNode, ctx)} ` : "";
  const inputs = init.filter((d) => containsInput(d.value!, ctx));
  const others = init.filter((d) => !inputs.includes(d));
  const out: Node[] = [];
  if (others.length > 0) {
    const text = typeText + others.map((d) => exprText(d.decl, ctx)).join(", ");
    const single = others.length === 1 ? unparen(others[0]!.value!) : null;
    const kind = single && isUserCall(single, ctx) ? callKind(ctx) : "process";
    out.push(at(ctx, stmt, { kind, text }));
  }
  if (inputs.length > 0) {
    const names = inputs.map((d) => (d.name ? exprText(d.name, ctx) : "")).join(", ");
    out.push(at(ctx, stmt, { kind: "io", text: `${ctx.texts.inWord} ${names}` }));
  }
  return out;
}

/** JavaScript / TypeScript function values: a variable holding one names a function. */
const FUNCTION_VALUES: ReadonlySet<string> = new Set(["arrow_function", "function_expression", "function", "generator_function"]);

export function isFunctionValue(node: TsNode): boolean {
  return FUNCTION_VALUES.has(unparen(node).type);
}

/** Go: `sc.Scan()` of a bufio Scanner reading the console. */
function isScannerAdvance(call: TsNode, ctx: BuildContext): boolean {
  const { receiver, name } = callParts(call);
  return ctx.lang === "go" && name === "Scan" && receiver?.type === "identifier" && ctx.readers.has(receiver.text);
}

/** An assignment of targets from values (Go's `a, b := f()`, `x = y`): an input, a call of the program's own, or a process. */
function assigned(stmt: TsNode, targets: TsNode | null, values: TsNode | null, ctx: BuildContext): Node {
  const single = values && named(values).length === 1 ? core(named(values)[0]!) : null;
  if (targets && values && containsInput(values, ctx)) {
    // `_, err := fmt.Scan(&n)` reads n.
    const scanned = single && isCall(single) ? scanTargets(single, ctx).map((n) => exprText(n, ctx)) : [];
    return at(ctx, stmt, { kind: "io", text: `${ctx.texts.inWord} ${scanned.length > 0 ? scanned.join(", ") : goTargets(targets, ctx)}` });
  }
  const kind = single && isUserCall(single, ctx) ? callKind(ctx) : "process";
  return at(ctx, stmt, { kind, text: exprText(stmt, ctx) });
}

/** Go: the targets of a read, without the blank identifier (`_, err := …`). */
function goTargets(list: TsNode, ctx: BuildContext): string {
  const names = (list.type === "expression_list" ? named(list) : [list]).filter((n) => n.text !== "_" && n.text !== "err");
  return names.map((n) => exprText(n, ctx)).join(", ");
}

/**
 * Go declarations: `a, b := f()` and `var n int = 5` / `const k = 3` (each spec with a value; a
 * spec without one, `var n int`, draws nothing, like a C declaration without a value).
 */
export function goDeclaration(stmt: TsNode, ctx: BuildContext): Node[] {
  if (stmt.type === "short_var_declaration") return [assigned(stmt, stmt.childForFieldName("left"), stmt.childForFieldName("right"), ctx)];
  const specs: TsNode[] = [];
  for (const c of named(stmt)) {
    if (c.type === "var_spec" || c.type === "const_spec") specs.push(c);
    else if (c.type === "var_spec_list" || c.type === "const_spec_list") specs.push(...named(c).filter((s) => s.type === "var_spec" || s.type === "const_spec"));
  }
  return specs.filter((spec) => spec.childForFieldName("value")).map((spec) => {
    const names = spec.childrenForFieldName("name");
    const value = spec.childForFieldName("value");
    if (value && containsInput(value, ctx)) return at(ctx, spec, { kind: "io", text: `${ctx.texts.inWord} ${names.map((n) => n.text).join(", ")}` });
    return assigned(spec, null, value, ctx);
  });
}

/** Go `x = e`, `x += e`, `a, b = b, a`, `i++`, `i--`. */
export function goAssignment(stmt: TsNode, ctx: BuildContext): Node[] {
  const update = updateText(stmt, ctx);
  if (update !== undefined) return [at(ctx, stmt, { kind: "process", text: update })];
  return [assigned(stmt, stmt.childForFieldName("left"), stmt.childForFieldName("right"), ctx)];
}

/** PHP `echo a, b;` → output of each value (a concatenation or an interpolated string as its items). */
export function echoStatement(stmt: TsNode, ctx: BuildContext): Node {
  const values = named(stmt).flatMap((c) => (c.type === "sequence_expression" ? sequenceItems(c) : [c]));
  return at(ctx, stmt, { kind: "io", text: outputText(ctx.texts, values.flatMap((v) => printedValue(v, ctx))) });
}

/** `a, b, c` of a PHP sequence expression (nested to the right), iteratively. */
function sequenceItems(node: TsNode): TsNode[] {
  const out: TsNode[] = [];
  let n: TsNode | undefined = node;
  for (let i = 0; n && i < 100000; i++) {
    if (n.type !== "sequence_expression") {
      out.push(n);
      break;
    }
    const parts: TsNode[] = named(n);
    out.push(...parts.slice(0, -1));
    n = parts[parts.length - 1];
  }
  return out;
}

function callKind(ctx: BuildContext): "call" | "process" {
  return ctx.options.callAsProcess ? "process" : "call";
}

/** Unwrap parentheses and `await`. */
function core(node: TsNode): TsNode {
  let n = unparen(node);
  for (let i = 0; i < 100 && n.type === "await_expression"; i++) {
    const inner = named(n)[0];
    if (!inner) break;
    n = unparen(inner);
  }
  return n;
}

/** One expression (statement or for-update) → one node, or null for nothing to draw. */
export function expressionNode(stmt: TsNode, expr: TsNode, ctx: BuildContext): Node | null {
  const e = core(expr);
  const t = ctx.texts;
  if (e.type === "exit_statement") return at(ctx, stmt, { kind: "terminal", text: t.endText });
  // PHP 8 `throw` is an expression.
  if (e.type === "throw_expression") {
    const value = named(e)[0];
    return at(ctx, stmt, { kind: "terminal", text: errorText(value ? exprText(value, ctx) : "", t) });
  }
  if (e.type === "assignment_expression" || e.type === "augmented_assignment_expression") {
    const left = e.childForFieldName("left");
    const right = e.childForFieldName("right");
    if (left && right && containsInput(right, ctx)) {
      return at(ctx, stmt, { kind: "io", text: `${t.inWord} ${exprText(left, ctx)}` });
    }
    const op = e.type === "assignment_expression" ? (e.childForFieldName("operator")?.type ?? "=") : undefined;
    const kind = op === "=" && right && isUserCall(core(right), ctx) ? callKind(ctx) : "process";
    return at(ctx, stmt, { kind, text: statementText(e, ctx) });
  }
  const update = updateText(e, ctx);
  if (update !== undefined) return at(ctx, stmt, { kind: "process", text: update });
  if (isCall(e)) {
    const out = outputArgs(e, ctx);
    if (out) return at(ctx, stmt, { kind: "io", text: outputText(t, out) });
    if (isInputCall(e, ctx)) return at(ctx, stmt, { kind: "io", text: inputText(t, scanTargets(e, ctx).map((n) => exprText(n, ctx))) });
    // Go: a bufio Scanner's `Scan()` only fetches the line its `Text()` then reads (the input).
    if (isScannerAdvance(e, ctx)) return null;
    if (isExitCall(e, ctx)) return at(ctx, stmt, { kind: "terminal", text: t.endText });
    if (isUserCall(e, ctx)) return at(ctx, stmt, { kind: callKind(ctx), text: exprText(e, ctx) });
    // Wrapped input: `int.TryParse(Console.ReadLine(), out n);` → Ввід n; else without target.
    if (containsInput(e, ctx)) {
      const target = outTarget(e);
      return at(ctx, stmt, { kind: "io", text: inputText(t, target ? [exprText(target, ctx)] : []) });
    }
  }
  return at(ctx, stmt, { kind: "process", text: statementText(e, ctx) });
}

export function expressionStatement(stmt: TsNode, ctx: BuildContext): Node | null {
  const parts = named(stmt);
  if (parts.length !== 1) return at(ctx, stmt, { kind: "process", text: exprText(stmt, ctx) });
  if (hasNoEffect(parts[0]!)) return null;
  return expressionNode(stmt, parts[0]!, ctx);
}

/** `return` → terminal (or output + terminal with returnAsIO); in main the End terminator. */
export function returnStatement(stmt: TsNode, ctx: BuildContext, valueNode?: TsNode): Node[] {
  const value = valueNode ?? named(stmt)[0];
  // In main any return ends the program (`return 0;` of C# `int Main` / top-level code), as in C.
  if (value && !ctx.isMain && containsInput(value, ctx)) return returnedInputNodes(ctx, stmt);
  return returnNodes(ctx, stmt, value && !ctx.isMain ? exprText(value, ctx) : null);
}

