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
import { ASSIGN, comparisonSymbol, logicalWord } from "../../text/notation.ts";
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

/** Text of a token run. */
export function exprText(tokens: readonly Token[], locale: Locale): string {
  let out = "";
  let prev: Piece | undefined;
  for (const tok of tokens) {
    const cur = piece(tok, locale);
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
