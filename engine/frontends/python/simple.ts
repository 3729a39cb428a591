/**
 * Simple Python statements → symbols: assignments (process / input io / call), print (output io),
 * calls (call or process), exit()/sys.exit()/quit() (terminal), return, raise, del.
 */
import { hasNoEffect } from "../no-effect.ts";
import { errorText } from "../exceptions.ts";
import type { SyntaxNode as TsNode } from "../tree-sitter.ts";
import type { Node } from "../../tree/schema.ts";
import { at, type BuildContext } from "./context.ts";
import { exprText } from "./expressions/text.ts";
import { interpolationItems, isInterpolated } from "../interpolation.ts";
import { returnedInputNodes, returnNodes } from "../chart-context.ts";
import { concatenationItems } from "../code-notation.ts";
import { inputText, outputText } from "../io-text.ts";
import { fileStepText } from "../file-io.ts";
import { formatted, unwrap } from "./expressions/formatted.ts";

const EXIT_CALLS = new Set(["exit", "quit", "sys.exit", "os._exit"]);

/** The callee name of a call node: `f` or `a.b.c`. */
function calleeName(call: TsNode): string | undefined {
  const fn = call.childForFieldName("function");
  if (!fn) return undefined;
  if (fn.type === "identifier" || fn.type === "attribute") return fn.text.replace(/\s+/g, "");
  return undefined;
}


/** Is `call` a call of a function or method defined in the source? */
export function isUserCall(call: TsNode, ctx: BuildContext): boolean {
  const fn = call.childForFieldName("function");
  if (!fn) return false;
  if (fn.type === "identifier") return ctx.functions.has(fn.text);
  if (fn.type === "attribute") {
    const attr = fn.childForFieldName("attribute");
    return !!attr && ctx.methods.has(attr.text);
  }
  return false;
}

/** Does the expression contain a call of the builtin `input`? (iterative search) */
function containsInput(root: TsNode): boolean {
  const stack: TsNode[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.type === "call") {
      const fn = node.childForFieldName("function");
      if (fn?.type === "identifier" && fn.text === "input") return true;
    }
    if (node.type === "string" || node.type === "lambda") continue;
    for (const child of node.namedChildren) stack.push(child);
  }
  return false;
}

/** Targets of a (possibly chained) assignment, innermost value last. */
function assignmentParts(node: TsNode): { targets: TsNode[]; value: TsNode | null } {
  const targets: TsNode[] = [];
  let current: TsNode | null = node;
  for (let i = 0; i < 1000 && current; i++) {
    const left = current.childForFieldName("left");
    if (left) targets.push(left);
    const right: TsNode | null = current.childForFieldName("right");
    if (right?.type === "assignment") {
      current = right;
      continue;
    }
    return { targets, value: right };
  }
  return { targets, value: null };
}

const plusOperands = (node: TsNode): [TsNode, TsNode] | undefined => {
  const left = node.childForFieldName("left");
  const right = node.childForFieldName("right");
  return node.type === "binary_operator" && left && right && node.childForFieldName("operator")?.type === "+" ? [left, right] : undefined;
};
/** `str(x)`: the text of a value, printed as the value. */
const strArgument = (node: TsNode): TsNode | undefined => {
  if (node.type !== "call" || node.childForFieldName("function")?.text !== "str") return undefined;
  const args = node.childForFieldName("arguments")?.namedChildren.filter((c) => c.type !== "comment");
  return args?.length === 1 && args[0]!.type !== "keyword_argument" ? args[0] : undefined;
};
const isStringValue = (node: TsNode) => node.type === "string" || node.type === "concatenated_string" || strArgument(node) !== undefined;

/**
 * A printed value: an f-string or a format as its pieces, a string concatenation as its operands
 * (`"X1 = " + str(x1)` prints `"X1 = "`, `x1`; code-notation.ts), anything else as its text.
 */
export function printedValue(node: TsNode, ctx: BuildContext): string[] {
  if (ctx.asWritten) return printedOperand(node, ctx);
  const parts = concatenationItems(node, plusOperands, isStringValue);
  return parts.length === 1 ? printedOperand(node, ctx) : parts.flatMap((p) => printedOperand(strArgument(p) ?? p, ctx));
}

function printedOperand(node: TsNode, ctx: BuildContext): string[] {
  if (isInterpolated(node)) return interpolationItems(node, (e) => exprText(e, ctx));
  return formatted(node, (e) => exprText(e, ctx)) ?? [exprText(node, ctx)];
}

function callNode(stmt: TsNode, text: string, ctx: BuildContext): Node {
  return at(ctx, stmt, { kind: ctx.options.callAsProcess ? "process" : "call", text });
}

/** Node for a call used as a statement (`f(x)`, `print(…)`, `input()`, `exit()`). */
function callStatement(stmt: TsNode, call: TsNode, ctx: BuildContext): Node {
  const name = calleeName(call);
  const t = ctx.texts;
  if (name === "print") {
    const args = call.childForFieldName("arguments");
    const parts: string[] = [];
    let file: string | undefined;
    for (const a of args?.namedChildren ?? []) {
      if (a.type === "keyword_argument" && a.childForFieldName("name")?.text === "file") file = a.childForFieldName("value")?.text;
      else if (a.type !== "keyword_argument" && a.type !== "comment") parts.push(...printedValue(a, ctx));
    }
    // `print(x, file=f)` writes to the file f (file-io.ts's words); sys.stdout / sys.stderr is the console.
    if (file !== undefined && !/^sys\.std(?:out|err)$/.test(file)) return at(ctx, stmt, { kind: "io", text: fileStepText(t, { op: "write", file, items: parts }) });
    return at(ctx, stmt, { kind: "io", text: outputText(t, parts) });
  }
  if (name === "input") return at(ctx, stmt, { kind: "io", text: inputText(t, []) });
  // exit() ends the program, so it is the End terminator even inside a function.
  if (name && EXIT_CALLS.has(name)) return at(ctx, stmt, { kind: "terminal", text: t.endText });
  const text = exprText(stmt, ctx);
  if (isUserCall(call, ctx)) return callNode(stmt, text, ctx);
  return at(ctx, stmt, { kind: "process", text });
}

/** An expression statement → at most one node (docstrings and other bare strings → none). */
export function expressionStatement(stmt: TsNode, ctx: BuildContext): Node | null {
  const named = stmt.namedChildren.filter((c) => c.type !== "comment");
  if (named.length !== 1) return at(ctx, stmt, { kind: "process", text: exprText(stmt, ctx) });
  const expr = named[0]!;
  // Docstrings, a bare name, `...`: nothing happens (no-effect.ts) — but Python 2's bare `print` prints a line.
  if (hasNoEffect(expr) && expr.text !== "print") return null;
  switch (expr.type) {
    case "assignment":
      return assignment(stmt, expr, ctx);
    case "augmented_assignment": {
      const right = expr.childForFieldName("right");
      const left = expr.childForFieldName("left");
      if (right && left && containsInput(right)) {
        return at(ctx, stmt, { kind: "io", text: `${ctx.texts.inWord} ${exprText(left, ctx)}` });
      }
      return at(ctx, stmt, { kind: "process", text: exprText(stmt, ctx) });
    }
    default: {
      const inner = unwrap(expr);
      if (inner.type === "call") return callStatement(stmt, inner, ctx);
      // Python 2 `print` alone prints a line break.
      if (inner.type === "identifier" && inner.text === "print") return at(ctx, stmt, { kind: "io", text: outputText(ctx.texts, []) });
      return at(ctx, stmt, { kind: "process", text: exprText(stmt, ctx) });
    }
  }
}

function assignment(stmt: TsNode, expr: TsNode, ctx: BuildContext): Node | null {
  const { targets, value } = assignmentParts(expr);
  if (!value) {
    // Bare annotation `x: int`: nothing to draw once types are stripped.
    if (ctx.stripTypes) return null;
    return at(ctx, stmt, { kind: "process", text: exprText(stmt, ctx) });
  }
  if (containsInput(value)) {
    const names = targets.map((target) => exprText(target, ctx)).join(", ");
    return at(ctx, stmt, { kind: "io", text: `${ctx.texts.inWord} ${names}` });
  }
  const text = exprText(stmt, ctx);
  const inner = unwrap(value);
  if (inner.type === "call" && isUserCall(inner, ctx)) return callNode(stmt, text, ctx);
  return at(ctx, stmt, { kind: "process", text });
}

/** `return` → terminal (or output + terminal with returnAsIO); a returned input is read first (chart-context.ts). */
export function returnStatement(stmt: TsNode, ctx: BuildContext): Node[] {
  const value = stmt.namedChildren.find((c) => c.type !== "comment");
  if (value && containsInput(value)) return returnedInputNodes(ctx, stmt);
  return returnNodes(ctx, stmt, value ? exprText(value, ctx) : null);
}

/** `raise X(…)` → terminal with the source text; bare `raise` → terminal `raise`. */
export function raiseStatement(stmt: TsNode, ctx: BuildContext): Node {
  // `raise E("msg") from cause`: the exception made, not its cause (exceptions.ts).
  const value = stmt.namedChildren.find((c) => c.type !== "comment");
  return at(ctx, stmt, { kind: "terminal", text: errorText(value ? exprText(value, ctx) : "", ctx.texts) });
}
