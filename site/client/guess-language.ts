/**
 * The language a pasted program is written in, guessed from the marks each language leaves
 * (`#include <iostream>`, `using namespace`, `def f():`, `begin`/`end;`, `public static void main`,
 * `Console.`…). A small fixed table of weighted patterns: deterministic, one pass per pattern over
 * the text (linear), and silent (null) unless one language clearly leads — the playground switches
 * to it or offers to, it never fights a student over a fragment. No pattern can backtrack across
 * lines (`[ \t]` where a line's spaces are meant), so the work stays linear in the text.
 */
import type { SourceLang } from "./protocol.ts";

interface Mark {
  pattern: RegExp;
  weight: number;
}

/** JavaScript's marks; TypeScript has them all and its types besides. */
const JAVASCRIPT_MARKS: readonly Mark[] = [
  { pattern: /\bconsole\.(log|error|info)\s*\(/, weight: 6 },
  { pattern: /^[ \t]*(const|let)\s+\w+\s*=/m, weight: 3 },
  { pattern: /=>/, weight: 2 },
  { pattern: /\brequire\s*\(\s*['"]/, weight: 3 },
  { pattern: /\bprompt\s*\(/, weight: 2 },
  { pattern: /===|!==/, weight: 1 },
];

const SCRIPT_MARKS = {
  javascript: JAVASCRIPT_MARKS,
  typescript: [
    ...JAVASCRIPT_MARKS,
    { pattern: /[\w)]\s*:\s*(number|string|boolean|void|any)(\[\])?\s*[,)=;{]/, weight: 6 },
    { pattern: /^[ \t]*(export\s+)?(interface|type)\s+\w+/m, weight: 3 },
    { pattern: /\bas\s+(number|string|const)\b/, weight: 3 },
  ],
  go: [
    { pattern: /^[ \t]*package\s+\w+[ \t]*$/m, weight: 8 },
    { pattern: /\bfunc\s+(\(\w+\s+\*?\w+\)\s*)?\w+\s*\(/, weight: 4 },
    { pattern: /\bfmt\.(Print|Println|Printf|Scan|Scanln|Scanf|Sprintf)\s*\(/, weight: 6 },
    { pattern: /^[ \t]*import\s+(\(|"fmt")/m, weight: 3 },
  ],
  php: [
    { pattern: /<\?php\b/, weight: 10 },
    { pattern: /\$\w+\s*(=|\[|->)/, weight: 4 },
    { pattern: /^[ \t]*echo\b/m, weight: 3 },
  ],
} as const;

/** Marks of each language, with how strongly each one speaks for it (counted once per program). */
const MARKS: Record<SourceLang, readonly Mark[]> = {
  python: [
    { pattern: /^[ \t]*def[ \t]+\w+[ \t]*\(/m, weight: 5 },
    { pattern: /^[ \t]*(if|elif|while|for)\b[^\n{;]*:[ \t]*$/m, weight: 3 },
    { pattern: /^[ \t]*elif\b/m, weight: 3 },
    { pattern: /^[ \t]*else[ \t]*:/m, weight: 2 },
    { pattern: /\bfor\s+\w+\s+in\s+/, weight: 3 },
    { pattern: /\b(input|print)[ \t]*\([^\n;]*\)[ \t]*$/m, weight: 1 },
    { pattern: /^[ \t]*(import\s+\w+|from\s+\w+\s+import\b)[^;\n]*$/m, weight: 2 },
    { pattern: /^[ \t]*#(?!\s*(include|define|if|endif|pragma)\b)/m, weight: 1 },
  ],
  c: [
    { pattern: /^[ \t]*#\s*include\s*<\w+\.h>/m, weight: 3 },
    { pattern: /\b(printf|scanf|puts|getchar)\s*\(/, weight: 3 },
    { pattern: /\bint\s+main\s*\(\s*(void)?\s*\)/, weight: 2 },
    { pattern: /\b(malloc|free)\s*\(/, weight: 1 },
  ],
  cpp: [
    { pattern: /^[ \t]*#\s*include\s*<(iostream|string|vector|cmath|iomanip|algorithm|fstream|map|set)>/m, weight: 6 },
    { pattern: /\busing\s+namespace\s+std\b/, weight: 6 },
    { pattern: /\bstd::/, weight: 4 },
    { pattern: /\b(cout|cerr)\s*<</, weight: 4 },
    { pattern: /\bcin\s*>>/, weight: 4 },
    { pattern: /^[ \t]*#\s*include\b/m, weight: 1 },
  ],
  java: [
    { pattern: /\bpublic\s+static\s+void\s+main\s*\(\s*String/, weight: 8 },
    { pattern: /\bSystem\.(out|in|err)\b/, weight: 6 },
    { pattern: /^[ \t]*import\s+java\./m, weight: 6 },
    { pattern: /\bnew\s+Scanner\s*\(/, weight: 3 },
    { pattern: /\bpublic\s+class\s+\w+/, weight: 2 },
  ],
  csharp: [
    { pattern: /\bConsole\.(Write|WriteLine|ReadLine|Read|ReadKey)\b/, weight: 7 },
    { pattern: /^[ \t]*using\s+System\s*;/m, weight: 6 },
    { pattern: /\bstatic\s+(void|int|async\s+\w+)\s+Main\s*\(/, weight: 6 },
    { pattern: /^[ \t]*namespace\s+[\w.]+/m, weight: 2 },
    { pattern: /\b(int|double)\.(Parse|TryParse)\s*\(/, weight: 3 },
  ],
  pascal: [
    { pattern: /^[ \t]*program\s+\w+\s*;/im, weight: 6 },
    { pattern: /^[ \t]*begin\b/im, weight: 3 },
    { pattern: /\bend\s*\.\s*$/im, weight: 4 },
    { pattern: /\bend\s*;/i, weight: 2 },
    { pattern: /\b(writeln|readln|write|read)\s*[(;]/i, weight: 3 },
    { pattern: /\w\s*:=\s*/, weight: 2 },
    { pattern: /^[ \t]*var\b/im, weight: 2 },
    { pattern: /\b(procedure|function)\s+\w+\s*[(;:]/i, weight: 2 },
  ],
  ...SCRIPT_MARKS,
};

/** A guess must have at least this much evidence and lead the runner-up by this much. */
const MIN_SCORE = 5;
const MIN_LEAD = 3;

/** Each language's score for `code`: the sum of the weights of its marks found. */
export function languageScores(code: string): Record<SourceLang, number> {
  const scores = {} as Record<SourceLang, number>;
  for (const [lang, marks] of Object.entries(MARKS) as [SourceLang, readonly Mark[]][]) {
    scores[lang] = marks.reduce((sum, mark) => sum + (mark.pattern.test(code) ? mark.weight : 0), 0);
  }
  return scores;
}

/** The language `code` is clearly written in, or null when the marks do not decide. */
export function guessLanguage(code: string): SourceLang | null {
  const scores = languageScores(code);
  // TypeScript has every mark of JavaScript: a program without types scores the same in both and is
  // JavaScript, measured against the other languages.
  if (scores.typescript === scores.javascript) scores.typescript = 0;
  const ranked = (Object.entries(scores) as [SourceLang, number][]).sort((a, b) => b[1] - a[1]);
  const [best, second] = ranked;
  if (!best || best[1] < MIN_SCORE || best[1] - (second?.[1] ?? 0) < MIN_LEAD) return null;
  return best[0];
}
