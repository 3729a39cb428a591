/**
 * Simple C/C++ statements → symbols: expression statements (assignment, ++/--, calls, console
 * I/O), declarations, return, throw, exit().
 */
import { hasNoEffect } from "../no-effect.ts";
import { errorText } from "../exceptions.ts";
import type { Node } from "../../tree/schema.ts";
import type { SyntaxNode as TsNode } from "../tree-sitter.ts";
import { at, type BuildContext } from "./context.ts";
import { calleeName, ioText } from "./io.ts";
import { exprText, statementText, unwrap } from "./text.ts";
import { returnNodes } from "../chart-context.ts";
import { ASSIGN } from "../../text/notation.ts";

const EXIT_CALLS = new Set(["exit", "_exit", "abort", "quick_exit", "_Exit"]);

/** The name a call refers to, as looked up among the source's functions. */
function userCallee(call: TsNode): string[] {
  const fn = call.childForFieldName("function");
  if (!fn) return [];
  if (fn.type === "identifier") return [fn.text];
  if (fn.type === "qualified_identifier") {
    const full = fn.text.replace(/\s+/g, "");
    return [full, full.split("::").pop() ?? full];
  }
  if (fn.type === "field_expression") {
    const field = fn.childForFieldName("field");
    return field ? [field.text] : [];
  }
  if (fn.type === "template_function") {
    const name = fn.childForFieldName("name");
    return name ? [name.text] : [];
  }
  return [];
}

/** Is `node` (unwrapped) a call of a function defined in the source? */
export function isUserCall(node: TsNode, ctx: BuildContext): boolean {
  const call = unwrap(node);
  if (call.type !== "call_expression") return false;
  return userCallee(call).some((name) => ctx.functions.has(name));
}

function callNode(stmt: TsNode, text: string, ctx: BuildContext): Node {
  return at(ctx, stmt, { kind: ctx.options.callAsProcess ? "process" : "call", text });
}

/** A process, or a call when the right side / expression is a user call. */
function processOrCall(stmt: TsNode, value: TsNode | null | undefined, text: string, ctx: BuildContext): Node {
  if (value && isUserCall(value, ctx)) return callNode(stmt, text, ctx);
  return at(ctx, stmt, { kind: "process", text });
}

/** An expression (statement level) → one node, or none for an empty statement. */
export function expressionNode(stmt: TsNode, expr: TsNode, ctx: BuildContext): Node | null {
  const n = unwrap(expr);
  const io = ioText(n, ctx);
  if (io !== undefined) {
    return at(ctx, stmt, { kind: "io", text: io });
  }
  if (n.type === "call_expression") {
    const name = calleeName(n);
    if (name && EXIT_CALLS.has(name)) return at(ctx, stmt, { kind: "terminal", text: ctx.texts.endText });
    return processOrCall(stmt, n, exprText(n, ctx), ctx);
  }
  if (n.type === "assignment_expression") {
    return processOrCall(stmt, n.childForFieldName("right"), statementText(n, ctx), ctx);
  }
  if (n.type === "string_literal" || n.type === "concatenated_string") return null;
  return at(ctx, stmt, { kind: "process", text: statementText(n, ctx) });
}

export function expressionStatement(stmt: TsNode, ctx: BuildContext): Node | null {
  const named = stmt.namedChildren.filter((c) => c.type !== "comment");
  if (named.length === 0) return null; // `;`
  if (named.length !== 1) return at(ctx, stmt, { kind: "process", text: exprText(stmt, ctx) });
  if (hasNoEffect(named[0]!)) return null;
  return expressionNode(stmt, named[0]!, ctx);
}

const DECLARATOR_FIELD = "declarator";

/**
 * `int a = 1, b;` → process `int a := 1` (declarators without initializer dropped); none when
 * nothing is initialised. `int c = getchar();` → input; `int r = f(x);` with f user-defined → call.
 */
const POINTER_DECLARATORS = new Set(["pointer_declarator", "reference_declarator"]);

/** `x = v` of a declaration; a pointer/reference declarator (`*p = v`, `&r = v`) as its bare name. */
function initText(init: TsNode, ctx: BuildContext): string {
  let name = init.childForFieldName("declarator");
  const value = init.childForFieldName("value");
  if (!name || !value || !POINTER_DECLARATORS.has(name.type)) return exprText(init, ctx);
  for (let i = 0; i < 100 && POINTER_DECLARATORS.has(name.type); i++) {
    name = name.childForFieldName("declarator") ?? name.namedChildren.find((c) => c.type !== "comment" && c.type !== "type_qualifier") ?? name;
  }
  return `${exprText(name, ctx)} ${ASSIGN} ${exprText(value, ctx)}`;
}

export function declaration(stmt: TsNode, ctx: BuildContext): Node | null {
  const declarators = stmt.childrenForFieldName(DECLARATOR_FIELD);
  const initialised = declarators.filter((d) => d.type === "init_declarator");
  if (initialised.length === 0) return null;
  // `int n := 5` at most: qualifiers are dropped (text.ts), and a pointer or reference declarator
  // (`const char *o = …`) shows only its name — `o := …` — as a student writes it.
  const pointers = initialised.some((d) => POINTER_DECLARATORS.has(d.childForFieldName("declarator")?.type ?? ""));
  const type = stmt.childForFieldName("type");
  const typeParts = ctx.stripTypes || pointers || !type ? [] : [exprText(type, ctx)];
  const parts = initialised.map((d) => initText(d, ctx));
  const prefix = typeParts.length ? `${typeParts.join(" ")} ` : "";
  const text = `${prefix}${parts.join(", ")}`;
  if (initialised.length === 1) {
    const value = initialised[0]!.childForFieldName("value");
    const name = initialised[0]!.childForFieldName("declarator");
    const call = value ? unwrap(value) : undefined;
    if (call?.type === "call_expression" && name) {
      const callee = calleeName(call);
      if (callee === "getchar" || callee === "getch" || callee === "_getch" || callee === "cin.get") {
        return at(ctx, stmt, { kind: "io", text: `${ctx.texts.inWord} ${exprText(name, ctx)}` });
      }
    }
    return processOrCall(stmt, value, text, ctx);
  }
  return at(ctx, stmt, { kind: "process", text });
}

/** `return` → terminal (or output + terminal with returnAsIO); in main any return ends the program. */
export function returnStatement(stmt: TsNode, ctx: BuildContext): Node[] {
  const value = stmt.namedChildren.find((c) => c.type !== "comment");
  return returnNodes(ctx, stmt, value && !ctx.isMain ? exprText(value, ctx) : null);
}

/** `throw x` → terminal `throw x`. */
export function throwStatement(stmt: TsNode, ctx: BuildContext): Node {
  const value = stmt.namedChildren.find((c) => c.type !== "comment");
  return at(ctx, stmt, { kind: "terminal", text: errorText(value ? exprText(value, ctx) : "", ctx.texts) });
}
