/**
 * Mathematical signs for library calls and code-only constructs (issue 20): what a student writes in
 * a chart instead of the code. Pure text builders shared by every front-end; each front-end finds
 * the construct in its own syntax and passes the rendered operand texts here.
 *
 * | Source                                                        | Chart text               |
 * |---------------------------------------------------------------|--------------------------|
 * | `sqrt(x)`, `Math.Sqrt(x)`, `math.sqrt(x)`, `std::sqrt(x)`      | `√x`, `√(a + b)`         |
 * | `pow(x, 2)`, `Math.Pow(x, 3)`, `x ** 2`, `sqr(x)`, `power(x, n)`| `x²`, `x³`, `x^n`, `x^(n + 1)` |
 * | `abs(x)`, `fabs(x)`, `Math.Abs(x)`                             | `|x|`                    |
 * | `M_PI`, `Math.PI`, `math.pi`, Go `math.Pi`, Pascal `pi`          | `π`                      |
 *
 * Only ² and ³ become superscripts: the chart fonts (and their fallback) have no other superscript
 * glyphs, so any other exponent is written `x^n` — one rule, never a missing glyph.
 */
import type { Locale } from "../options.ts";

export type MathFunction = "sqrt" | "pow" | "sqr" | "abs";

/** Library spellings of the functions with a sign (a qualifier `Math.`/`math.`/`std::` is stripped first). */
const FUNCTIONS: Readonly<Record<string, MathFunction>> = {
  sqrt: "sqrt", Sqrt: "sqrt", sqrtf: "sqrt", sqrtl: "sqrt",
  pow: "pow", Pow: "pow", powf: "pow", powl: "pow", power: "pow", Power: "pow",
  sqr: "sqr", Sqr: "sqr",
  abs: "abs", Abs: "abs", fabs: "abs", fabsf: "abs", fabsl: "abs", labs: "abs", llabs: "abs",
};

/** Qualifiers of the math libraries (C# `System.Math.`, Java `StrictMath.` included). */
const QUALIFIER = /^(?:(?:System\.)?Math\.|StrictMath\.|math\.|std::|Math::)/;

/** The function a callee names (`Math.Sqrt`, `sqrt`, `math.pow` …), or undefined. */
export function mathFunction(callee: string, argCount: number): MathFunction | undefined {
  const bare = callee.replace(QUALIFIER, "");
  if (bare.includes(".") || bare.includes("::")) return undefined;
  const fn = FUNCTIONS[bare];
  if (!fn) return undefined;
  return argCount === (fn === "pow" ? 2 : 1) ? fn : undefined;
}

/** Spellings of π. */
const PI_NAMES: ReadonlySet<string> = new Set(["M_PI", "Math.PI", "System.Math.PI", "math.pi", "math.Pi", "std::numbers::pi", "numbers::pi"]);

export const PI = "π";

/** Is the text a spelling of π? (Pascal's `pi` is checked by its front-end: a word, case-insensitive.) */
export const isPi = (text: string): boolean => PI_NAMES.has(text);

/** Characters that make a text an operation when they appear outside brackets. */
const OPERATION_CHARS = new Set([..." +-*/%<>=!&|^?:,√²³"]);

/**
 * Does the text read as one operand (`x`, `a[i]`, `f(x, y)`, `(a + b)`, `|x|`, `3.5`)? Anything with a
 * space, an operator, a sign or a power outside brackets is an operation and needs brackets as an
 * operand of √ or of a power.
 */
export function isOperand(text: string): boolean {
  let depth = 0;
  let bar = false;
  for (const ch of text) {
    if (ch === "(" || ch === "[") depth++;
    else if (ch === ")" || ch === "]") depth--;
    else if (ch === "|" && depth === 0) bar = !bar;
    else if (depth === 0 && !bar && OPERATION_CHARS.has(ch)) return false;
  }
  return text.length > 0;
}

const bracketed = (text: string) => (isOperand(text) ? text : `(${text})`);

/** `√x`, `√(a + b)`. */
export const sqrtText = (arg: string): string => `√${bracketed(arg)}`;

/** `|x|`. */
export const absText = (arg: string): string => `|${arg}|`;

const SUPERSCRIPTS: Readonly<Record<string, string>> = { "2": "²", "3": "³" };

/** `x²`, `x³`, `x^n`, `(a + b)²`, `x^(n + 1)`. */
export function powerText(base: string, exponent: string): string {
  const b = bracketed(base);
  const sup = SUPERSCRIPTS[exponent];
  return sup ? `${b}${sup}` : `${b}^${bracketed(exponent)}`;
}

/** The text of a library call with a sign, from its rendered arguments. */
export function mathCallText(fn: MathFunction, args: readonly string[]): string {
  switch (fn) {
    case "sqrt":
      return sqrtText(args[0]!);
    case "abs":
      return absText(args[0]!);
    case "sqr":
      return powerText(args[0]!, "2");
    case "pow":
      return powerText(args[0]!, args[1]!);
  }
}

/** Words for what code creates with `new` and for a cast to an integer type. */
interface CodeWords {
  emptyList: string;
  emptyMap: string;
  emptySet: string;
  emptyStack: string;
  emptyQueue: string;
  /** `масив з n елементів`. */
  arrayOf: (length: string) => string;
  /** `ціла частина(x)`: a cast to an integer type drops the fraction. */
  integerPart: (value: string) => string;
}

export const CODE_WORDS: Readonly<Record<Locale, CodeWords>> = {
  uk: {
    emptyList: "порожній список", emptyMap: "порожній словник", emptySet: "порожня множина",
    emptyStack: "порожній стек", emptyQueue: "порожня черга",
    arrayOf: (n) => `масив з ${n} елементів`,
    integerPart: (x) => `ціла частина(${x})`,
  },
  en: {
    emptyList: "empty list", emptyMap: "empty map", emptySet: "empty set",
    emptyStack: "empty stack", emptyQueue: "empty queue",
    arrayOf: (n) => `array of ${n} elements`,
    integerPart: (x) => `integer part(${x})`,
  },
};

type EmptyWord = "emptyList" | "emptyMap" | "emptySet" | "emptyStack" | "emptyQueue";

/** Collection classes whose empty instance has a word (generic arguments stripped first). */
const COLLECTIONS: Readonly<Record<string, EmptyWord>> = {
  List: "emptyList", ArrayList: "emptyList", LinkedList: "emptyList", Vector: "emptyList", vector: "emptyList",
  list: "emptyList", IList: "emptyList",
  Dictionary: "emptyMap", HashMap: "emptyMap", TreeMap: "emptyMap", LinkedHashMap: "emptyMap", SortedDictionary: "emptyMap",
  map: "emptyMap", unordered_map: "emptyMap", dict: "emptyMap",
  HashSet: "emptySet", TreeSet: "emptySet", LinkedHashSet: "emptySet", SortedSet: "emptySet", set: "emptySet",
  unordered_set: "emptySet",
  // A deque (ArrayDeque, std::deque) serves as a stack as often as a queue: it keeps its name.
  Stack: "emptyStack", stack: "emptyStack", Queue: "emptyQueue", queue: "emptyQueue",
};

/** `порожній список` for an empty collection class (`List<double>`, `java.util.ArrayList<>`), or undefined. */
export function emptyCollection(typeName: string, locale: Locale): string | undefined {
  const bare = typeName.replace(/<[\s\S]*>$/, "").replace(/^(?:[\w]*(?:\.|::))+/, "").trim();
  const word = COLLECTIONS[bare];
  return word ? CODE_WORDS[locale][word] : undefined;
}

/** Floating types: a cast to one only makes the division that follows real (`(double) s / n` is `s / n`). */
const FLOATING = /^(?:long\s+)?(?:double|float|decimal|Double|Float|Decimal|Single|real|float32_t|float64_t)$/;
/** Integer types: a cast to one drops the fraction. */
const INTEGER = /^(?:(?:un)?signed\s+|long\s+|short\s+)*(?:int|long|short|Int16|Int32|Int64|Integer|Long|Short|size_t|u?int(?:8|16|32|64)_t|signed|unsigned)(?:\s+(?:long|int))*$/;

export type CastKind = "floating" | "integer";

/** What a cast to this type does to a number, or undefined for other casts (char, bool, classes). */
export function castKind(type: string): CastKind | undefined {
  const t = type.replace(/\s+/g, " ").trim();
  if (FLOATING.test(t)) return "floating";
  if (INTEGER.test(t)) return "integer";
  return undefined;
}
