/**
 * Calls with a meaning of their own in the curly languages: console input (Java Scanner /
 * BufferedReader / JOptionPane.showInputDialog, C# Console.ReadLine, JavaScript `prompt` /
 * `readline` / readline-sync's `question…`, Go `fmt.Scan…` and a bufio Scanner's or Reader's
 * reads, PHP `fgets(STDIN)` / `fscanf(STDIN, …)` / `readline`), console output (System.out.print…,
 * JOptionPane.showMessageDialog, Console.Write…, `console.log`, `process.stdout.write`, `alert`,
 * `fmt.Print…`, PHP `print` / `printf` / `print_r` / `var_dump`; PHP's `echo` is a statement,
 * simple.ts), program exit (System.exit, Environment.Exit, `process.exit`, `os.Exit`, `die`), and
 * calls of methods defined in the source.
 */
import type { SyntaxNode as TsNode } from "../tree-sitter.ts";
import { named, unparen, type BuildContext, type CurlyLang } from "./context.ts";
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

const CALL_TYPES: ReadonlySet<string> = new Set([
  "method_invocation", // Java
  "invocation_expression", // C#
  "call_expression", // JavaScript, TypeScript, Go
  "function_call_expression", "member_call_expression", "nullsafe_member_call_expression", "scoped_call_expression", "print_intrinsic", // PHP
]);

export function isCall(node: TsNode): boolean {
  return CALL_TYPES.has(node.type);
}

/** The receiver and the member of `a.b` in each grammar (C# member access, JS member, Go selector). */
const MEMBER_FIELDS: Readonly<Record<string, readonly [string, string]>> = {
  member_access_expression: ["expression", "name"],
  member_expression: ["object", "property"],
  selector_expression: ["operand", "field"],
};

/** Receiver text and method name of a call: `a.b.c(…)` → ["a.b", "c"]; `f(…)` → [null, "f"]. */
export function callParts(call: TsNode): { receiver: TsNode | null; name: string | undefined } {
  switch (call.type) {
    case "method_invocation":
    case "member_call_expression":
    case "nullsafe_member_call_expression":
      return { receiver: call.childForFieldName("object"), name: call.childForFieldName("name")?.text };
    case "scoped_call_expression":
      return { receiver: call.childForFieldName("scope"), name: call.childForFieldName("name")?.text };
    case "print_intrinsic":
      return { receiver: null, name: "print" };
  }
  let fn = call.childForFieldName("function");
  if (!fn) return { receiver: null, name: undefined };
  const member = MEMBER_FIELDS[fn.type];
  if (member) {
    let nameNode = fn.childForFieldName(member[1]);
    if (nameNode?.type === "generic_name") nameNode = named(nameNode)[0] ?? nameNode;
    return { receiver: fn.childForFieldName(member[0]), name: nameNode?.text };
  }
  if (fn.type === "generic_name") fn = named(fn)[0] ?? fn;
  return { receiver: null, name: fn.type === "identifier" || fn.type === "name" ? fn.text : undefined };
}

/** Call arguments (C# and PHP `argument` wrappers kept: their text is the argument's text). */
export function callArgs(call: TsNode): TsNode[] {
  if (call.type === "print_intrinsic") return named(call);
  return named(call.childForFieldName("arguments"));
}

/** JavaScript input: `prompt(…)`, `readline()` (judges), readline-sync and readline's `….question…(…)`. */
const JS_INPUT_FUNCTIONS = new Set(["prompt", "readline"]);
const JS_INPUT_METHODS = new Set(["question", "questionInt", "questionFloat", "keyInYN", "keyInSelect"]);
/** Go: `fmt.Scan(&n)`; a bufio Scanner's `Text()` (after its `Scan()`), a Reader's `ReadString('\n')`. */
const GO_SCANS = new Set(["Scan", "Scanln", "Scanf"]);
const GO_READER_METHODS = new Set(["Text", "ReadString", "ReadLine", "ReadRune"]);
/** PHP reads of the console: `fgets(STDIN)`, `fscanf(STDIN, …)`, `readline()`. */
const PHP_STREAM_READS = new Set(["fgets", "fgetc", "fscanf", "stream_get_line", "fread"]);
const PHP_STDIN = /^(?:STDIN|fopen\(["']php:\/\/stdin["'],["']r["']\))$/;

/** Is `call` a read of the console in JavaScript / TypeScript / Go / PHP? */
function isNewInputCall(call: TsNode, ctx: BuildContext): boolean {
  const { receiver, name } = callParts(call);
  if (!name) return false;
  switch (ctx.lang) {
    case "javascript":
    case "typescript":
      return receiver ? JS_INPUT_METHODS.has(name) : JS_INPUT_FUNCTIONS.has(name);
    case "go": {
      if (!receiver) return false;
      const r = compact(receiver);
      return (r === "fmt" && GO_SCANS.has(name)) || (ctx.readers.has(r) && GO_READER_METHODS.has(name));
    }
    case "php": {
      if (receiver) return false;
      if (name === "readline") return true;
      const first = callArgs(call)[0];
      return PHP_STREAM_READS.has(name) && first !== undefined && PHP_STDIN.test(compact(argValue(first)));
    }
    default:
      return false;
  }
}

/**
 * The variables a scanning read fills through its arguments — Go `fmt.Scan(&a, &b)` /
 * `fmt.Scanf("%d", &n)`, PHP `fscanf(STDIN, "%d", $n)` — or none.
 */
export function scanTargets(call: TsNode, ctx: BuildContext): TsNode[] {
  const { name } = callParts(call);
  const args = callArgs(call).map(argValue);
  let targets: TsNode[] = [];
  if (ctx.lang === "go" && name && GO_SCANS.has(name)) targets = name === "Scanf" ? args.slice(1) : args;
  else if (ctx.lang === "php" && name === "fscanf") targets = args.slice(2);
  // `&n` → n
  return targets.map((t) => (t.type === "unary_expression" && t.children[0]?.text === "&" ? (named(t)[0] ?? t) : t));
}

export function isInputCall(call: TsNode, ctx: BuildContext): boolean {
  if (!isCall(call)) return false;
  if (ctx.lang !== "java" && ctx.lang !== "csharp") return isNewInputCall(call, ctx);
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

/** Lambdas, whose calls run later (not where they are written). */
const FUNCTION_LITERALS: ReadonlySet<string> = new Set([
  "lambda_expression", "anonymous_method_expression", "arrow_function", "function_expression", "func_literal", "anonymous_function",
]);

/** Does the expression contain an input call? (iterative; lambdas and strings not searched) */
export function containsInput(root: TsNode, ctx: BuildContext): boolean {
  const stack: TsNode[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (isCall(node) && isInputCall(node, ctx)) return true;
    if (FUNCTION_LITERALS.has(node.type)) continue;
    for (const child of node.namedChildren) stack.push(child);
  }
  return false;
}

/** The expression of an argument (C# and PHP wrap it in an `argument` node). */
const argValue = (arg: TsNode): TsNode => unparen(arg.type === "argument" ? (named(arg)[0] ?? arg) : arg);

/** The inside of a plain string literal argument, or undefined. */
function literalArg(arg: TsNode): string | undefined {
  const value = argValue(arg);
  return value.type === "string_literal" || value.type === "string" || value.type === "encapsed_string" || value.type === "interpreted_string_literal"
    ? quotedInside(value.text)
    : undefined;
}

/** The printed pieces of format string `args[0]` applied to the other arguments, or undefined when it is none. */
function formatted(args: TsNode[], style: FormatStyle, ctx: BuildContext): string[] | undefined {
  const inside = args[0] ? literalArg(args[0]) : undefined;
  if (inside === undefined || args.length < 2 || !hasConversions(inside, style)) return undefined;
  return formatPieces(inside, args.slice(1).map((a) => exprText(a, ctx)), style);
}

/** A concatenation's operands: `a + b`, PHP `a . b`. */
const plusOperands = (node: TsNode): [TsNode, TsNode] | undefined => {
  const left = node.childForFieldName("left");
  const right = node.childForFieldName("right");
  const op = node.childForFieldName("operator")?.type;
  return node.type === "binary_expression" && left && right && (op === "+" || op === ".") ? [left, right] : undefined;
};
const isStringValue = (node: TsNode) => STRING_TYPES.has(node.type);

/**
 * A printed value: a format call or an interpolated string as its pieces, a string concatenation as
 * its operands (code-notation.ts), anything else as its text.
 */
export function printedValue(arg: TsNode, ctx: BuildContext): string[] {
  const parts = ctx.asWritten ? [argValue(arg)] : concatenationItems(argValue(arg), plusOperands, isStringValue);
  return parts.length === 1 ? printedOperand(parts[0]!, ctx) : parts.flatMap((p) => printedOperand(p, ctx));
}

function printedOperand(arg: TsNode, ctx: BuildContext): string[] {
  const value = argValue(arg);
  if (isInterpolated(value)) return interpolationItems(value, (e) => exprText(e, ctx));
  if (isCall(value)) {
    const { receiver, name } = callParts(value);
    const style = name ? FORMAT_CALLS[receiver ? `${compact(receiver)}.${name}` : name] : undefined;
    const pieces = style ? formatted(callArgs(value), style, ctx) : undefined;
    if (pieces) return pieces;
  }
  return [exprText(arg, ctx)];
}

/** The output texts of an output call, or undefined when the call is no console output. */
/** JavaScript output: `console.log(…)` and its kin, `process.stdout.write`, `document.write`, `alert`. */
const JS_OUTPUT: ReadonlySet<string> = new Set([
  "console.log", "console.info", "console.warn", "console.error", "console.debug", "console.table",
  "process.stdout.write", "process.stderr.write", "document.write", "document.writeln", "alert",
]);
const GO_OUTPUT: ReadonlySet<string> = new Set(["fmt.Print", "fmt.Println", "print", "println"]);
const GO_FILE_OUTPUT: ReadonlySet<string> = new Set(["fmt.Fprint", "fmt.Fprintln"]);
const GO_CONSOLE = /^os\.(?:Stdout|Stderr)$/;
const PHP_OUTPUT: ReadonlySet<string> = new Set(["print", "print_r", "var_dump", "var_export"]);

/** The output texts of a JavaScript / TypeScript / Go / PHP output call, or undefined. */
function newOutputArgs(call: TsNode, ctx: BuildContext): string[] | undefined {
  const { receiver, name } = callParts(call);
  if (!name) return undefined;
  const callee = receiver ? `${compact(receiver)}.${name}` : name;
  const args = callArgs(call);
  const values = (list: TsNode[]) => list.flatMap((a) => printedValue(a, ctx));
  switch (ctx.lang) {
    case "javascript":
    case "typescript":
      return JS_OUTPUT.has(callee) ? values(args) : undefined;
    case "go":
      if (GO_OUTPUT.has(callee)) return values(args);
      if (callee === "fmt.Printf") return formatted(args, "printf", ctx) ?? values(args);
      if (GO_FILE_OUTPUT.has(callee) && args[0] && GO_CONSOLE.test(compact(args[0]))) return values(args.slice(1));
      if (callee === "fmt.Fprintf" && args[0] && GO_CONSOLE.test(compact(args[0]))) return formatted(args.slice(1), "printf", ctx) ?? values(args.slice(1));
      return undefined;
    case "php":
      if (PHP_OUTPUT.has(callee) && !receiver) return values(args.slice(0, 1));
      if (callee === "printf" && !receiver) return formatted(args, "printf", ctx) ?? values(args);
      return undefined;
    default:
      return undefined;
  }
}

export function outputArgs(call: TsNode, ctx: BuildContext): string[] | undefined {
  if (!isCall(call)) return undefined;
  if (ctx.lang !== "java" && ctx.lang !== "csharp") return newOutputArgs(call, ctx);
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

/** Calls that end the program, by language (receiver.name; PHP's `exit`/`die` have no receiver). */
const EXITS: Readonly<Record<CurlyLang, ReadonlySet<string>>> = {
  java: new Set(["System.exit"]),
  csharp: new Set(["Environment.Exit", "System.Environment.Exit"]),
  javascript: new Set(["process.exit"]),
  typescript: new Set(["process.exit"]),
  go: new Set(["os.Exit"]),
  php: new Set(["exit", "die"]),
};

export function isExitCall(call: TsNode, ctx: BuildContext): boolean {
  if (!isCall(call)) return false;
  const { receiver, name } = callParts(call);
  return name !== undefined && EXITS[ctx.lang].has(receiver ? `${compact(receiver)}.${name}` : name);
}

/** Is `call` a call of a method defined in the source? */
export function isUserCall(call: TsNode, ctx: BuildContext): boolean {
  if (!isCall(call)) return false;
  const { name } = callParts(call);
  if (outputArgs(call, ctx) || isInputCall(call, ctx)) return false;
  return name !== undefined && ctx.methods.has(name);
}
