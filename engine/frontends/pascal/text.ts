/**
 * Chart text of Pascal token runs: tokens re-joined with normalised spacing and the shared operator
 * notation (engine/text/notation.ts): `<>` → `≠`, `<=` → `≤`, `>=` → `≥`, `and`/`or`/`not` → locale
 * words, `:=` spaced. `=` (already comparison in Pascal), `div`, `mod`, `xor`, `shl`, `shr`, `in`
 * and string literals stay as written.
 *
 * Spacing: none after `(`/`[`/`.` or before `)`/`]`/`,`/`.`/`;`, one after `,`, always one around
 * word operators and `:=`, one between two words; elsewhere one space where the source had any.
 */
import type { Locale } from "../../options.ts";
import type { NotationSwitch } from "../code-notation.ts";
import { ASSIGN, comparisonSymbol, logicalWord } from "../../text/notation.ts";
import { emptyCollection, mathCallText, mathFunction, PI, powerText } from "../../text/math-signs.ts";
import type { Token } from "./lexer.ts";

/** Word operators written with spaces around them. */
const WORD_OPS = new Set(["and", "or", "xor", "div", "mod", "shl", "shr", "in", "is", "as", "not"]);

interface Piece {
  text: string;
  /** Always spaced: before / after. */
  before?: boolean;
  after?: boolean;
  wordLike: boolean;
  tok: Token;
}

function piece(tok: Token, locale: Locale): Piece {
  if (tok.kind === "word") {
    if (tok.lower === "and" || tok.lower === "or") {
      return { text: logicalWord(tok.lower, locale)!, before: true, after: true, wordLike: true, tok };
    }
    if (tok.lower === "not") return { text: logicalWord("not", locale)!, after: true, wordLike: true, tok };
    if (WORD_OPS.has(tok.lower)) return { text: tok.text, before: true, after: true, wordLike: true, tok };
    return { text: tok.text, wordLike: true, tok };
  }
  if (tok.kind === "op") {
    if (tok.text === ":=") return { text: ASSIGN, before: true, after: true, wordLike: false, tok };
    if (tok.text === "<>" || tok.text === "<=" || tok.text === ">=") {
      return { text: comparisonSymbol(tok.text), wordLike: false, tok };
    }
    return { text: tok.text, wordLike: false, tok };
  }
  return { text: tok.text, wordLike: true, tok };
}

const NO_SPACE_BEFORE = new Set([",", ")", "]", ";", ".", "^"]);
const NO_SPACE_AFTER = new Set(["(", "[", ".", "@"]);

/**
 * The closing bracket of each opening one in a token run (index → index), found once: the notation
 * layer below renders a call's arguments from the same run without scanning it again.
 */
function matchingBrackets(tokens: readonly Token[]): Map<number, number> {
  const match = new Map<number, number>();
  const open: number[] = [];
  tokens.forEach((t, i) => {
    if (t.kind !== "op") return;
    if (t.text === "(" || t.text === "[") open.push(i);
    else if ((t.text === ")" || t.text === "]") && open.length > 0) match.set(open.pop()!, i);
  });
  return match;
}

/** Text of a token run, with the library calls and `pi` as signs unless `ctx.asWritten` (code-notation.ts). */
export function exprText(tokens: readonly Token[], ctx: NotationSwitch): string {
  return render(tokens, 0, tokens.length, ctx, ctx.asWritten ? undefined : matchingBrackets(tokens));
}

/**
 * `sqrt(x)`, `sqr(x)`, `abs(x)`, `power(x, n)` as one piece written with signs (its arguments rendered
 * from the same run), and the index after it; undefined when tokens[i] starts no such call.
 */
function mathCall(tokens: readonly Token[], i: number, ctx: NotationSwitch, match: Map<number, number>): [string, number] | undefined {
  const open = tokens[i + 1];
  const close = match.get(i + 1);
  if (open?.text !== "(" || close === undefined) return undefined;
  const args: [number, number][] = [];
  let from = i + 2;
  for (let j = from; j < close; j++) {
    const t = tokens[j]!;
    if (t.kind === "op" && t.text === ",") {
      args.push([from, j]);
      from = j + 1;
    } else if (match.has(j)) j = match.get(j)!;
  }
  if (from < close) args.push([from, close]);
  const fn = mathFunction(tokens[i]!.lower, args.length);
  return fn ? [mathCallText(fn, args.map(([a, b]) => render(tokens, a, b, ctx, match))), close + 1] : undefined;
}

/**
 * PascalABC.NET `new T…` at tokens[i], read as code-notation.ts reads Java's and C#'s `new`: an empty
 * collection (`new List<Point>`, `new List<integer>()`) is its word and the index after it; an object
 * of a class (`new Point(1, 2)`) is null — `new` is dropped and `Point(1, 2)` follows; anything else
 * (`new integer[n]`) undefined, as written.
 */
function newObject(tokens: readonly Token[], i: number, to: number, ctx: NotationSwitch): [string, number] | null | undefined {
  let j = i + 1;
  if (tokens[j]?.kind !== "word") return undefined;
  let type = tokens[j]!.text;
  j++;
  while (j + 1 < to && tokens[j]!.text === "." && tokens[j + 1]!.kind === "word") {
    type += `.${tokens[j + 1]!.text}`;
    j += 2;
  }
  if (tokens[j]?.text === "<") {
    let depth = 0;
    for (; j < to; j++) {
      if (tokens[j]!.text === "<") depth++;
      else if (tokens[j]!.text === ">" && --depth === 0) break;
    }
    j++;
  }
  const emptyArgs = tokens[j]?.text === "(" && tokens[j + 1]?.text === ")";
  const noArgs = j >= to || tokens[j]!.text !== "(" || emptyArgs;
  const empty = noArgs ? emptyCollection(type, ctx.locale) : undefined;
  if (empty) return [empty, emptyArgs ? j + 2 : j];
  if (tokens[j]?.text === "[") return undefined;
  return /^\p{Lu}/u.test(type.replace(/^(?:\w+\.)+/, "")) ? null : undefined;
}

/** Tokens that bind an operand tighter than `*` or on its left: `a / x * x` is `(a / x) * x`, no square. */
const BINDS_LEFT = new Set(["/", "*", "div", "mod", "and", ".", "^", "@"]);
const BINDS_RIGHT = new Set([".", "[", "(", "^"]);

/** `x * x` (a plain name times itself, nothing binding tighter around it) at tokens[i]. */
function isSquare(tokens: readonly Token[], i: number, to: number): boolean {
  const [x, times, y, after] = [tokens[i]!, tokens[i + 1], tokens[i + 2], tokens[i + 3]];
  if (times?.text !== "*" || y?.kind !== "word" || y.lower !== x.lower || i + 2 >= to || WORD_OPS.has(x.lower)) return false;
  const before = tokens[i - 1];
  return !(before && BINDS_LEFT.has(before.lower)) && !(after && i + 3 < to && BINDS_RIGHT.has(after.text));
}

function render(tokens: readonly Token[], from: number, to: number, ctx: NotationSwitch, match: Map<number, number> | undefined): string {
  let out = "";
  let prev: Piece | undefined;
  for (let i = from; i < to; i++) {
    const tok = tokens[i]!;
    let cur = piece(tok, ctx.locale);
    if (match && tok.kind === "word") {
      const call = mathCall(tokens, i, ctx, match);
      if (call && call[1] <= to) {
        cur = { text: call[0], wordLike: true, tok };
        i = call[1] - 1;
      } else if (isSquare(tokens, i, to)) {
        cur = { text: powerText(tok.text, "2"), wordLike: true, tok };
        i += 2;
      } else if (tok.lower === "pi" && tokens[i + 1]?.text !== "(" && tokens[i - 1]?.text !== ".") cur = { text: PI, wordLike: true, tok };
      else if (tok.lower === "new") {
        const made = newObject(tokens, i, to, ctx);
        if (made === null) continue; // `new Point(…)`: the construction reads `Point(…)`
        if (made) {
          cur = { text: made[0], wordLike: true, tok };
          i = made[1] - 1;
        }
      }
    }
    if (prev) {
      let space: boolean;
      if (NO_SPACE_BEFORE.has(cur.text) && cur.tok.kind === "op") space = false;
      else if (NO_SPACE_AFTER.has(prev.text) && prev.tok.kind === "op") space = false;
      else if (prev.text === "," && prev.tok.kind === "op") space = true;
      else if (cur.before || prev.after) space = true;
      else if (cur.text === "(" && prev.tok.kind === "word") space = false;
      else if (cur.wordLike && prev.wordLike) space = true;
      else space = tok.space;
      if (space) out += " ";
    }
    out += cur.text;
    prev = cur;
  }
  return out;
}

/** Precedence classes of Pascal operators, mapped to the notation's Python-style operators. */
const OP_CLASS: Readonly<Record<string, string>> = {
  "=": "==", "<>": "==", "<": "==", ">": "==", "<=": "==", ">=": "==", in: "==", is: "==",
  "+": "+", "-": "-", or: "or", xor: "|",
  "*": "*", "/": "/", div: "//", mod: "%", and: "and", shl: "<<", shr: ">>",
};
const RANK: Readonly<Record<string, number>> = {
  "==": 1, "+": 2, "-": 2, or: 2, "|": 2, "*": 3, "/": 3, "//": 3, "%": 3, and: 3, "<<": 3, ">>": 3,
};

/** The top-level (loosest, rightmost) binary operator of a token run, as a notation operator. */
export function topOperator(tokens: readonly Token[]): string | undefined {
  let depth = 0;
  let best: string | undefined;
  let operand = false;
  for (const t of tokens) {
    const key = t.kind === "word" || t.kind === "op" ? t.lower : "";
    if (t.kind === "op" && (t.text === "(" || t.text === "[")) {
      depth++;
      operand = false;
      continue;
    }
    if (t.kind === "op" && (t.text === ")" || t.text === "]")) {
      depth--;
      operand = true;
      continue;
    }
    const cls = OP_CLASS[key];
    if (cls !== undefined && (t.kind === "op" || WORD_OPS.has(key))) {
      if (depth === 0 && operand && (best === undefined || RANK[cls]! <= RANK[best]!)) best = cls;
      operand = false;
      continue;
    }
    if (key === "not" || key === "@" || key === "^") {
      if (key === "^" && operand) continue;
      operand = false;
      continue;
    }
    operand = true;
  }
  return best;
}
