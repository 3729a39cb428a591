/**
 * C/C++ truth values as the comparisons they mean (issue 20): a condition that is a number or a
 * pointer, not a comparison or a boolean — `while (n)`, `if (!b)`, `if (k / 10)`, `if (p)` — reads
 * `n ≠ 0`, `b = 0`, `k / 10 ≠ 0`, `p ≠ NULL`, as a student writes it. Names are judged by the type
 * they are declared with in the function (or globally); a bool (`bool`, `_Bool`, `BOOL`), a name of
 * unknown type and a call stay as written — but a call of the file's own function declared to return
 * a number is that number. Arithmetic is a number whatever its operands.
 */
import { comparisonSymbol, logicalWord } from "../../text/notation.ts";
import type { SyntaxNode as Node } from "../tree-sitter.ts";

export type Truth = "bool" | "integer" | "real" | "pointer";

/** The declared kind of a name in a condition, undefined when not known. */
export type TruthOf = (name: string) => Truth | undefined;

const BOOL_TYPE = /^(?:bool|_Bool|BOOL|gboolean)$/;
const INTEGER_TYPE = /^(?:(?:unsigned|signed|long|short)\s+)*(?:int|long|short|char|unsigned|signed|size_t|ssize_t|u?int(?:8|16|32|64)_t|wchar_t)(?:\s+(?:int|long))*$/;
const REAL_TYPE = /^(?:long\s+)?(?:float|double)$/;
const DECLARATIONS = new Set(["declaration", "parameter_declaration", "optional_parameter_declaration", "field_declaration"]);

function kindOf(declarator: Node, base: Truth | undefined): Truth | undefined {
  let d: Node | null = declarator;
  for (let i = 0; d && i < 64; i++) {
    if (d.type === "identifier" || d.type === "field_identifier") return base;
    if (d.type === "pointer_declarator") return "pointer";
    if (d.type !== "init_declarator" && d.type !== "parenthesized_declarator" && d.type !== "reference_declarator") return undefined;
    d = d.childForFieldName("declarator") ?? d.namedChildren.find((c) => c.type !== "comment") ?? null;
  }
  return undefined;
}

function nameOf(declarator: Node): string | undefined {
  let d: Node | null = declarator;
  for (let i = 0; d && i < 64; i++) {
    if (d.type === "identifier" || d.type === "field_identifier") return d.text;
    d = d.childForFieldName("declarator") ?? d.namedChildren.find((c) => c.type !== "comment" && c.type !== "type_qualifier") ?? null;
  }
  return undefined;
}

/** The name a function declarator declares (`is_prime` of `is_prime(int n)`); a pointer-returning one is not told apart, so undefined. */
function functionName(declarator: Node): string | undefined {
  if (declarator.type !== "function_declarator") return undefined;
  const inner = declarator.childForFieldName("declarator");
  return inner?.type === "identifier" ? inner.text : undefined;
}

/**
 * The kinds of the names declared under `root` (a function, or the file's top level when `shallow`):
 * a name declared twice with different kinds is unknown.
 */
export function declaredTruths(root: Node, shallow: boolean): Map<string, Truth | undefined> {
  const kinds = new Map<string, Truth | undefined>();
  const pending: Node[] = [...root.namedChildren];
  while (pending.length > 0) {
    const node = pending.pop()!;
    if (DECLARATIONS.has(node.type) || node.type === "function_definition") {
      const type = node.childForFieldName("type")?.text.replace(/\s+/g, " ") ?? "";
      const base: Truth | undefined = BOOL_TYPE.test(type) ? "bool" : INTEGER_TYPE.test(type) ? "integer" : REAL_TYPE.test(type) ? "real" : undefined;
      for (const d of node.childrenForFieldName("declarator")) {
        // A function (defined or declared) is known by what it returns, under `name()`.
        const fn = functionName(d);
        const name = fn === undefined ? nameOf(d) : `${fn}()`;
        if (!name) continue;
        const kind = fn === undefined ? kindOf(d, base) : base;
        kinds.set(name, kinds.has(name) && kinds.get(name) !== kind ? undefined : kind);
      }
    }
    if (!shallow || node.type === "declaration_list") pending.push(...node.namedChildren);
  }
  return kinds;
}

/** Operators whose result is a number (`<<`/`>>` are not: `while (cin >> x)` tests the stream). */
const ARITHMETIC = new Set(["+", "-", "*", "/", "%", "&", "|", "^"]);
const LOGICAL = new Set(["&&", "||", "and", "or"]);

const unparen = (node: Node): Node => {
  let n = node;
  for (let i = 0; n.type === "parenthesized_expression" && i < 64; i++) {
    const inner = n.namedChildren.find((c) => c.type !== "comment");
    if (!inner) break;
    n = inner;
  }
  return n;
};

const isLogical = (node: Node) => node.type === "binary_expression" && LOGICAL.has(node.childForFieldName("operator")?.type ?? "");

/** Is the node a number or a pointer to be compared with zero (`n`, `k / 10`)? */
function zeroTest(node: Node, truthOf: TruthOf): Truth | undefined {
  const n = unparen(node);
  if (n.type === "identifier") {
    const kind = truthOf(n.text);
    return kind === "bool" ? undefined : kind;
  }
  if (n.type === "binary_expression" && ARITHMETIC.has(n.childForFieldName("operator")?.type ?? "")) return "real";
  // A call of the file's own function returning a number: `if (is_prime(i))` reads `is_prime(i) ≠ 0`,
  // and the own-calls pass later computes it first (`j := is_prime(i)`, decision `j ≠ 0`).
  const callee = n.type === "call_expression" ? n.childForFieldName("function") : null;
  if (callee?.type === "identifier") {
    const kind = truthOf(`${callee.text}()`);
    return kind === "bool" || kind === "pointer" ? undefined : kind;
  }
  return undefined;
}

/**
 * The condition with truth values written as comparisons, or undefined when it has none.
 * `render` is the chart text of a sub-expression; `nothing` the null pointer's spelling.
 */
export function truthCondition(node: Node, truthOf: TruthOf, render: (n: Node) => string, locale: "uk" | "en", nothing = "NULL"): string | undefined {
  const zero = (kind: Truth) => (kind === "pointer" ? nothing : "0");
  const n = unparen(node);
  const direct = zeroTest(n, truthOf);
  if (direct) return `${render(n)} ${comparisonSymbol("!=")} ${zero(direct)}`;
  if (n.type === "unary_expression" && /^(?:!|not)$/.test(n.childForFieldName("operator")?.type ?? "")) {
    const arg = n.childForFieldName("argument");
    const kind = arg ? zeroTest(arg, truthOf) : undefined;
    return arg && kind ? `${render(unparen(arg))} = ${zero(kind)}` : undefined;
  }
  if (isLogical(n)) {
    // `a && b || c` walked down its left spine, not recursively: a chain may be long.
    const sides: Node[] = [];
    const ops: string[] = [];
    let bottom = n;
    while (isLogical(bottom)) {
      const right = bottom.childForFieldName("right");
      const left = bottom.childForFieldName("left");
      if (!left || !right) return undefined;
      sides.push(right);
      ops.push(bottom.childForFieldName("operator")!.type);
      bottom = left;
    }
    sides.push(bottom);
    sides.reverse();
    ops.reverse();
    const truths = sides.map((side) => truthCondition(side, truthOf, render, locale, nothing));
    if (truths.every((t) => t === undefined)) return undefined;
    // A part in brackets keeps them: `a && (b || c)`.
    const part = (i: number) => {
      const text = truths[i];
      return text === undefined ? render(sides[i]!) : sides[i]!.type === "parenthesized_expression" ? `(${text})` : text;
    };
    let out = part(0);
    ops.forEach((op, i) => {
      out += ` ${logicalWord(op === "and" ? "&&" : op === "or" ? "||" : op, locale)!} ${part(i + 1)}`;
    });
    return out;
  }
  return undefined;
}
