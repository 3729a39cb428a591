/**
 * C#: input read and checked in a condition — `int.TryParse(Console.ReadLine(), out n)` reads n
 * and asks «n — ціле число?»; `double.TryParse(s, out x)` on a string already read asks
 * «s — число?»; Java `sc.hasNextInt()` (a Scanner looking at what comes before reading it) asks
 * «Введено число?» (checked-input.ts redraws the statement around it).
 */
import type { CheckedInput } from "../checked-input.ts";
import type { SyntaxNode as TsNode } from "../tree-sitter.ts";
import { at, named, unparen, type BuildContext } from "./context.ts";
import { callArgs, callParts, isCall, isInputCall, outTarget } from "./io.ts";
import { exprText } from "./text.ts";

const WHOLE_TYPES = /^(?:System\.)?(?:int|long|short|byte|sbyte|uint|ulong|ushort|Int16|Int32|Int64|UInt16|UInt32|UInt64|Byte|SByte|BigInteger)$/;

/** The checked input of a condition, or undefined when it is none. */
export function checkedInput(stmt: TsNode, cond: TsNode | null, ctx: BuildContext): CheckedInput | undefined {
  if (!cond) return undefined;
  let expr = unparen(cond);
  let negated = false;
  // `!x`: C# prefix_unary_expression, Java unary_expression.
  if (/^(?:prefix_)?unary_expression$/.test(expr.type) && expr.children[0]?.text === "!") {
    const inner = named(expr)[0];
    if (!inner) return undefined;
    expr = unparen(inner);
    negated = true;
  }
  if (!isCall(expr)) return undefined;
  const { receiver, name } = callParts(expr);
  if (ctx.lang === "java") {
    const peeks = receiver?.type === "identifier" && ctx.readers.has(receiver.text) && /^hasNext(?:Int|Long|Double|Float|Short|Byte|BigInteger|BigDecimal)$/.test(name ?? "");
    return peeks ? { reads: [], cond: ctx.texts.askNumberEntered, negated } : undefined;
  }
  if (name !== "TryParse" || !receiver) return undefined;
  const source = callArgs(expr)[0];
  const value = source && unparen(source.type === "argument" ? (named(source)[0] ?? source) : source);
  const target = outTarget(expr);
  if (!value || !target) return undefined;
  const reads = isCall(value) && isInputCall(value, ctx);
  const subject = exprText(reads ? target : value, ctx);
  const template = WHOLE_TYPES.test(receiver.text.replace(/\s+/g, "")) ? ctx.texts.askIsWholeNumber : ctx.texts.askIsNumber;
  return {
    reads: reads ? [at(ctx, stmt, { kind: "io", text: `${ctx.texts.inWord} ${exprText(target, ctx)}` })] : [],
    cond: template.replace("{name}", subject),
    negated,
  };
}
