/**
 * Every call of the program's own subprograms in a predefined-process symbol (issue 20, RUBRIC:
 * "predefined process for calls of the program's own subprograms"). A statement that is a call, or
 * an assignment of one (`x := f(a)`, `Task1 t := new Task1()`, `A := Monik(3)`, C++ `Point p(3)`),
 * is the call symbol itself. A call inside an expression — a return, an output, a condition, a
 * loop header, a larger expression — is computed first, in evaluation order (arguments before the
 * call, left to right), each into a temporary named after the subprogram (`f := factorial(n − 1)`),
 * and the symbol then uses the temporary (`Повернути n * f`):
 *  - if/switch/for: the calls go before the symbol (a `for` header is evaluated once on entry);
 *  - while: before the loop and again at the end of its body, so each test sees a fresh value; a
 *    body with a `continue` of that loop would skip the second copy, so such a condition stays as written;
 *  - do-while: at the end of the body (same `continue` rule);
 *  - after a short-circuit operator or a conditional (`a > 0 і f(a)`, `c ? f(a) : b`) a call may not
 *    run at all, so it and what follows stay in the text (faithfulness first); so do the calls of a
 *    text with a lambda, a comprehension or Python's `a if c else b`.
 * Library calls (`sqrt`, `len`, `Math.Max`, `printf`) are not own calls. Works on the finished texts,
 * so all six front-ends are served alike; `callAsProcess` turns it off (calls stay process blocks).
 */
import type { Lang } from "../langs.ts";
import type { ResolvedOptions } from "../options.ts";
import { ASSIGN, logicalWord } from "../text/notation.ts";
import type { Block, ChartFunction, ChartTree, Node } from "../tree/schema.ts";
import { childBlocks } from "../tree/blocks.ts";
import { TREE_LIMITS } from "../tree/limits.ts"; // not schema.ts: that loads zod, which a render with valid options never needs
import { classOf, withoutClass } from "./subprograms.ts";
import { shortCircuit } from "./short-circuit.ts";

const IDENT = "[\\p{L}_][\\p{L}\\p{N}_]*";
/** A call's head at a position: optional `new`/`inherited`, a receiver chain (`a.b.`, `A::`, `p->`), the name, `(`. */
const CALL_HEAD = new RegExp(`(new\\s+|inherited\\s+)?((?:${IDENT}\\s*(?:\\.|::|->)\\s*)*)(${IDENT})\\s*\\(`, "uy");
const BARE_NAME = new RegExp(IDENT, "uy");
const ANY_NAME = new RegExp(IDENT, "gu");
/** C++ `Monik a(3)`: a declaration with constructor arguments. */
const DECLARATION = new RegExp(`^(${IDENT})\\s+${IDENT}\\s*\\(.*\\)$`, "su");
const WORD_START = /[\p{L}_]/u;
/** First characters of CONDITIONAL's operators. */
const CONDITIONAL_START = "\u0456\u0430ao&|?";
const IDENT_CHAR = /[\p{L}\p{N}_.:>]/u;
/** Operators after which the rest of an expression may not run. */
const CONDITIONAL = /^(?:(?:і|або|and|or)(?![\p{L}\p{N}_])|&&|\|\||\?)/u;
/**
 * Texts whose calls may run per element, later or not at all: lambdas, comprehensions, and
 * Python's `a if c else b` (its first operand comes before the test).
 */
const DEFERRED = /(?:^|[^\p{L}\p{N}_])(?:for|lambda|для|if)(?![\p{L}\p{N}_])|=>|\s->\s/u;
/**
 * Calls nested deeper than this stay in their argument's text: each level rescans its arguments,
 * so the bound keeps the work linear in the text.
 */
const MAX_NESTING = 16;

/** The subprograms a call can reach, as the source names them. */
interface OwnNames {
  /** Every subprogram's own name (`factorial`, `start`, `Create`). */
  subprograms: Set<string>;
  /** Methods' names: reached through an object (`task1.Start()`). */
  methods: Set<string>;
  /** Classes with a constructor of their own (`new Monik()`, `Monik()`, `Monik a(…)`). */
  classes: Set<string>;
  /** Every class the charts name (a receiver `Task1.` that is no object). */
  allClasses: Set<string>;
  /** Pascal functions without parameters, called without parentheses (`x := GetValue + 1`). */
  bare: Set<string>;
  fold: (name: string) => string;
  /** A receiver named like a class, not an object (`Math`; Pascal, whose objects are capitalised too: `TList`, `EError`). */
  isTypeName: (name: string) => boolean;
}

/** `A.sort(int[])` / `f 2` → `A.sort` / `f`: the name as the source writes it. */
function sourceName(name: string): string {
  return name.replace(/\(.*$/s, "").replace(/ \d+$/, "");
}

function ownNames(tree: ChartTree, lang: Lang): OwnNames {
  const fold = lang === "pascal" ? (s: string) => s.toLowerCase() : (s: string) => s;
  const isTypeName = lang === "pascal" ? (s: string) => /^[TE]\p{Lu}/u.test(s) : (s: string) => /^\p{Lu}/u.test(s);
  const names: OwnNames = { subprograms: new Set(), methods: new Set(), classes: new Set(), allClasses: new Set(), bare: new Set(), fold, isTypeName };
  for (const fn of tree) {
    if (fn.main === true) continue;
    const name = sourceName(fn.name);
    const own = withoutClass(name);
    const cls = classOf(name);
    names.subprograms.add(fold(own));
    if (fn.kind === "method") names.methods.add(fold(own));
    if (lang === "pascal" && fn.kind === "function" && fn.params?.length === 0) names.bare.add(fold(own));
    if (cls !== undefined) {
      const clsName = withoutClass(cls);
      names.allClasses.add(fold(clsName));
      if (own === clsName || own === "__init__") names.classes.add(fold(clsName));
    }
  }
  return names;
}

/** Is `receiver.name(…)` (receiver "" for a plain call) a call of the program's own subprogram? */
function isOwn(receiver: string, name: string, prefix: string | undefined, own: OwnNames, namespaced = false): boolean {
  const n = own.fold(name);
  if (prefix?.startsWith("new")) return own.classes.has(n);
  // Pascal `inherited Create(…)`: the parent's own constructor or method.
  if (receiver === "" || prefix !== undefined) return own.subprograms.has(n) || own.classes.has(n);
  const raw = receiver.split(/\.|::|->/).pop()!.trim();
  const last = own.fold(raw);
  if (last === "self" || last === "this" || own.allClasses.has(last)) return own.subprograms.has(n);
  // C++ `geo::circle_area(r)`: a function of the program's own namespace (`std::` is dropped already).
  if (namespaced && !own.isTypeName(raw)) return own.subprograms.has(n) && !own.methods.has(n);
  // `obj.start()` on an object; `Math.Max(…)`, `Console.…`, Pascal `EArgumentException.Create` are a library's classes.
  return own.methods.has(n) && !own.isTypeName(raw);
}

/** End of the string literal starting at `i` ("…" with escapes, '…' with '' or escapes). */
function literalEnd(text: string, i: number): number {
  const quote = text[i]!;
  for (let j = i + 1; j < text.length; j++) {
    if (text[j] === "\\") j++;
    else if (text[j] === quote) {
      if (quote === "'" && text[j + 1] === "'") j++;
      else return j + 1;
    }
  }
  return text.length;
}

/** Index of the `)` closing the `(` before `from`, or -1. */
function closing(text: string, from: number): number {
  let depth = 1;
  for (let i = from; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === '"' || ch === "'") i = literalEnd(text, i) - 1;
    else if ("([{".includes(ch)) depth++;
    else if (")]}".includes(ch) && --depth === 0) return i;
  }
  return -1;
}

/** Per chart: the temporaries' names (unique in the chart) and the calls hoisted so far. */
class Hoister {
  private readonly own: OwnNames;
  /** Names in use in the chart (folded as the language compares names), read on the first temporary. */
  private takenNames: Set<string> | undefined;
  private readonly chart: ChartFunction;
  private readonly byCallee = new Map<string, string[]>();
  private readonly numbered = new Map<string, number>();
  private used = new Map<string, number>();
  /** A short-circuit or conditional operator was passed: what follows may not run. */
  private conditional = false;
  /** Own calls being rewritten around the current position. */
  private nesting = 0;
  /** Symbols the chart may still gain (TREE_LIMITS): past it calls stay in their texts. */
  private budget: number;
  out: Node[] = [];

  /** The chart's own function (folded): inside it, its bare name is the result variable. */
  private readonly self: string;

  constructor(own: OwnNames, chart: ChartFunction, budget: number, self: string) {
    this.own = own;
    this.chart = chart;
    this.budget = budget;
    this.self = self;
  }

  /** A Pascal function called without parentheses at `i`: its name, else undefined. */
  private bareCall(text: string, i: number): string | undefined {
    if (this.own.bare.size === 0 || this.budget <= 0) return undefined;
    BARE_NAME.lastIndex = i;
    const name = BARE_NAME.exec(text)?.[0];
    const folded = name === undefined ? "" : this.own.fold(name);
    if (name === undefined || folded === this.self || !this.own.bare.has(folded)) return undefined;
    // Not a call when assigned to or followed by its arguments.
    return /^\s*(?:\(|:=)/.test(text.slice(i + name.length, i + name.length + 8)) ? undefined : name;
  }

  /** Starts a statement: a callee's temporaries are reused from the first again. */
  statement(): void {
    this.used = new Map();
    this.conditional = false;
    this.out = [];
  }

  private get taken(): Set<string> {
    this.takenNames ??= new Set([...identifiers(this.chart)].map(this.own.fold));
    return this.takenNames;
  }

  /** The temporary for the next call of `callee` in this statement: `f`, `f1`, `f2` … */
  private temporary(callee: string): string {
    const key = this.own.fold(callee);
    const k = this.used.get(key) ?? 0;
    this.used.set(key, k + 1);
    const names = this.byCallee.get(key) ?? [];
    this.byCallee.set(key, names);
    if (names[k] === undefined) {
      // `findMin` / `GetValue` / `get_sum` → `Min` / `Value` / `sum`: the letter of what it computes.
      const plain = callee.replace(/^_+/, "");
      const stem = (plain.charAt(0).toLowerCase() + plain.slice(1)).replace(/^(?:get|find|calc|calculate|compute|count|read|make|is|has|check|do)(?=[\p{Lu}_])_?/u, "");
      const letter = (stem[0] ?? callee[0] ?? "t").toLowerCase();
      // Numbers go on from the last one given for this letter (a long expression: no rescan from 1).
      let n = this.numbered.get(letter) ?? 0;
      let candidate = n === 0 ? letter : `${letter}${n}`;
      while (this.taken.has(this.own.fold(candidate)) || this.own.subprograms.has(this.own.fold(candidate))) candidate = `${letter}${++n}`;
      this.numbered.set(letter, n);
      this.taken.add(this.own.fold(candidate));
      names[k] = candidate;
    }
    return names[k]!;
  }

  /** The call at `match` (its `(` ends at `open`) if it is own: [start, end, text with inner calls hoisted]. */
  private ownCall(text: string, match: RegExpExecArray, open: number): { end: number; call: string } | undefined {
    const [, prefix, receiver = "", name = ""] = match;
    if (this.nesting >= MAX_NESTING || this.budget <= 0) return undefined;
    if (!isOwn(receiver.replace(/\s*(?:\.|::|->)\s*$/, ""), name, prefix, this.own, /::\s*$/.test(receiver))) return undefined;
    const close = closing(text, open);
    if (close < 0) return undefined;
    this.nesting++;
    const args = this.rewrite(text.slice(open, close));
    this.nesting--;
    return { end: close + 1, call: `${text.slice(match.index, open)}${args})` };
  }

  /** `text` with every own call it may hoist replaced by its temporary; the calls go to `out`. */
  rewrite(text: string): string {
    // Most texts call nothing: no scan.
    if (this.own.bare.size === 0 && !text.includes("(")) return text;
    let result = "";
    let i = 0;
    while (i < text.length) {
      const ch = text[i]!;
      if (ch === '"' || ch === "'") {
        const end = literalEnd(text, i);
        result += text.slice(i, end);
        i = end;
        continue;
      }
      // Only where a word or an operator starts: the tests below are regexes.
      const starts = !IDENT_CHAR.test(text[i - 1] ?? " ");
      if (!this.conditional && starts && CONDITIONAL_START.includes(ch) && CONDITIONAL.test(text.slice(i, i + 4))) this.conditional = true;
      CALL_HEAD.lastIndex = i;
      const match = !this.conditional && starts && WORD_START.test(ch) ? CALL_HEAD.exec(text) : null;
      if (match) {
        const open = match.index + match[0].length;
        const own = this.ownCall(text, match, open);
        if (own) {
          const temp = this.temporary(match[3]!);
          this.budget--;
          this.out.push({ kind: "call", text: `${temp} ${ASSIGN} ${own.call}` });
          result += temp;
          i = own.end;
        } else {
          // A library call: its arguments may still call own subprograms.
          result += text.slice(i, open);
          i = open;
        }
        continue;
      }
      const bare = !this.conditional && starts && WORD_START.test(ch) ? this.bareCall(text, i) : undefined;
      if (bare !== undefined) {
        const temp = this.temporary(bare);
        this.budget--;
        this.out.push({ kind: "call", text: `${temp} ${ASSIGN} ${bare}` });
        result += temp;
        i += bare.length;
        continue;
      }
      result += ch;
      i++;
    }
    return result;
  }

  /** Does `text` call an own subprogram anywhere (also where it may not run)? Changes nothing. */
  callsOwn(text: string): boolean {
    for (let i = 0; i < text.length; i++) {
      const ch = text[i]!;
      if (ch === '"' || ch === "'") {
        i = literalEnd(text, i) - 1;
        continue;
      }
      if (!WORD_START.test(ch) || IDENT_CHAR.test(text[i - 1] ?? " ")) continue;
      CALL_HEAD.lastIndex = i;
      const match = CALL_HEAD.exec(text);
      const [, prefix, receiver = "", name = ""] = match ?? [];
      if (match && isOwn(receiver.replace(/\s*(?:\.|::|->)\s*$/, ""), name, prefix, this.own, /::\s*$/.test(receiver))) return true;
      if (this.bareCall(text, i) !== undefined) return true;
    }
    return false;
  }

  /** The whole text is one own call (`f(a)`, `new Monik()`): it with its arguments' calls hoisted. */
  wholeCall(text: string): string | undefined {
    if (this.bareCall(text, 0) === text) return text;
    CALL_HEAD.lastIndex = 0;
    const match = CALL_HEAD.exec(text);
    if (!match) return undefined;
    const open = match[0].length;
    const close = closing(text, open);
    if (close !== text.length - 1) return undefined;
    return this.ownCall(text, match, open)?.call;
  }
}

/** Identifiers anywhere in a chart (temporaries must not clash with them). */
function identifiers(fn: ChartFunction): Set<string> {
  const found = new Set<string>(fn.params ?? []);
  const add = (text: string) => {
    ANY_NAME.lastIndex = 0;
    for (let m = ANY_NAME.exec(text); m; m = ANY_NAME.exec(text)) found.add(m[0]);
  };
  add(fn.name);
  const walk = (block: Block | undefined): void => {
    for (const node of block?.stmts ?? []) {
      if ("text" in node) add(node.text);
      if ("cond" in node) add(node.cond);
      for (const inner of childBlocks(node)) walk(inner);
    }
  };
  walk(fn.block);
  return found;
}


function countNodes(block: Block): number {
  let count = 0;
  const stack: Block[] = [block];
  while (stack.length > 0) {
    for (const node of stack.pop()!.stmts) {
      count++;
      stack.push(...childBlocks(node));
    }
  }
  return count;
}

/** Does `block` hold a `continue` of the loop it is the body of (not of a loop nested in it)? */
function continues(block: Block): boolean {
  return block.stmts.some((node) => {
    if (node.kind === "continue") return true;
    if (node.kind === "if") return continues(node.then) || (node.else !== undefined && continues(node.else));
    if (node.kind === "switch") return node.cases.some((c) => continues(c.body)) || (node.default !== undefined && continues(node.default));
    return false;
  });
}

/** A call symbol in the place of a process or call statement. */
function asCall(node: Node, text: string): Node {
  return node.loc ? { kind: "call", text, loc: node.loc } : { kind: "call", text };
}

const ASSIGNMENT = new RegExp(`^([^"']*?) ${ASSIGN} (.*)$`, "su");

/** A branch small enough to draw twice (one or two simple symbols): a short-circuit decision split in two needs it on both. */
function repeatable(block: Block | undefined): boolean {
  const simple = new Set<Node["kind"]>(["process", "io", "call", "terminal", "break", "continue"]);
  return block === undefined || (block.stmts.length <= 2 && block.stmts.every((n) => simple.has(n.kind)));
}

class ChartCalls {
  private readonly own: OwnNames;
  private readonly hoister: Hoister;
  private readonly options: ResolvedOptions;

  constructor(own: OwnNames, fn: ChartFunction, options: ResolvedOptions) {
    this.own = own;
    this.options = options;
    this.hoister = new Hoister(own, fn, TREE_LIMITS.maxNodes - countNodes(fn.block), own.fold(withoutClass(sourceName(fn.name))));
  }

  /** The hoisted call symbols, at the position of the statement they came from. */
  private placed(node: Node): Node[] {
    return node.loc ? this.hoister.out.map((n) => ({ ...n, loc: node.loc })) : this.hoister.out;
  }

  /** A text's own calls hoisted: [the call symbols, the text using their temporaries]. */
  private hoisted(node: Node, text: string): [Node[], string] {
    this.hoister.statement();
    if (DEFERRED.test(text)) return [[], text];
    const rewritten = this.hoister.rewrite(text);
    return [this.placed(node), rewritten];
  }

  /** A process or call statement: the call symbol itself when it is (an assignment of) one own call. */
  private statement(node: Extract<Node, { kind: "process" | "call" }>): Node[] {
    this.hoister.statement();
    if (DEFERRED.test(node.text)) return [node];
    const assignment = ASSIGNMENT.exec(node.text);
    const [target, value] = assignment ? [`${assignment[1]} ${ASSIGN} `, assignment[2]!] : ["", node.text];
    const whole = this.hoister.wholeCall(value);
    if (whole !== undefined) return [...this.placed(node), asCall(node, `${target}${whole}`)];
    // C++ `Point p(3)`: a declaration that runs the class's own constructor.
    const declared = DECLARATION.exec(node.text);
    if (declared && this.own.classes.has(this.own.fold(declared[1]!))) return [asCall(node, node.text)];
    const [before, text] = this.hoisted(node, node.text);
    node.text = text;
    return [...before, node];
  }

  /**
   * A condition that was one own call and is now its temporary alone (`j`, `не j`) compares it with a
   * truth value — `j = істина`, `j = хибність` — so the decision asks something. (A C/C++ call
   * returning a number reads `j ≠ 0` already: truth.ts.)
   */
  private truthTest(cond: string, before: Node[]): string {
    const temps = new Set(before.map((n) => ("text" in n ? n.text.split(` ${ASSIGN} `)[0]! : "")));
    const { texts, locale } = this.options;
    if (temps.has(cond)) return `${cond} = ${texts.trueWord}`;
    const not = `${logicalWord("not", locale)!} `;
    const negated = cond.startsWith(not) ? cond.slice(not.length) : "";
    return temps.has(negated) ? `${negated} = ${texts.falseWord}` : cond;
  }

  /**
   * `if L і R` / `if L або R` with an own call in R, which may not run, as two decisions, so the call
   * is computed where R is evaluated: `L і R` → if L: (if R: T else E) else E; `L або R` → if L: T
   * else (if R: T else E). The branch drawn twice must be small (repeatable); otherwise undefined and
   * the condition keeps the call in its text.
   */
  private nestedDecisions(node: Extract<Node, { kind: "if" }>): Node | undefined {
    const split = shortCircuit(node.cond, this.options.locale);
    if (!split || !this.hoister.callsOwn(split.right) || DEFERRED.test(node.cond)) return undefined;
    const at = <T extends Node>(n: T): T => (node.loc ? { ...n, loc: node.loc } : n);
    const copy = (b: Block): Block => structuredClone(b);
    if (split.op === "and") {
      if (!repeatable(node.else)) return undefined;
      const inner = at<Node>(node.else ? { kind: "if", cond: split.right, then: node.then, else: copy(node.else) } : { kind: "if", cond: split.right, then: node.then });
      return at<Node>(node.else ? { kind: "if", cond: split.left, then: { stmts: [inner] }, else: node.else } : { kind: "if", cond: split.left, then: { stmts: [inner] } });
    }
    if (!repeatable(node.then)) return undefined;
    const inner = at<Node>(node.else ? { kind: "if", cond: split.right, then: copy(node.then), else: node.else } : { kind: "if", cond: split.right, then: copy(node.then) });
    return at<Node>({ kind: "if", cond: split.left, then: node.then, else: { stmts: [inner] } });
  }

  /** Copies of hoisted symbols for a second place (a while loop's back path). */
  private static copies(nodes: Node[]): Node[] {
    return nodes.map((n) => ({ ...n }));
  }

  block(block: Block): void {
    const out: Node[] = [];
    for (const node of block.stmts) out.push(...this.node(node));
    block.stmts = out;
  }

  private node(node: Node): Node[] {
    switch (node.kind) {
      case "process":
      case "call":
        return this.statement(node);
      case "io":
      case "terminal": {
        const [before, text] = this.hoisted(node, node.text);
        node.text = text;
        return [...before, node];
      }
      case "if": {
        const nested = this.nestedDecisions(node);
        if (nested) return this.node(nested);
        const [before, cond] = this.hoisted(node, node.cond);
        for (const inner of childBlocks(node)) this.block(inner);
        node.cond = this.truthTest(cond, before);
        return [...before, node];
      }
      case "switch":
      case "for": {
        const [before, cond] = this.hoisted(node, node.cond);
        for (const inner of childBlocks(node)) this.block(inner);
        node.cond = cond;
        return [...before, node];
      }
      case "while": {
        const [before, cond] = continues(node.body) ? [[], node.cond] : this.hoisted(node, node.cond);
        for (const inner of childBlocks(node)) this.block(inner);
        node.body.stmts.push(...ChartCalls.copies(before));
        node.cond = this.truthTest(cond, before);
        return [...before, node];
      }
      case "dowhile": {
        this.block(node.body);
        const [before, cond] = continues(node.body) ? [[], node.cond] : this.hoisted(node, node.cond);
        node.body.stmts.push(...before);
        node.cond = this.truthTest(cond, before);
        return [node];
      }
      case "infloop":
        this.block(node.body);
        return [node];
      default:
        return [node];
    }
  }
}

/** Every own call of every chart of `tree` in a predefined-process symbol (in place). */
export function ownCallsShown(tree: ChartTree, lang: Lang, options: ResolvedOptions): ChartTree {
  if (options.callAsProcess) return tree;
  const own = ownNames(tree, lang);
  if (own.subprograms.size === 0 && own.classes.size === 0) return tree;
  for (const fn of tree) new ChartCalls(own, fn, options).block(fn.block);
  return tree;
}
