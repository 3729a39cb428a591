/**
 * Code constructs read as a student writes them (issue 20), shared by the tree-sitter front-ends:
 * each language recognises a construct in its own syntax tree (a library call, a power, a cast, a
 * `new`, a constant) and this module writes it with the signs and words of engine/text/math-signs.ts.
 * It is one switchable layer: a context with `asWritten` set (the `verbatim` option) skips it.
 */
import type { Locale } from "../options.ts";
import {
  castKind, CODE_WORDS, emptyCollection, isOperand, isPi, mathCallText, mathFunction, PI, powerText,
} from "../text/math-signs.ts";
import { ASSIGN, augmentedAssignment } from "../text/notation.ts";
import type { SyntaxNode } from "./tree-sitter.ts";

/** The switch of this layer in a front-end's text context. */
export interface NotationSwitch {
  locale: Locale;
  /** Texts as written in the source: no signs for library calls, casts and `new` kept (option `verbatim`). */
  asWritten: boolean;
}

export type Construct =
  /** `f(a, b)`: callee as written (`Math.Sqrt`, `std::pow`). */
  | { kind: "call"; callee: string; args: readonly SyntaxNode[] }
  /** `x ** 2`. */
  | { kind: "power"; base: SyntaxNode; exponent: SyntaxNode }
  /** `x * x`. */
  | { kind: "product"; left: SyntaxNode; right: SyntaxNode }
  /** `(double) x`, `static_cast<int>(x)`; `whole`: the value is known to be an integer already. */
  | { kind: "cast"; type: string; value: SyntaxNode; whole?: boolean }
  /** `new T(args)`: type as written (`List<double>`, `ArrayList<>`). */
  | { kind: "new"; type: string; args: readonly SyntaxNode[] }
  /** `new T[n]`, `new T[n][m]` (one length per dimension). */
  | { kind: "newArray"; lengths: readonly SyntaxNode[] }
  /** `new int[] {1, 2}`: only its values matter. */
  | { kind: "newInitialised"; values: SyntaxNode }
  /** A name that may be a constant with a sign (`M_PI`, `Math.PI`). */
  | { kind: "name"; text: string };

/**
 * `x * y` / `x ** y` of a tree-sitter binary expression (C, C++, Java, C#, JS/TS, Go and PHP name its
 * fields alike): a product or a power (JS/TS and PHP's `**`), else nothing.
 */
export function arithmeticConstruct(node: SyntaxNode): Construct | undefined {
  const left = node.childForFieldName("left");
  const right = node.childForFieldName("right");
  if (!left || !right) return undefined;
  const op = node.childForFieldName("operator")?.type;
  if (op === "*") return { kind: "product", left, right };
  return op === "**" ? { kind: "power", base: left, exponent: right } : undefined;
}

/** `(a + b)` → `a + b` (one pair of brackets around the whole text). */
export function withoutOuterParens(text: string): string {
  if (!text.startsWith("(") || !text.endsWith(")")) return text;
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === "(") depth++;
    else if (text[i] === ")" && --depth === 0 && i < text.length - 1) return text;
  }
  return text.slice(1, -1);
}

/** `strlen(s)`, `v.size()`: a call written as a call (not a sign), nothing around it. */
const isPlainCall = (text: string) => /^[\p{L}_][\p{L}\p{N}_.:>-]*\(/u.test(text) && text.endsWith(")") && isOperand(text);

/** A division inside brackets: a cast around it converts a result already computed (`(double)(a / b)`). */
const isBracketedDivision = (text: string) => text !== withoutOuterParens(text) && /[^/]\/[^/]/.test(text);

/**
 * The chart text of a construct, or undefined to leave the node as written. `render` gives the chart
 * text of a sub-node (with this layer applied).
 */
export function constructText(c: Construct, render: (node: SyntaxNode) => string, locale: Locale): string | undefined {
  const words = CODE_WORDS[locale];
  switch (c.kind) {
    case "call": {
      const fn = mathFunction(c.callee, c.args.length);
      return fn ? mathCallText(fn, c.args.map((a) => withoutOuterParens(render(a)))) : undefined;
    }
    case "power":
      return powerText(render(c.base), withoutOuterParens(render(c.exponent)));
    // Each case decides before it renders: a construct left as written is rendered again by the
    // caller, and rendering first would make a chain `a * b * c …` quadratic.
    case "product":
      return c.left.type === "identifier" && c.right.type === "identifier" && c.left.text === c.right.text
        ? powerText(render(c.left), "2")
        : undefined;
    case "cast": {
      const kind = castKind(c.type);
      if (!kind) return undefined;
      const value = render(c.value);
      if (/^'/.test(value)) return undefined; // `(int) 'a'` is a character code, not a number
      // An integer cast of an integer (`(int) strlen(s)`, `(int) n`) changes nothing a student
      // writes; a call's result is taken for one unless it became a sign (`(int) sqrt(n)` is `ціла частина(√n)`).
      if (kind === "integer") return c.whole || isPlainCall(value) ? value : words.integerPart(withoutOuterParens(value));
      return isBracketedDivision(value) ? undefined : value;
    }
    case "new": {
      if (c.args.length === 0) {
        const empty = emptyCollection(c.type, locale);
        if (empty) return empty;
      }
      // An object of a class reads as its construction (`Node(5)`); `new int(3)` makes a pointer and stays.
      const type = c.type.replace(/<[\s\S]*>$/, "");
      return /^[\p{Lu}]/u.test(type.replace(/^(?:[\w]*(?:\.|::))+/, "")) ? `${type}(${c.args.map(render).join(", ")})` : undefined;
    }
    case "newArray": {
      const lengths = c.lengths.map((l) => withoutOuterParens(render(l)));
      return words.arrayOf(lengths.length === 1 ? lengths[0]! : lengths.map((l) => (isOperand(l) ? l : `(${l})`)).join(" × "));
    }
    case "newInitialised":
      // A trailing comma the language allows (`{ s1, s2, }`) is no value.
      return render(c.values).replace(/,(\s*[}\]])$/, "$1");
    case "name":
      return isPi(c.text) ? PI : undefined;
  }
}

/**
 * A `replace` hook for rebuildText: the construct a language finds in a node, written by
 * constructText; undefined (the node as written) when the layer is off or nothing is found.
 */
export function notationReplace<C extends NotationSwitch>(
  find: (node: SyntaxNode, ctx: C) => Construct | undefined,
  render: (node: SyntaxNode, ctx: C) => string,
): (node: SyntaxNode, ctx: C) => string | undefined {
  return (node, ctx) => {
    if (ctx.asWritten) return undefined;
    const construct = find(node, ctx);
    return construct ? constructText(construct, (n) => render(n, ctx), ctx.locale) : undefined;
  };
}

/**
 * The printed items of a string concatenation (`"X1 = " + x1 + " y"` prints `"X1 = "`, `x1`, `" y"`):
 * an output lists its values, it does not build a string. Operands summed before the first string
 * stay one item (`a + b + " cm"` is `a + b`, `" cm"`); without a string the node is one item. Walks
 * the left spine of the `+` chain without recursion (a chain may be long).
 */
export function concatenationItems(
  node: SyntaxNode,
  plusOperands: (node: SyntaxNode) => [SyntaxNode, SyntaxNode] | undefined,
  isString: (node: SyntaxNode) => boolean,
): SyntaxNode[] {
  const spine: [SyntaxNode, SyntaxNode][] = [];
  const sums: SyntaxNode[] = [];
  let bottom = node;
  for (let parts = plusOperands(bottom); parts; parts = plusOperands(bottom)) {
    spine.push(parts);
    sums.push(bottom);
    bottom = parts[0];
  }
  let joined = isString(bottom);
  let items: SyntaxNode[] = [bottom];
  for (let i = spine.length - 1; i >= 0; i--) {
    const right = spine[i]![1];
    if (joined || isString(right)) {
      joined = true;
      items.push(right);
    } else items = [sums[i]!];
  }
  return joined ? items : [node];
}

/** `k++` / `--k` inside a statement: the variable, the step and whether it comes first. */
export interface Increment {
  node: SyntaxNode;
  target: SyntaxNode;
  op: "+=" | "-=";
  prefix: boolean;
}

/** Increments being written as their variable alone (see statementWithIncrements). */
const bareIncrements = new Map<SyntaxNode, SyntaxNode>();

/** The variable an increment inside a statement is written as, while that statement is rebuilt. */
export const bareIncrement = (node: SyntaxNode): SyntaxNode | undefined => bareIncrements.get(node);

/**
 * A statement hiding increments (`a[k++] = v`, `s += a[i++]`) as the steps the program does, in its
 * order: `a[k] := v, k := k + 1`; `a[++k] = v` → `k := k + 1, a[k] := v`. Undefined (the statement
 * as written) when there is none, or when the order is not plain: the variable used again in the
 * statement, an increment of anything but a name, or one under a `barrier` (`&&`, `?:`, a lambda),
 * which may not run at all.
 */
export function statementWithIncrements(
  stmt: SyntaxNode,
  increment: (node: SyntaxNode) => Increment | undefined,
  barrier: (node: SyntaxNode) => boolean,
  render: (node: SyntaxNode) => string,
): string | undefined {
  const found: Increment[] = [];
  const names = new Map<string, number>();
  const pending: [SyntaxNode, boolean][] = stmt.namedChildren.map((c) => [c, false]);
  while (pending.length > 0) {
    const [node, mayNotRun] = pending.pop()!;
    const inc = increment(node);
    if (inc) {
      if (mayNotRun || inc.target.type !== "identifier") return undefined;
      found.push(inc);
      continue;
    }
    if (node.type === "identifier") names.set(node.text, (names.get(node.text) ?? 0) + 1);
    const under = mayNotRun || barrier(node);
    for (const child of node.namedChildren) pending.push([child, under]);
  }
  if (found.length === 0) return undefined;
  if (found.some((inc) => names.has(inc.target.text) || found.filter((o) => o.target.text === inc.target.text).length > 1)) return undefined;
  for (const inc of found) bareIncrements.set(inc.node, inc.target);
  let text: string;
  try {
    text = render(stmt);
  } finally {
    for (const inc of found) bareIncrements.delete(inc.node);
  }
  const step = (inc: Increment) => augmentedAssignment(render(inc.target), inc.op, "1");
  found.sort((a, b) => a.node.startIndex - b.node.startIndex);
  return [...found.filter((i) => i.prefix).map(step), text, ...found.filter((i) => !i.prefix).map(step)].join(", ");
}

/**
 * `x = y = 0` as one assignment per variable: `x := 0, y := 0` when the value is a name or a
 * literal (the order does not matter then); otherwise the value is computed once, as the program
 * does it, innermost first: `x = y = f(a)` → `y := f(a), x := y`.
 */
export function chainedAssignment(targets: readonly string[], value: string): string {
  if (/^(?:[\p{L}_][\p{L}\p{N}_]*|-?[\d.]+[\p{L}]*|"[^"]*"|'[^']*')$/u.test(value)) {
    return targets.map((t) => `${t} ${ASSIGN} ${value}`).join(", ");
  }
  const steps = [`${targets[targets.length - 1]} ${ASSIGN} ${value}`];
  for (let i = targets.length - 2; i >= 0; i--) steps.push(`${targets[i]} ${ASSIGN} ${targets[i + 1]}`);
  return steps.join(", ");
}

/** The targets and value of `x = y = … = v` (two targets at least), or undefined. */
export function assignmentChain(node: SyntaxNode, assignmentType: string): { targets: SyntaxNode[]; value: SyntaxNode } | undefined {
  const targets: SyntaxNode[] = [];
  let n = node;
  while (n.type === assignmentType && n.childForFieldName("operator")?.type === "=") {
    const left = n.childForFieldName("left");
    const right = n.childForFieldName("right");
    if (!left || !right) return undefined;
    targets.push(left);
    n = right;
  }
  return targets.length >= 2 ? { targets, value: n } : undefined;
}
