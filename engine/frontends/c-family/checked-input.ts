/**
 * C / C++: input read and checked in a condition — `scanf("%d", &n) != 1`, `!(cin >> n)`,
 * `cin.fail()` after a read — asked as «Введено число?» (checked-input.ts redraws the statement
 * around it).
 */
import type { CheckedInput } from "../checked-input.ts";
import type { SyntaxNode as TsNode } from "../tree-sitter.ts";
import { at, type BuildContext } from "./context.ts";
import { calleeName, ioText } from "./io.ts";
import { unwrap } from "./text.ts";

const SCANF = /^(?:scanf|scanf_s|wscanf|fscanf|sscanf)$/;
const STREAM_FAIL = /^(?:std::)?cin\s*\.\s*fail$/;

/** The checked input of a condition, or undefined when it is none. */
export function checkedInput(stmt: TsNode, cond: TsNode | null, ctx: BuildContext): CheckedInput | undefined {
  if (!cond) return undefined;
  let expr = unwrap(cond);
  let negated = false;
  while (expr.type === "unary_expression" && expr.childForFieldName("operator")?.type === "!") {
    const inner = expr.childForFieldName("argument");
    if (!inner) return undefined;
    expr = unwrap(inner);
    negated = !negated;
  }
  let read = expr;
  if (expr.type === "binary_expression") {
    const op = expr.childForFieldName("operator")?.type;
    const left = expr.childForFieldName("left");
    const right = expr.childForFieldName("right");
    // `scanf(…) != 1` / `scanf(…) == 2`: the count of values read against a number.
    if ((op === "!=" || op === "==") && left && right?.type === "number_literal" && Number(right.text) >= 1) {
      read = unwrap(left);
      if (op === "!=") negated = !negated;
    }
  }
  const name = read.type === "call_expression" ? (calleeName(read) ?? "") : "";
  if (STREAM_FAIL.test(name)) return { reads: [], cond: ctx.texts.askNumberEntered, negated: !negated };
  const isRead = SCANF.test(name) || (read.type === "binary_expression" && read.childForFieldName("operator")?.type === ">>");
  const text = isRead ? ioText(read, ctx) : undefined;
  if (!text?.startsWith(`${ctx.texts.inWord} `)) return undefined;
  return { reads: [at(ctx, stmt, { kind: "io", text })], cond: ctx.texts.askNumberEntered, negated };
}
