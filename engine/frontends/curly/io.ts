/**
 * Calls with a meaning of their own in Java / C#: console input (Scanner / BufferedReader /
 * JOptionPane.showInputDialog / Console.ReadLine), console output (System.out.print… /
 * JOptionPane.showMessageDialog / Console.Write…), program exit
 * (System.exit / Environment.Exit), and calls of methods defined in the source.
 */
import type { SyntaxNode as TsNode } from "../tree-sitter.ts";
import { named, unparen, type BuildContext } from "./context.ts";
import { exprText, STRING_TYPES } from "./text.ts";
import { concatenationItems } from "../code-notation.ts";
import { interpolationItems, isInterpolated } from "../interpolation.ts";
import { FORMAT_CALLS, formatPieces, hasConversions, quotedInside, type FormatStyle } from "../format-string.ts";

const JAVA_INPUT_METHODS = new Set([
  "next", "nextLine", "nextInt", "nextDouble", "nextFloat", "nextLong", "nextShort", "nextByte",
  "nextBoolean", "nextBigInteger", "nextBigDecimal", "readLine", "read",
]);
/** Java types whose variables are input readers. */
export const JAVA_READER_TYPES = new Set(["Scanner", "BufferedReader", "Console", "InputStreamReader", "DataInputStream"]);
const CS_INPUT_METHODS = new Set(["ReadLine", "Read", "ReadKey"]);
const JAVA_OUTPUT_METHODS = new Set(["print", "println", "printf", "format"]);
const CS_OUTPUT_METHODS = new Set(["Write", "WriteLine"]);
const CS_CONSOLE_OUT = new Set(["Console", "System.Console", "Console.Out", "System.Console.Out", "Console.Error"]);

const compact = (node: TsNode): string => node.text.replace(/\s+/g, "");

export function isCall(node: TsNode): boolean {
  return node.type === "method_invocation" || node.type === "invocation_expression";
}

/** Receiver text and method name of a call: `a.b.c(…)` → ["a.b", "c"]; `f(…)` → [null, "f"]. */
export function callParts(call: TsNode): { receiver: TsNode | null; name: string | undefined } {
  if (call.type === "method_invocation") {
    return { receiver: call.childForFieldName("object"), name: call.childForFieldName("name")?.text };
  }
  let fn = call.childForFieldName("function");
  if (!fn) return { receiver: null, name: undefined };
  if (fn.type === "member_access_expression") {
    let nameNode = fn.childForFieldName("name");
    if (nameNode?.type === "generic_name") nameNode = named(nameNode)[0] ?? nameNode;
    return { receiver: fn.childForFieldName("expression"), name: nameNode?.text };
  }
  if (fn.type === "generic_name") fn = named(fn)[0] ?? fn;
  return { receiver: null, name: fn.type === "identifier" ? fn.text : undefined };
}

/** Call arguments (C# `argument` wrappers kept: their text is the argument's text). */
export function callArgs(call: TsNode): TsNode[] {
  return named(call.childForFieldName("arguments"));
}

export function isInputCall(call: TsNode, ctx: BuildContext): boolean {
  if (!isCall(call)) return false;
  const { receiver, name } = callParts(call);
  if (ctx.lang === "csharp" && !receiver && ctx.staticConsole) return name !== undefined && CS_INPUT_METHODS.has(name);
  if (!name || !receiver) return false;
  if (ctx.lang === "csharp") {
    const r = compact(receiver);
    return CS_INPUT_METHODS.has(name) && (r === "Console" || r === "System.Console");
  }
  if (name === "showInputDialog") return /^(javax\.swing\.)?JOptionPane$/.test(compact(receiver));
  if (!JAVA_INPUT_METHODS.has(name)) return false;
  const r = unparen(receiver);
  if (r.type === "identifier") return ctx.readers.has(r.text);
  if (r.type === "object_creation_expression") {
    const type = r.childForFieldName("type")?.text ?? "";
    return JAVA_READER_TYPES.has(type.replace(/<.*$/s, ""));
  }
  const text = compact(r);
  return text === "System.console()" || text === "System.in" || (r.type === "field_access" && ctx.readers.has(text.replace(/^this\./, "")));
}

/**
 * C#: the variable an input call fills through an `out` argument (`int.TryParse(Console.ReadLine(),
 * out n)` → n), or undefined.
 */
export function outTarget(call: TsNode): TsNode | undefined {
  for (const arg of callArgs(call)) {
    if (!arg.children.some((c) => !c.isNamed && c.type === "out")) continue;
    const value = named(arg).pop();
    if (!value) continue;
    if (value.type === "declaration_expression") return value.childForFieldName("name") ?? named(value).pop();
    return value;
  }
  return undefined;
}

/** Does the expression contain an input call? (iterative; lambdas and strings not searched) */
export function containsInput(root: TsNode, ctx: BuildContext): boolean {
  const stack: TsNode[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (isCall(node) && isInputCall(node, ctx)) return true;
    if (node.type === "lambda_expression" || node.type === "anonymous_method_expression") continue;
    for (const child of node.namedChildren) stack.push(child);
  }
  return false;
}

/** The expression of an argument (C# wraps it in an `argument` node). */
const argValue = (arg: TsNode): TsNode => unparen(arg.type === "argument" ? (named(arg)[0] ?? arg) : arg);

/** The inside of a plain string literal argument, or undefined. */
function literalArg(arg: TsNode): string | undefined {
  const value = argValue(arg);
  return value.type === "string_literal" ? quotedInside(value.text) : undefined;
}

/** The printed pieces of format string `args[0]` applied to the other arguments, or undefined when it is none. */
function formatted(args: TsNode[], style: FormatStyle, ctx: BuildContext): string[] | undefined {
  const inside = args[0] ? literalArg(args[0]) : undefined;
  if (inside === undefined || args.length < 2 || !hasConversions(inside, style)) return undefined;
  return formatPieces(inside, args.slice(1).map((a) => exprText(a, ctx)), style);
}

const plusOperands = (node: TsNode): [TsNode, TsNode] | undefined => {
  const left = node.childForFieldName("left");
  const right = node.childForFieldName("right");
  return node.type === "binary_expression" && left && right && node.childForFieldName("operator")?.type === "+" ? [left, right] : undefined;
};
const isStringValue = (node: TsNode) => STRING_TYPES.has(node.type);

/**
 * A printed value: a format call or an interpolated string as its pieces, a string concatenation as
 * its operands (code-notation.ts), anything else as its text.
 */
function printedValue(arg: TsNode, ctx: BuildContext): string[] {
  const parts = ctx.asWritten ? [argValue(arg)] : concatenationItems(argValue(arg), plusOperands, isStringValue);
  return parts.length === 1 ? printedOperand(parts[0]!, ctx) : parts.flatMap((p) => printedOperand(p, ctx));
}

function printedOperand(arg: TsNode, ctx: BuildContext): string[] {
  const value = argValue(arg);
  if (isInterpolated(value)) return interpolationItems(value, (e) => exprText(e, ctx));
  if (isCall(value)) {
    const { receiver, name } = callParts(value);
    const style = receiver && name ? FORMAT_CALLS[`${compact(receiver)}.${name}`] : undefined;
    const pieces = style ? formatted(callArgs(value), style, ctx) : undefined;
    if (pieces) return pieces;
  }
  return [exprText(arg, ctx)];
}

/** The output texts of an output call, or undefined when the call is no console output. */
export function outputArgs(call: TsNode, ctx: BuildContext): string[] | undefined {
  if (!isCall(call)) return undefined;
  const { receiver, name } = callParts(call);
  if (!name) return undefined;
  const staticConsole = ctx.lang === "csharp" && !receiver && ctx.staticConsole;
  if (!receiver && !staticConsole) return undefined;
  const r = staticConsole ? "Console" : compact(receiver!);
  const args = callArgs(call);
  if (ctx.lang === "java") {
    // Swing dialogs of beginner labs: `JOptionPane.showMessageDialog(null, message)`.
    if (name === "showMessageDialog" && /^(javax\.swing\.)?JOptionPane$/.test(r)) return args.slice(1, 2).flatMap((a) => printedValue(a, ctx));
    if (!JAVA_OUTPUT_METHODS.has(name) || (r !== "System.out" && r !== "System.err")) return undefined;
    if (name === "printf" || name === "format") {
      const pieces = formatted(args, "printf", ctx);
      if (pieces) return pieces;
    }
  } else {
    if (!CS_OUTPUT_METHODS.has(name) || !CS_CONSOLE_OUT.has(r)) return undefined;
    // Composite format `Console.WriteLine("{0} {1}", a, b)`.
    const pieces = formatted(args, "braces", ctx);
    if (pieces) return pieces;
  }
  return args.flatMap((a) => printedValue(a, ctx));
}

export function isExitCall(call: TsNode, ctx: BuildContext): boolean {
  if (!isCall(call)) return false;
  const { receiver, name } = callParts(call);
  if (!receiver) return false;
  const r = compact(receiver);
  return ctx.lang === "java" ? name === "exit" && r === "System" : name === "Exit" && (r === "Environment" || r === "System.Environment");
}

/** Is `call` a call of a method defined in the source? */
export function isUserCall(call: TsNode, ctx: BuildContext): boolean {
  if (!isCall(call)) return false;
  const { name } = callParts(call);
  if (outputArgs(call, ctx) || isInputCall(call, ctx)) return false;
  return name !== undefined && ctx.methods.has(name);
}
