/**
 * The notation linter of issue 20: what makes a strict teacher say a chart "reads like code copied
 * into boxes", checked on the laid-out geometry (what the student hands in), the chart tree and the
 * program's source. Each rule is one small function in RULES; a finding names the file, the chart,
 * the rule and the symbol's text.
 *
 *  - `typed-declaration`: a declaration with its type (`int i := 0`, `x: integer`) although
 *    stripTypes is on;
 *  - `setup-step`: a runtime set-up call drawn as a step (setlocale, system("pause"/"cls"/"chcp …"),
 *    SetConsoleCP, Console.OutputEncoding, Console.Clear, srand/randomize, new Scanner(System.in),
 *    scanner.close(), ClrScr, delay/Sleep, fflush(stdin), cin.ignore), or a wait for a key
 *    (getch, ReadKey, readln, `Ввід символу`) as the main program's last step;
 *  - `new`, `cast`: object creation and C-style or `*_cast<>` casts in a text;
 *  - `format-string`: `%d`, `{0}`, `{x:F2}`, an f/$-string, Pascal `x:0:2`, setw/setprecision;
 *  - `output-concat`: a string concatenation (`"…" + x`) in an output;
 *  - `escape`: `\n`, `\u…`, `\x…` in a literal, Pascal `#13#10`;
 *  - `placeholder`: a symbol whose text is or ends with `…` (its text went to a comment);
 *  - `own-call`: a call of the program's own subprogram outside a predefined-process symbol (not in
 *    a lambda's body: it runs per element, later or never);
 *  - `start-params`: a subprogram chart whose start does not name the subprogram's parameters (Go
 *    and JS/TS names read from the source by their own rule, so a type shown instead is seen);
 *  - `caption-class`: a caption naming the program's own class (`Program.Hanoi`);
 *  - `caption-procedure`: a Pascal procedure captioned as a function;
 *  - `loop-unpaired`: a loop-limit begin without its end (or an end without its begin);
 *  - `loop-empty`: a loop-limit pair whose begin and end hold nothing but the loop's name.
 */
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { frontendFor, langFromFileName, SOURCE_LANGS, type Lang } from "../../engine/index.ts";
import { bunAssets } from "../../hosts/bun.ts";
import { layoutCharts } from "../../engine/layout/index.ts";
import { resolveOptions, type ResolvedOptions } from "../../engine/options.ts";
import type { ChartGeometry, Geometry, Shape, ShapeKind } from "../../engine/geometry/types.ts";
import type { ChartFunction, ChartTree } from "../../engine/tree/schema.ts";
import { treeTexts } from "./text-lint.ts";
import { readSourceFile } from "./source-file.ts";

export const NOTATION_RULES = [
  "typed-declaration", "setup-step", "new", "cast", "format-string", "output-concat", "escape",
  "placeholder", "own-call", "start-params", "caption-class", "caption-procedure", "loop-unpaired", "loop-empty",
] as const;
export type NotationRule = (typeof NOTATION_RULES)[number];

export interface NotationFinding {
  file: string;
  chart: string;
  rule: NotationRule;
  text: string;
}

/** One program as the rules see it: its source, chart tree and geometry, and what is known of it. */
export interface Program {
  file: string;
  lang: Lang;
  source: string;
  tree: ChartTree;
  geometry: Geometry;
  options: ResolvedOptions;
  /** Names (last segment) of the program's own subprograms, constructors left out (`new` covers them). */
  ownNames: Set<string>;
  /** The class holding main in Java and C#: the program itself, not a class of its own. */
  programClass: string | undefined;
}

/** One chart and the tree function it was laid out from. */
interface Chart {
  geometry: ChartGeometry;
  fn: ChartFunction | undefined;
  shapes: Shape[];
  /** A symbol's text as one line: the tree text it was wrapped from, else its lines joined by spaces. */
  say: (shape: Shape) => string;
}

type Rule = (chart: Chart, program: Program) => string[];

// ---- texts ----------------------------------------------------------------------------------

const compact = (s: string): string => s.replace(/\s+/g, "");
const escapeRe = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/**
 * How a chart's symbols read: a wrap inside a word (`Console.Output` / `Encoding`) would split it
 * if the lines were joined by spaces, so a symbol whose lines are a tree text wrapped reads as that text.
 */
function reader(tree: ChartTree): (shape: Shape) => string {
  const originals = new Map(treeTexts(tree).map((t) => [compact(t), t]));
  return (shape) => originals.get(compact(shape.text.join(""))) ?? shape.text.join(" ").replace(/\s+/g, " ").trim();
}

const LITERAL = /"(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])*'/g;
/** A letter of an identifier in any script (students name things in Cyrillic), and "not one": for `u` regexes. */
const ID = "[\\p{L}\\p{N}_]";
const NOT_ID = "[^\\p{L}\\p{N}_]";
/** The text with every string and char literal emptied: what is code in it. */
const code = (s: string): string => s.replace(LITERAL, (m) => m[0]! + m[0]!);
const literals = (s: string): string[] => s.match(LITERAL) ?? [];

/** Shapes of the given kinds whose text passes `test`, described. */
const where = (chart: Chart, kinds: readonly ShapeKind[], test: (s: string, shape: Shape) => boolean): string[] =>
  chart.shapes.filter((sh) => kinds.includes(sh.kind) && test(chart.say(sh), sh)).map((sh) => describe(chart, sh));
const describe = (chart: Chart, shape: Shape): string => `${shape.kind} "${chart.say(shape)}"`;

/** Every symbol that holds program text (comments too: the teacher reads them). */
const TEXT_KINDS: readonly ShapeKind[] = ["process", "io", "call", "decision", "hexagon", "loop_begin", "loop_end", "terminator", "comment"];
/** Symbols that are steps of the algorithm (a comment only explains one). */
const STEP_KINDS: readonly ShapeKind[] = ["process", "io", "call", "decision", "hexagon", "loop_begin", "loop_end", "terminator"];

const isStart = (chart: Chart, shape: Shape): boolean => chart.geometry.parts[0]?.shapes[0] === shape;

// ---- the rules ------------------------------------------------------------------------------

const TYPE_WORDS = [
  "int", "long", "short", "double", "float", "char", "bool", "boolean", "byte", "sbyte", "uint", "ulong", "ushort",
  "decimal", "string", "String", "var", "auto", "size_t", "void", "Integer", "Double", "object", "Object",
  "Scanner", "Random", "StreamWriter", "StreamReader", "ifstream", "ofstream", "FILE", "vector", "List",
  "ArrayList", "Dictionary", "HashMap", "BufferedReader", "PrintWriter",
].join("|");
const C_DECL = new RegExp(
  `(^|[(,;]\\s*)((const|final|static|unsigned|signed|long)\\s+)*(${TYPE_WORDS})(\\s*(\\[\\s*\\]|\\*|&|<[^>]*>))*\\s+[A-Za-z_]\\w*\\s*(:=|=|,|;|\\[|\\)|$)`,
);
/** `name: type` is Pascal's and Python's (annotations) declaration form; in C-like texts it is a ternary's `: else`. */
const COLON_DECL: Partial<Record<Lang, RegExp[]>> = {
  pascal: [
    /\b[A-Za-z_]\w*\s*:\s*(integer|real|string|char|boolean|int64|longint|word|byte|double|extended|text|array)\b/i,
    /\b[A-Za-z_]\w*\s*:\s*T[A-Z]\w*/, // a declared type, by the TName convention
  ],
  python: [/\b[A-Za-z_]\w*\s*:\s*(int|float|str|bool|list|dict|tuple|set)\b/],
};
const typedDeclaration: Rule = (chart, program) => {
  if (!program.options.stripTypes) return [];
  const forms = [C_DECL, ...(COLON_DECL[program.lang] ?? [])];
  return where(chart, TEXT_KINDS, (s) => forms.some((re) => re.test(code(s))));
};

const SETUP = [
  /\bsetlocale\s*\(/i,
  /\bsystem\s*\(\s*"\s*(pause|cls|clear|chcp\b[^"]*)\s*"\s*\)/i,
  /\bSetConsole(Output)?CP\s*\(/,
  /\bConsole\.(Output|Input)Encoding\b/,
  /\bConsole\.Clear\s*\(/,
  /\bsrand\s*\(/,
  /^randomize$/i,
  /\bnew\s+Scanner\s*\(\s*System\.in\s*\)/,
  /^clrscr(\(\))?$/i,
  /^(delay|Sleep|Thread\.Sleep|time\.sleep)\s*\(/i,
  /\bfflush\s*\(\s*stdin\s*\)/,
  /\bcin\.ignore\s*\(/,
];
/** A wait for a key: in the tree, the main program's last step. */
const KEY_WAIT = /^(_?getche?\(\)|getchar\(\)|readkey|readln|Console\.Read(Key|Line)?\(\)|cin\.get\(\)|system\("pause"\))$/i;
const setupStep: Rule = (chart, program) => {
  const scanners = [...program.source.matchAll(/(\w+)\s*=\s*new\s+Scanner\s*\(\s*System\.in/g)].map((m) => m[1]!);
  const closes = scanners.length ? new RegExp(`\\b(${scanners.map(escapeRe).join("|")})\\.close\\s*\\(\\s*\\)`) : undefined;
  const found = where(chart, ["process", "call", "io"], (s) => SETUP.some((re) => re.test(s)) || (closes?.test(s) ?? false));
  const stmts = chart.fn?.main ? chart.fn.block.stmts.filter((n) => n.kind !== "terminal") : [];
  const last = stmts.at(-1);
  if (last && (last.kind === "process" || last.kind === "io")) {
    const { inWord, anyInput } = program.options.texts;
    const waits = KEY_WAIT.test(last.text.trim()) || last.text === inWord || last.text === `${inWord} ${anyInput}`;
    if (waits && !SETUP.some((re) => re.test(last.text))) found.push(`${last.kind} "${last.text}" (a wait for a key at the end)`);
  }
  return found;
};

// `new T(…)`, `new T[…]`, `new T<…>`, `new T {…}`: not the locale's words (`новий рядок` is `new line` in en).
const newObject: Rule = (chart) => where(chart, TEXT_KINDS, (s) => /\bnew\s+[\w.]+\s*[([<{]/.test(code(s)));

const CAST_TYPES = "int|long|short|double|float|char|byte|bool|decimal|size_t|unsigned(\\s+(char|int|long))?|long\\s+long|string|String|Integer|Double";
const CAST = new RegExp(`\\(\\s*(${CAST_TYPES})\\s*\\*?\\s*\\)\\s*[\\w(]|\\b(static|dynamic|reinterpret|const)_cast\\s*<`);
const cast: Rule = (chart) => where(chart, TEXT_KINDS, (s) => CAST.test(code(s)));

const PRINTF = /%[-+#0]*(\d+|\*)?(\.\d+)?(hh|h|ll|l|L|z)?[diouxXeEfgGcsn]/;
const COMPOSITE = /\{\d+(,\s*-?\d+)?(:[^}]*)?\}|\{[^{}"]*:[A-Za-z]\d*\}/;
// Pascal's write width `x:0:2` (`x:8`): only Pascal writes it; elsewhere `year: 1840,` is an object
// literal's field (JS/TS `{ title: "…", year: 1840 }`), data and not a format.
const PASCAL_WIDTH = /[\w\])]\s*:\s*\d+(\s*:\s*\d+)?\s*(,|$)/;
const formatString: Rule = (chart, program) =>
  where(chart, TEXT_KINDS, (s) =>
    literals(s).some((l) => PRINTF.test(l) || COMPOSITE.test(l)) ||
    /(^|[^\w])[f$](""|'')/.test(code(s)) ||
    (program.lang === "pascal" && PASCAL_WIDTH.test(code(s))) ||
    /\b(setw|setprecision|fixed)\b/.test(code(s)),
  );

const outputConcat: Rule = (chart, program) =>
  where(chart, ["io", "comment"], (s) => s.startsWith(program.options.texts.outWord) && /(""|'')\s*\+|\+\s*(""|''|str\()/.test(code(s)));

const ESCAPE = /\\[abfnrtv0"'\\]|\\x[0-9a-f]{2}|\\u[0-9a-f]{4}/i;
const escapeRule: Rule = (chart) => where(chart, TEXT_KINDS, (s) => ESCAPE.test(s) || /(^|['\s,(])#\d+/.test(code(s)));

const placeholder: Rule = (chart) => where(chart, STEP_KINDS, (s) => s === "…" || s.endsWith("…"));

/**
 * The text without the bodies of its lambdas (`s -> s.getGrade() < 75`, `x => f(x)`, `lambda x: f(x)`):
 * a call there runs per element, later or never, so no predefined process before the statement can
 * show it (own-calls.ts keeps such calls in the text on purpose).
 */
function withoutLambdas(text: string): string {
  const arrow = /(?:->|=>)\s*|\blambda\b[^:]*:\s*/g;
  let out = "";
  let last = 0;
  for (let m = arrow.exec(text); m; m = arrow.exec(text)) {
    out += text.slice(last, m.index);
    // The body runs to the comma or bracket that closes the lambda's own level.
    let depth = 0;
    let i = m.index + m[0].length;
    for (; i < text.length; i++) {
      const ch = text[i]!;
      if ("([{".includes(ch)) depth++;
      else if (")]}".includes(ch) && depth-- === 0) break;
      else if (ch === "," && depth === 0) break;
    }
    last = i;
    arrow.lastIndex = i;
  }
  return out + text.slice(last);
}

const ownCall: Rule = (chart, program) => {
  if (program.ownNames.size === 0) return [];
  const call = new RegExp(`(^|[^\\p{L}\\p{N}_.]|\\.)(${[...program.ownNames].map(escapeRe).join("|")})\\s*\\(`, "u");
  return where(chart, STEP_KINDS.filter((k) => k !== "call"), (s, shape) => !isStart(chart, shape) && call.test(withoutLambdas(code(s))));
};

const startParams: Rule = (chart, program) => {
  const fn = chart.fn;
  const start = chart.geometry.parts[0]?.shapes[0];
  if (!fn || fn.main || !start) return [];
  const lists = parameterLists(fn, program);
  if (lists.length === 0 || lists.some((l) => l.length === 0)) return [];
  const said = chart.say(start);
  const names = (l: string[]) => l.every((p) => new RegExp(`(^|${NOT_ID})${escapeRe(p)}(${NOT_ID}|$)`, "u").test(said));
  return lists.some(names) ? [] : [`${describe(chart, start)}: parameters ${lists.map((l) => `(${l.join(", ")})`).join(" or ")}`];
};

const captionClass: Rule = (chart, program) => {
  const cls = program.programClass;
  const caption = chart.geometry.caption.text;
  return cls && new RegExp(`(^|${NOT_ID})${escapeRe(cls)}(\\.|::)${ID}`, "u").test(caption) ? [caption] : [];
};

const captionProcedure: Rule = (chart, program) => {
  if (program.lang !== "pascal" || !chart.fn || chart.fn.main) return [];
  const name = lastSegment(chart.fn.name);
  const isProcedure = new RegExp(`\\bprocedure\\s+(${ID}+\\.)?${escapeRe(name)}(?!${ID})`, "iu").test(program.source);
  const title = program.options.texts.functionTitle;
  const word = title.slice(0, title.indexOf("{name}")).trim().split(" ").at(-1) ?? "";
  const caption = chart.geometry.caption.text;
  return isProcedure && word && caption.includes(` ${word} `) ? [caption] : [];
};

/** The loop-limit symbols of a chart by their loop's name (`Цикл 2`), begins and ends. */
function loopLimits(chart: Chart, program: Program): Map<string, { begins: Shape[]; ends: Shape[] }> {
  const nameOf = new RegExp(`^${escapeRe(program.options.texts.loopWord)} \\d+`);
  const loops = new Map<string, { begins: Shape[]; ends: Shape[] }>();
  for (const shape of chart.shapes) {
    if (shape.kind !== "loop_begin" && shape.kind !== "loop_end") continue;
    const name = nameOf.exec(chart.say(shape))?.[0] ?? chart.say(shape);
    const entry = loops.get(name) ?? { begins: [], ends: [] };
    (shape.kind === "loop_begin" ? entry.begins : entry.ends).push(shape);
    loops.set(name, entry);
  }
  return loops;
}

const loopUnpaired: Rule = (chart, program) =>
  [...loopLimits(chart, program).values()].flatMap(({ begins, ends }) =>
    begins.length && !ends.length ? begins.map((b) => `${describe(chart, b)} without its end`)
    : ends.length && !begins.length ? ends.map((e) => `${describe(chart, e)} without its begin`)
    : [],
  );

const loopEmpty: Rule = (chart, program) =>
  [...loopLimits(chart, program)].flatMap(([name, { begins, ends }]) =>
    [...begins, ...ends].every((sh) => chart.say(sh) === name) ? begins.map((b) => `${describe(chart, b)}: no condition in the begin or the end`) : [],
  );

/** The rules, by name: add a rule here (and to NOTATION_RULES) and it runs everywhere. */
export const RULES: Record<NotationRule, Rule> = {
  "typed-declaration": typedDeclaration,
  "setup-step": setupStep,
  new: newObject,
  cast,
  "format-string": formatString,
  "output-concat": outputConcat,
  escape: escapeRule,
  placeholder,
  "own-call": ownCall,
  "start-params": startParams,
  "caption-class": captionClass,
  "caption-procedure": captionProcedure,
  "loop-unpaired": loopUnpaired,
  "loop-empty": loopEmpty,
};

// ---- what is known of the program -----------------------------------------------------------

/** `Lab18.max(double[])` → `max`: the name a call uses (overloads carry their signature). */
const lastSegment = (name: string): string => segments(name).at(-1) ?? name;
const segments = (name: string): string[] => name.replace(/\(.*\)$/, "").split(/\.|::/);

/** Own subprograms: every chart but main, by the name a call uses; constructors are `new`'s. */
function ownNames(tree: ChartTree): Set<string> {
  const names = new Set<string>();
  for (const fn of tree) {
    if (fn.main) continue;
    const parts = segments(fn.name);
    const name = parts.at(-1)!;
    if (name !== parts.at(-2) && name !== "__init__" && new RegExp(`^${ID}+$`, "u").test(name)) names.add(name);
  }
  return names;
}

/**
 * The class whose `main`/`Main` the program starts in (Java, C#): the innermost `class X` whose
 * braces enclose it — not a class nested before it (`static class Student { … }` inside `University`).
 */
export function programClass(lang: Lang, source: string): string | undefined {
  if (lang !== "java" && lang !== "csharp") return undefined;
  const main = /\bvoid\s+[Mm]ain\s*\(/.exec(source);
  if (!main) return undefined;
  const before = source.slice(0, main.index).replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*|"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*'/g, (m) => " ".repeat(m.length));
  // Classes still open at main: a stack of [name, brace depth of its body].
  const open: [string, number][] = [];
  let depth = 0;
  let pending: string | undefined;
  for (let i = 0; i < before.length; i++) {
    const ch = before[i]!;
    if (ch === "{") {
      depth++;
      if (pending !== undefined) open.push([pending, depth]);
      pending = undefined;
    } else if (ch === "}") {
      if (open.at(-1)?.[1] === depth) open.pop();
      depth--;
    } else if (ch === "c") {
      const m = new RegExp(`^class\\s+(${ID}+)`, "u").exec(before.slice(i, i + 200));
      if (m && !new RegExp(ID, "u").test(before[i - 1] ?? " ")) pending = m[1];
    }
  }
  return open.at(-1)?.[0];
}

/**
 * The parameter-name lists of a subprogram (one per definition: overloads have several), from the
 * tree's `params` when the front-end gives them, else from the definitions in the source.
 */
function parameterLists(fn: ChartFunction, program: Program): string[][] {
  // Go and JS/TS are read from the source here, never from the front-end's `params`: their names
  // stand where C puts a type (`x, lo, hi int`, `a: number`), so a start showing a type is seen.
  if (program.lang === "go") return goParameterLists(fn, program.source);
  if (program.lang === "javascript" || program.lang === "typescript") return scriptParameterLists(fn, program.source);
  const given: unknown = (fn as { params?: unknown }).params;
  if (Array.isArray(given)) return [given.map((p) => String(typeof p === "object" && p && "name" in p ? p.name : p)).map(lastIdentifier)];
  const name = escapeRe(lastSegment(fn.name));
  const source = program.source;
  if (program.lang === "python") {
    return [...source.matchAll(new RegExp(`\\bdef\\s+${name}\\s*\\(([^)]*)\\)`, "g"))].map((m) =>
      splitTop(m[1]!, ",").map((p) => p.replace(/[:=].*$/s, "").replace(/^\*+/, "").trim()).filter((p) => p && p !== "self" && p !== "cls"),
    );
  }
  if (program.lang === "pascal") {
    return [...source.matchAll(new RegExp(`\\b(procedure|function|constructor)\\s+(${ID}+\\.)?${name}\\s*(\\(([^)]*)\\))?`, "giu"))].map((m) =>
      (m[4] ?? "").split(";").flatMap((group) => group.split(":")[0]!.replace(/^\s*(var|const|out|constref)\s+/i, "").split(",")).map((p) => p.trim()).filter(Boolean),
    );
  }
  // A definition has a body (`{`, or C#'s `=>`) after the list and any const/override/throws/initialisers;
  // comments between them are read past.
  const definition = new RegExp(`(?<!${ID})${name}\\s*\\(([^()]*(\\([^()]*\\)[^()]*)*)\\)\\s*((const|override|noexcept)\\s*)*(throws\\s+[\\w.,\\s]+|:[^{;]*)?\\s*(\\{|=>)`, "gu");
  const uncommented = source.replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, " ");
  return [...uncommented.matchAll(definition)].map((m) =>
    splitTop(m[1]!, ",").map((p) => p.replace(/=.*$/s, "").trim()).filter((p) => p && p !== "void").map(lastIdentifier),
  );
}

/** A parameter list with one level of inner brackets (`f func(a, b int) int`, `cb: (x: T) => void`). */
const LIST = "\\(([^()]*(?:\\([^()]*\\)[^()]*)*)\\)";

/**
 * Go `func (r *T) name[T any](a []int, x, lo, hi int, args ...int)` → a, x, lo, hi, args: the name
 * comes first and a lone name shares the next type; a list of types only (`func(int, string)`) names nothing.
 */
function goParameterLists(fn: ChartFunction, source: string): string[][] {
  const name = escapeRe(lastSegment(fn.name));
  const definition = new RegExp(`\\bfunc\\s*(?:\\([^)]*\\)\\s*)?${name}\\s*(?:\\[[^\\]]*\\]\\s*)?${LIST}`, "gu");
  return [...source.matchAll(definition)].map((m) => {
    const pieces = splitTop(m[1]!.replace(/<-/g, " "), ",");
    const named = pieces.some((p) => /^\S+\s+\S/.test(p) && !/^(?:chan|func|map|struct|interface)\b/.test(p));
    return named ? pieces.map((p) => p.split(/\s+/)[0]!) : [];
  });
}

/**
 * JavaScript / TypeScript: `function name(…) {`, a method `name(…): T {`, the constructor of a
 * `Class.Class` chart, and a function bound to the name (`name = (…) =>`, `= function (…)`,
 * `= x =>`). A parameter's name comes before its annotation and default; `this: T` is none, and a
 * destructuring pattern is left out (its names are the pattern's).
 */
function scriptParameterLists(fn: ChartFunction, source: string): string[][] {
  const parts = segments(fn.name);
  const last = parts.at(-1)!;
  const name = escapeRe(last === parts.at(-2) ? "constructor" : last);
  const uncommented = source.replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, " ");
  const definitions = [
    new RegExp(`(?<!${ID}|\\.)${name}\\s*(?:<[^()]*>)?\\s*${LIST}\\s*(?::[^{;=]*)?\\{`, "gu"),
    new RegExp(`(?<!${ID}|\\.)${name}\\s*=\\s*(?:async\\s+)?(?:function\\b[^(]*|(?=(?:<[^()]*>)?\\s*${LIST}\\s*(?::[^=]*)?=>))(?:<[^()]*>)?\\s*${LIST}`, "gu"),
  ];
  const lists = definitions.flatMap((re) => [...uncommented.matchAll(re)].map((m) => m.at(-1)!));
  const bare = new RegExp(`(?<!${ID}|\\.)${name}\\s*=\\s*(?:async\\s+)?(${ID}+)\\s*=>`, "gu");
  lists.push(...[...uncommented.matchAll(bare)].map((m) => m[1]!));
  return lists.map((list) =>
    splitTop(list.replace(/=>/g, "->"), ",")
      .map((p) => p.replace(/^(?:@\S+\s+)*(?:(?:public|private|protected|readonly|override)\s+)*/, "").replace(/^\.\.\.\s*/, ""))
      .map((p) => new RegExp(`^${ID}+`, "u").exec(p)?.[0] ?? "")
      .filter((p) => p !== "" && p !== "this"),
  );
}

const lastIdentifier = (decl: string): string => decl.replace(/\[[^\]]*\]/g, "").match(/[\p{L}_][\p{L}\p{N}_]*(?=\W*$)/u)?.[0] ?? decl.trim();

/** Splits at `sep` outside brackets and angle brackets (`Map<K, V> m, int n`). */
function splitTop(s: string, sep: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let current = "";
  for (const ch of s) {
    if ("(<[{".includes(ch)) depth++;
    else if (")>]}".includes(ch)) depth--;
    if (ch === sep && depth === 0) {
      out.push(current);
      current = "";
    } else current += ch;
  }
  out.push(current);
  return out.map((p) => p.trim()).filter(Boolean);
}

// ---- running it -----------------------------------------------------------------------------

/** All findings for one laid-out program. */
export function lintProgram(file: string, lang: Lang, source: string, tree: ChartTree, geometry: Geometry, options: ResolvedOptions): NotationFinding[] {
  const program: Program = { file, lang, source, tree, geometry, options, ownNames: ownNames(tree), programClass: programClass(lang, source) };
  const findings: NotationFinding[] = [];
  const say = reader(tree);
  geometry.charts.forEach((g, i) => {
    // layoutCharts lays the tree's functions out in order, one chart each.
    const chart: Chart = { geometry: g, fn: tree[i], shapes: g.parts.flatMap((p) => p.shapes), say };
    for (const rule of NOTATION_RULES) {
      for (const t of RULES[rule](chart, program)) findings.push({ file, chart: g.name, rule, text: t });
    }
  });
  return findings;
}

/** The options the corpus is linted with: each locale, types stripped (what a careful student sets). */
export const LINT_OPTIONS = (["uk", "en"] as const).map((locale) => resolveOptions({ locale, stripTypes: true }));

const LANGS = new Set<string>(SOURCE_LANGS);

/** Source files of the corpus (test/corpus/<lang>/) and the examples, sorted. */
export function corpusFiles(dirs: readonly string[] = ["test/corpus", "examples"]): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir).sort().flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return walk(path);
      try {
        return LANGS.has(langFromFileName(path)) ? [path] : [];
      } catch {
        return [];
      }
    });
  return dirs.flatMap(walk);
}

/** Lints one file in every LINT_OPTIONS configuration. */
export async function lintFile(path: string): Promise<NotationFinding[]> {
  const lang = langFromFileName(path) as Lang;
  const source = await readSourceFile(path);
  const findings: NotationFinding[] = [];
  for (const options of LINT_OPTIONS) {
    const result = await frontendFor(lang)!(source, options, bunAssets);
    // A function drawn around a statement the parser could not read shows that statement's source on
    // purpose (a recovered function, with its warning): it is not held to the notation.
    const recovered = new Set(result.errors.filter((e) => e.recovered).map((e) => e.name));
    const tree = result.tree.filter((chart) => !recovered.has(chart.name));
    findings.push(...lintProgram(path, lang, source, tree, layoutCharts(tree, options, false), options));
  }
  return findings;
}

/** Findings per rule, every rule present. */
export function countByRule(findings: readonly NotationFinding[]): Record<NotationRule, number> {
  const counts = Object.fromEntries(NOTATION_RULES.map((r) => [r, 0])) as Record<NotationRule, number>;
  for (const f of findings) counts[f.rule]++;
  return counts;
}
