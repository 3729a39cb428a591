/**
 * The operator notation of chart texts (drawing-rules D6), shared by every language front-end.
 * Front-ends rebuild expression text token by token and pass each operator through this table;
 * everything not listed here stays exactly as written in the source.
 *
 * | Source                                   | Chart text (uk)   | Chart text (en) |
 * |------------------------------------------|-------------------|-----------------|
 * | `==`                                     | `=`               | `=`             |
 * | `!=`, `<>`                               | `≠`               | `≠`             |
 * | `<=`                                     | `≤`               | `≤`             |
 * | `>=`                                     | `≥`               | `≥`             |
 * | `<`, `>`                                 | unchanged         | unchanged       |
 * | `and`, `&&`                              | `і`               | `and`           |
 * | `or`, `\|\|`                             | `або`             | `or`            |
 * | `not`, `!` (logical negation)            | `не`              | `not`           |
 * | `=` (assignment statement)               | `:=`              | `:=`            |
 * | `x op= e` (augmented assignment)         | `x := x op e`     | `x := x op e`   |
 * | Python `in` / `not in` (membership test) | `∈` / `∉`         | `∈` / `∉`       |
 *
 * Details:
 *  - Logical words are always surrounded by single spaces (`a&&b` → `a і b`, `!x` → `не x`).
 *  - Assignment becomes `:=` so that `=` can mean comparison; it matches the counting-loop text
 *    `i := 1, n`. The assignment operator is written with single spaces around it. Keyword
 *    arguments and default values (`f(x=1)`) are not assignments and keep `=`. Python's walrus
 *    `:=` stays as is.
 *  - Augmented assignment spells the operation out: `x += 1` → `x := x + 1`. The right side is put
 *    in parentheses when it is an operation that binds less tightly than the operator (`x *= a + b`
 *    → `x := x * (a + b)`), or equally tightly unless regrouping is harmless (`x -= a - b` →
 *    `x := x - (a - b)`, but `x += a - b` → `x := x + a - b`).
 *  - Comparison symbols keep the spacing of the source (`a==b` → `a=b`, `a == b` → `a = b`).
 *  - `is`, `is not`, arithmetic, bitwise operators, the walrus, string literals and comments are
 *    never changed.
 */
import type { Locale } from "../options.ts";

/** Comparison and membership operators → mathematical symbols. */
export const COMPARISON_SYMBOLS: Readonly<Record<string, string>> = {
  "==": "=",
  "!=": "≠",
  // JavaScript / TypeScript / PHP strict (in)equality: the chart has one equality.
  "===": "=",
  "!==": "≠",
  "<>": "≠",
  "<=": "≤",
  ">=": "≥",
  in: "∈",
  "not in": "∉",
};

export type LogicalOp = "and" | "or" | "not";

/** Logical operators → words of the chart locale. */
export const LOGICAL_WORDS: Readonly<Record<Locale, Readonly<Record<LogicalOp, string>>>> = {
  uk: { and: "і", or: "або", not: "не" },
  en: { and: "and", or: "or", not: "not" },
};

/** The assignment symbol of chart texts. */
export const ASSIGN = ":=";

/** The remainder and integer-division words (C-like `%`, Python `//`; Pascal's own spelling). */
export const MOD = "mod";
export const DIV = "div";

/** `%` → `mod`, `//` → `div` (the operator of `x %= e` spelled out as well); others unchanged. */
export const arithmeticWord = (op: string): string => (op === "%" || op === "%=" ? MOD : op === "//" || op === "//=" ? DIV : op);

const LOGICAL_ALIASES: Readonly<Record<string, LogicalOp>> = {
  and: "and", "&&": "and", or: "or", "||": "or", not: "not", "!": "not",
};

/** The chart symbol of a comparison/membership operator, or the operator itself when not mapped. */
export function comparisonSymbol(op: string): string {
  return COMPARISON_SYMBOLS[op.replace(/\s+/g, " ")] ?? op;
}

/** The locale word of a logical operator (`and`, `&&`, `or`, `||`, `not`, `!`), or undefined. */
export function logicalWord(op: string, locale: Locale): string | undefined {
  const key = LOGICAL_ALIASES[op];
  return key ? LOGICAL_WORDS[locale][key] : undefined;
}

/**
 * Binding strength of operators (higher binds tighter), Python-style but covering C-like
 * spellings. Used only to decide on parentheses when the notation rebuilds text.
 */
const PRECEDENCE: Readonly<Record<string, number>> = {
  lambda: 1,
  "if": 2, "?:": 2,
  or: 3, "||": 3,
  and: 4, "&&": 4,
  not: 5,
  "==": 6, "!=": 6, "<": 6, ">": 6, "<=": 6, ">=": 6, "<>": 6, in: 6, "not in": 6, is: 6, "is not": 6,
  "|": 7,
  "^": 8,
  "&": 9,
  "<<": 10, ">>": 10,
  "+": 11, "-": 11,
  "*": 12, "/": 12, "//": 12, "%": 12, "@": 12, mod: 12, div: 12,
  unary: 13,
  "**": 14,
};

/** Precedence of an operator; undefined for atoms / unknown operators (treated as binding tightest). */
export function precedence(op: string): number | undefined {
  return PRECEDENCE[op];
}

/**
 * `x op= rhs` → `x := x op rhs`. `rhsOp` is the top-level operator of the right side (undefined
 * when it is an atom, a call, a parenthesised expression …), used to decide on parentheses.
 */
export function augmentedAssignment(target: string, op: string, rhs: string, rhsOp?: string): string {
  const base = op.endsWith("=") ? op.slice(0, -1) : op;
  return `${target} ${ASSIGN} ${target} ${base} ${needsParens(base, rhsOp) ? `(${rhs})` : rhs}`;
}

function needsParens(op: string, rhsOp: string | undefined): boolean {
  if (rhsOp === undefined) return false;
  const outer = PRECEDENCE[op];
  const inner = PRECEDENCE[rhsOp];
  if (outer === undefined || inner === undefined) return false;
  if (inner > outer) return false;
  if (inner < outer) return true;
  // Same strength: regrouping is harmless only for + with +/- and * with *.
  if (op === "+" && (rhsOp === "+" || rhsOp === "-")) return false;
  if (op === "*" && rhsOp === "*") return false;
  return true;
}
