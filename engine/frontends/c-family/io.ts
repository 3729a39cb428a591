/**
 * Console input/output recognition: scanf/gets/fgets/getchar/getline/cin → input,
 * printf/puts/putchar/cout/cerr → output. Returns the io text, or undefined when the
 * expression is no console I/O.
 */
import type { SyntaxNode as TsNode } from "../tree-sitter.ts";
import type { BuildContext } from "./context.ts";
import { exprText, unwrap } from "./text.ts";
import { formatPieces } from "../format-string.ts";
import { inputText, outputText, printedItem } from "../io-text.ts";

/** Callee name without `std::` / `::` (`printf`, `cin.getline`), or undefined. */
export function calleeName(call: TsNode): string | undefined {
  const fn = call.childForFieldName("function");
  if (!fn) return undefined;
  if (fn.type === "identifier" || fn.type === "qualified_identifier" || fn.type === "field_expression") {
    return fn.text.replace(/\s+/g, "").replace(/^(?:::)?std::/, "").replace(/^::/, "");
  }
  return undefined;
}

export function callArgs(call: TsNode): TsNode[] {
  const args = call.childForFieldName("arguments");
  return (args?.namedChildren ?? []).filter((a) => a.type !== "comment");
}

/** `&x` → `x` for scanf targets. */
function target(node: TsNode, ctx: BuildContext): string {
  const n = unwrap(node);
  if (n.type === "pointer_expression" && n.childForFieldName("operator")?.type === "&") {
    const arg = n.childForFieldName("argument");
    if (arg) return exprText(arg, ctx);
  }
  return exprText(n, ctx);
}

/** A string literal's inside, or undefined when the node is not a plain literal. */
function literalInside(node: TsNode): string | undefined {
  const n = unwrap(node);
  if (n.type === "string_literal") {
    const t = n.text;
    const start = t.indexOf('"');
    if (start < 0 || !t.endsWith('"')) return undefined;
    return t.slice(start + 1, -1);
  }
  if (n.type === "concatenated_string") {
    const parts = n.namedChildren.filter((c) => c.type !== "comment").map(literalInside);
    return parts.every((p) => p !== undefined) ? parts.join("") : undefined;
  }
  return undefined;
}

/** A printed literal piece as words (io-text.ts), or undefined when it prints only white space. */
function cleanLiteral(inside: string): string | undefined {
  const s = printedItem(`"${inside}"`);
  return s === undefined || s.slice(1, -1).trim() === "" ? undefined : s;
}

/** The parts of printf(format, args…): literal pieces and the printed arguments in order. */
function formatParts(format: TsNode, args: TsNode[], ctx: BuildContext): string[] {
  const inside = literalInside(format);
  const values = args.map((a) => exprText(a, ctx));
  if (inside === undefined) return [exprText(format, ctx), ...values];
  const out = formatPieces(inside, values, "printf");
  // printf(" ") prints a space, not a line break: keep it when it is all there is.
  if (out.length === 0 && /[ \t]|\\t/.test(inside)) out.push('" "');
  return out;
}

const STD_STREAMS_OUT = new Set(["cout", "cerr", "clog", "wcout", "wcerr"]);
const STD_STREAMS_IN = new Set(["cin", "wcin"]);
const MANIPULATORS = new Set([
  "endl", "flush", "fixed", "scientific", "left", "right", "boolalpha", "noboolalpha", "ws", "ends",
  "setw", "setprecision", "setfill", "hex", "dec", "oct", "showpoint",
]);

/** Manipulators that do print: a line end. */
const LINE_ENDS = new Set(["endl", "ends"]);

function streamName(node: TsNode): string {
  return unwrap(node).text.replace(/\s+/g, "").replace(/^(?:::)?std::/, "");
}

/** Operands of a left-associative `<<` / `>>` chain whose leftmost operand is a stream. */
function streamChain(expr: TsNode, op: "<<" | ">>"): { stream: string; operands: TsNode[] } | undefined {
  const operands: TsNode[] = [];
  let n = unwrap(expr);
  for (let i = 0; i < 10000; i++) {
    if (n.type === "binary_expression" && n.childForFieldName("operator")?.type === op) {
      const right = n.childForFieldName("right");
      const left = n.childForFieldName("left");
      if (!left || !right) return undefined;
      operands.push(right);
      n = unwrap(left);
      continue;
    }
    break;
  }
  if (operands.length === 0) return undefined;
  return { stream: streamName(n), operands: operands.reverse() };
}

function isManipulator(node: TsNode): boolean {
  const n = unwrap(node);
  if (n.type === "call_expression") {
    const fn = n.childForFieldName("function");
    return !!fn && MANIPULATORS.has(streamName(fn));
  }
  return MANIPULATORS.has(streamName(n));
}

/** Output text of a cout operand, or undefined to drop it (`endl`, `'\n'`, `"\n"`). */
function coutOperand(node: TsNode, ctx: BuildContext): string | undefined {
  if (isManipulator(node)) return undefined;
  const n = unwrap(node);
  if (n.type === "char_literal") {
    if (/^'(?:\\[nrt]| )'$/.test(n.text)) return undefined;
    return exprText(n, ctx);
  }
  const inside = literalInside(n);
  if (inside !== undefined) return cleanLiteral(inside);
  return exprText(n, ctx);
}

/** io text for an expression statement's expression, or undefined. */
export function ioText(expr: TsNode, ctx: BuildContext): string | undefined {
  const t = ctx.texts;
  const n = unwrap(expr);
  if (n.type === "binary_expression") {
    const op = n.childForFieldName("operator")?.type;
    if (op === "<<") {
      const chain = streamChain(n, "<<");
      if (chain && STD_STREAMS_OUT.has(chain.stream)) {
        // `cout << fixed << setprecision(2)` prints nothing: it is stream set-up (setup.ts), not an output.
        if (chain.operands.every((o) => isManipulator(o) && !LINE_ENDS.has(streamName(o)))) return undefined;
        const parts = chain.operands.map((o) => coutOperand(o, ctx)).filter((p): p is string => p !== undefined);
        return outputText(t, parts);
      }
    }
    if (op === ">>") {
      const chain = streamChain(n, ">>");
      if (chain && STD_STREAMS_IN.has(chain.stream)) {
        const parts = chain.operands.filter((o) => !isManipulator(o)).map((o) => exprText(o, ctx));
        return inputText(t, parts);
      }
    }
    return undefined;
  }
  if (n.type === "assignment_expression" && n.childForFieldName("operator")?.type === "=") {
    const right = n.childForFieldName("right");
    const left = n.childForFieldName("left");
    const call = right ? unwrap(right) : undefined;
    if (left && call?.type === "call_expression") {
      const name = calleeName(call);
      if (name === "getchar" || name === "getch" || name === "_getch" || name === "getche" || name === "cin.get") {
        return `${t.inWord} ${exprText(left, ctx)}`;
      }
    }
    return undefined;
  }
  if (n.type !== "call_expression") return undefined;
  const name = calleeName(n);
  if (!name) return undefined;
  const args = callArgs(n);
  switch (name) {
    case "scanf":
    case "scanf_s":
    case "wscanf":
      return inputText(t, args.slice(1).map((a) => target(a, ctx)));
    case "fscanf":
      if (args[0] && streamName(args[0]) === "stdin") return inputText(t, args.slice(2).map((a) => target(a, ctx)));
      return undefined;
    case "gets":
    case "gets_s":
    case "fgets":
      if (name === "fgets" && (!args[2] || streamName(args[2]) !== "stdin")) return undefined;
      return inputText(t, args[0] ? [exprText(args[0], ctx)] : []);
    case "getline":
      if (args[0] && STD_STREAMS_IN.has(streamName(args[0])) && args[1]) return `${t.inWord} ${exprText(args[1], ctx)}`;
      return undefined;
    case "cin.getline":
    case "cin.get":
      return inputText(t, args[0] ? [exprText(args[0], ctx)] : []);
    case "getchar":
    case "getch":
    case "_getch":
      return inputText(t, []);
    case "printf":
    case "printf_s":
    case "wprintf":
      return outputText(t, args[0] ? formatParts(args[0], args.slice(1), ctx) : []);
    case "fprintf": {
      const stream = args[0] ? streamName(args[0]) : "";
      if ((stream === "stdout" || stream === "stderr") && args[1]) return outputText(t, formatParts(args[1], args.slice(2), ctx));
      return undefined;
    }
    case "puts":
    case "putchar":
    case "putch": {
      const arg = args[0];
      const inside = arg ? literalInside(arg) : undefined;
      const text = !arg ? undefined : inside !== undefined ? cleanLiteral(inside) : exprText(arg, ctx);
      return outputText(t, text ? [text] : []);
    }
    default:
      return undefined;
  }
}
