/**
 * The engine's messages in the site's language. The engine speaks English, in a few fixed forms
 * (`syntax error at line L, column C: missing ")"`, `chart too large: …`, `source is empty`); each
 * form is recognised here and said again with the site's texts, the rest kept as the engine wrote
 * it. The line and the function are told apart from the text, so the page can make them a link.
 */
import type { FunctionError } from "../../engine/errors.ts";
import { fill, type ClientTexts } from "../i18n/index.ts";

type Words = ClientTexts["engine"];

/** Quoted tokens (`")"`, `'then'`) in the site's quotation marks. */
function quoted(text: string, words: Words): string {
  return text.replace(/"([^"]*)"|'([^']*)'/g, (_, a: string | undefined, b: string | undefined) => fill(words.quote, { text: a ?? b ?? "" }));
}

/** What a syntax error says after its position. */
function syntaxDetail(detail: string, words: Words): string {
  let match: RegExpExecArray | null;
  if ((match = /^missing (.+)$/.exec(detail))) return fill(words.missing, { what: quoted(match[1]!, words) });
  if ((match = /^(.+) was never closed$/.exec(detail))) return fill(words.unclosed, { bracket: quoted(match[1]!, words) });
  if (detail === "unexpected end of input" || detail === "end of input") return words.endOfInput;
  if ((match = /^unexpected (.+)$/s.exec(detail))) return fill(words.unexpected, { text: match[1]! });
  if ((match = /^expected (.+) but found (.+)$/s.exec(detail))) {
    const found = match[2] === "end of file" ? words.endOfFile : quoted(match[2]!, words);
    return fill(words.expected, { expected: quoted(match[1]!, words), found });
  }
  if ((match = /^(\w+) outside a loop$/.exec(detail))) return fill(words.outsideLoop, { word: match[1]! });
  return detail;
}

/**
 * One engine message (a function's error or a whole failure) in the site's language. The note of a
 * function drawn around what it could not read is left out: `FunctionError.recovered` says it, and
 * the page says it once for all such errors.
 */
export function engineMessage(message: string, words: Words): string {
  let rest = message;
  const recovered = / \(the chart is drawn; [^)]*\)$/.exec(rest);
  if (recovered) rest = rest.slice(0, recovered.index);
  let more = "";
  const andMore = / and (\d+) more$/.exec(rest);
  if (andMore) {
    rest = rest.slice(0, andMore.index);
    more = `, ${fill(words.andMore, { n: andMore[1]! })}`;
  }
  let match: RegExpExecArray | null;
  let text: string;
  if ((match = /^syntax error at line \d+, column \d+: (.+)$/s.exec(rest))) text = `${words.syntaxError}: ${syntaxDetail(match[1]!, words)}`;
  else if ((match = /^chart too (large|deeply nested): (.+)$/s.exec(rest))) text = fill(words.tooLarge, { why: match[2]! });
  else if (rest.startsWith("could not parse the source")) text = words.couldNotParse;
  else if (rest === "source is empty" || rest === "nothing to draw: the source has no statements") text = words.nothingToDraw;
  else text = rest;
  return `${text}${more}`;
}

/** An error of one or more functions: one problem the front-end reported for each of them. */
export interface Problem {
  names: string[];
  line?: number;
  col?: number;
  message: string;
}

/**
 * The errors as problems: those at the same place with the same words are one problem (an
 * unclosed bracket breaks every function after it) naming each function.
 */
export function problemsOf(errors: readonly FunctionError[]): Problem[] {
  const problems: Problem[] = [];
  for (const error of errors) {
    const same = problems.find((p) => p.line === error.line && p.col === error.col && p.message === error.message);
    if (same) same.names.push(error.name);
    else problems.push({ names: [error.name], line: error.line, col: error.col, message: error.message });
  }
  return problems;
}

/** Where a problem is, for the status line: «main, рядок 8» (the functions and the line). */
export function problemPlace(problem: Problem, words: Words): string {
  const names = problem.names.filter(Boolean).map((name) => fill(words.inFunction, { name }));
  const line = problem.line !== undefined ? fill(words.atLine, { line: problem.line }) : "";
  return [...names, line].filter(Boolean).join(", ");
}
