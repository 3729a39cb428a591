/**
 * C / C++: input read and checked in a condition — `scanf("%d", &n) != 1`, `!(cin >> n)`,
 * `cin.fail()` after a read — asked as «Введено число?» (checked-input.ts redraws the statement
 * around it). A file read (`while (fscanf(f, "%d", &x) == 1)`) is asked «Прочитано число?»; a
 * console read that opens a longer condition (`scanf(…) != 1 || n <= 0`) is read first and named
 * in it: `n не введено або n ≤ 0` — the read always runs, it is the leftmost operand. A read whose
 * count is kept (`ok = scanf("%d", &n)`) is the read, then `ok := кількість прочитаних значень`.
 */
import type { CheckedInput } from "../checked-input.ts";
import type { Node } from "../../tree/schema.ts";
import type { SyntaxNode as TsNode } from "../tree-sitter.ts";
import { at, type BuildContext } from "./context.ts";
import { calleeName, ioText } from "./io.ts";
import { ASSIGN } from "../../text/notation.ts";
import { condText, exprText, unwrap } from "./text.ts";

const SCANF = /^(?:scanf|scanf_s|wscanf|fscanf|sscanf)$/;
const STREAM_FAIL = /^(?:std::)?cin\s*\.\s*fail$/;

/** One read and its check: the read's symbol (none for `cin.fail()`) and whether a file was read. */
interface Read {
  node: Node | undefined;
  /** What was read (`n`, `a, b`), for a console read. */
  targets: string | undefined;
  file: boolean;
}

/** The read a call performs: a console read (`Ввід n`), a file `fscanf` (a file step, file-io.ts), or none. */
function readOf(stmt: TsNode, call: TsNode, ctx: BuildContext): Read | undefined {
  const name = call.type === "call_expression" ? (calleeName(call) ?? "") : "";
  const isRead = SCANF.test(name) || (call.type === "binary_expression" && call.childForFieldName("operator")?.type === ">>");
  if (!isRead) return undefined;
  const text = ioText(call, ctx);
  const prefix = `${ctx.texts.inWord} `;
  if (text?.startsWith(prefix)) return { node: at(ctx, stmt, { kind: "io", text }), targets: text.slice(prefix.length), file: false };
  // `fscanf(f, …)` of a file: the process `fscanf(f, …)` that file-io.ts redraws as `Читання з файлу f: x`.
  if (name === "fscanf" || name === "sscanf") return { node: at(ctx, stmt, { kind: "process", text: exprText(call, ctx) }), targets: undefined, file: true };
  return undefined;
}

/** `!x` unwrapped: the inner expression and how many times it was negated (odd → true). */
function unnegated(node: TsNode): { expr: TsNode; negated: boolean } | undefined {
  let expr = unwrap(node);
  let negated = false;
  while (expr.type === "unary_expression" && expr.childForFieldName("operator")?.type === "!") {
    const inner = expr.childForFieldName("argument");
    if (!inner) return undefined;
    expr = unwrap(inner);
    negated = !negated;
  }
  return { expr, negated };
}

/** A check of one read: `scanf(…) != 1`, `scanf(…) == 2`, `!(cin >> n)`, `cin.fail()`. */
function readCheck(stmt: TsNode, node: TsNode, ctx: BuildContext): { read: Read; negated: boolean } | undefined {
  const found = unnegated(node);
  if (!found) return undefined;
  let { expr: read, negated } = found;
  if (read.type === "binary_expression") {
    const op = read.childForFieldName("operator")?.type;
    const left = read.childForFieldName("left");
    const right = read.childForFieldName("right");
    // `scanf(…) != 1` / `scanf(…) == 2`: the count of values read against a number.
    if ((op === "!=" || op === "==") && left && right?.type === "number_literal" && Number(right.text) >= 1) {
      read = unwrap(left);
      if (op === "!=") negated = !negated;
    }
  }
  if (read.type === "call_expression" && STREAM_FAIL.test(calleeName(read) ?? "")) return { read: { node: undefined, targets: undefined, file: false }, negated: !negated };
  const r = readOf(stmt, read, ctx);
  return r ? { read: r, negated } : undefined;
}

const isLogical = (node: TsNode): boolean => node.type === "binary_expression" && ["||", "&&"].includes(node.childForFieldName("operator")?.type ?? "");

/** The checked input of a condition, or undefined when it is none. */
export function checkedInput(stmt: TsNode, cond: TsNode | null, ctx: BuildContext): CheckedInput | undefined {
  if (!cond) return undefined;
  const whole = readCheck(stmt, cond, ctx);
  if (whole) {
    const ask = whole.read.file ? ctx.texts.askNumberRead : ctx.texts.askNumberEntered;
    return { reads: whole.read.node ? [whole.read.node] : [], cond: ask, negated: whole.negated };
  }
  // A longer condition that opens with a checked console read: the read first, then the condition naming it.
  if (!isLogical(unwrap(cond))) return undefined;
  let leftmost = unwrap(cond);
  for (let left = leftmost.childForFieldName("left"); left && isLogical(leftmost); left = leftmost.childForFieldName("left")) leftmost = unwrap(left);
  const first = readCheck(stmt, leftmost, ctx);
  if (!first?.read.node || first.read.targets === undefined) return undefined;
  const text = condText(cond, ctx);
  const checkText = condText(leftmost, ctx);
  const phrase = (first.negated ? ctx.texts.notEntered : ctx.texts.entered).replace("{name}", first.read.targets);
  if (!text.includes(checkText)) return undefined;
  return { reads: [first.read.node], cond: text.replace(checkText, phrase), negated: false };
}

/** `ok = scanf("%d", &n)`: the read, then what `ok` keeps (`ok := кількість прочитаних значень`); else undefined. */
export function countedRead(stmt: TsNode, expr: TsNode, ctx: BuildContext): Node[] | undefined {
  const n = unwrap(expr);
  if (n.type !== "assignment_expression" || n.childForFieldName("operator")?.type !== "=") return undefined;
  const left = n.childForFieldName("left");
  const right = n.childForFieldName("right");
  const read = right ? readOf(stmt, unwrap(right), ctx) : undefined;
  if (!left || !read?.node || unwrap(right!).type !== "call_expression") return undefined;
  return [read.node, at(ctx, stmt, { kind: "process", text: `${exprText(left, ctx)} ${ASSIGN} ${ctx.texts.valuesRead}` })];
}
