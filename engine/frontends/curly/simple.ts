/**
 * Simple Java / C# statements → symbols: declarations (process / input io / call), expression
 * statements (assignments, increments, console output and input, exit, calls), return.
 */
import { hasNoEffect } from "../no-effect.ts";
import type { Node } from "../../tree/schema.ts";
import type { SyntaxNode as TsNode } from "../tree-sitter.ts";
import { at, COMMENT_TYPES, named, unparen, type BuildContext } from "./context.ts";
import { containsInput, isCall, isExitCall, isInputCall, isUserCall, outputArgs, outTarget } from "./io.ts";
import { exprText, statementText, updateText } from "./text.ts";
import { returnNodes } from "../chart-context.ts";
import { inputText, outputText } from "../io-text.ts";

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
  const init = all.filter((d) => d.value);
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
  if (e.type === "assignment_expression") {
    const left = e.childForFieldName("left");
    const right = e.childForFieldName("right");
    if (left && right && containsInput(right, ctx)) {
      return at(ctx, stmt, { kind: "io", text: `${t.inWord} ${exprText(left, ctx)}` });
    }
    const op = e.childForFieldName("operator")?.type;
    const kind = op === "=" && right && isUserCall(core(right), ctx) ? callKind(ctx) : "process";
    return at(ctx, stmt, { kind, text: statementText(e, ctx) });
  }
  const update = updateText(e, ctx);
  if (update !== undefined) return at(ctx, stmt, { kind: "process", text: update });
  if (isCall(e)) {
    const out = outputArgs(e, ctx);
    if (out) return at(ctx, stmt, { kind: "io", text: outputText(t, out) });
    if (isInputCall(e, ctx)) return at(ctx, stmt, { kind: "io", text: inputText(t, []) });
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
  return returnNodes(ctx, stmt, value && !ctx.isMain ? exprText(value, ctx) : null);
}

