/**
 * Runtime set-up left out of the chart (issue 20): a careful student does not draw `setlocale(…)`,
 * `system("pause")`, `srand(time(NULL))`, `new Scanner(System.in)` or the key press that keeps the
 * console window open — they are how the program talks to its console, not steps of its algorithm.
 * One table for the six languages, matched against the texts the front-ends made (so one rule
 * serves every front-end); what is left out is reported, never silently lost
 * (`omitted: [{chart, line, text}]` in the render result and the API's answers). `verbatim`
 * draws everything as written.
 */
import type { Lang } from "../langs.ts";
import type { ResolvedOptions } from "../options.ts";
import { allBlocks } from "../tree/blocks.ts";
import type { Block, ChartTree, Node } from "../tree/schema.ts";
import { promptPattern } from "./io-text.ts";

/** A statement of the source the chart leaves out as runtime set-up. */
export interface OmittedStatement {
  /** The chart (function) it belongs to. */
  chart: string;
  /** 1-based source line. */
  line: number;
  /** The statement as the chart would have shown it (what `verbatim` draws). */
  text: string;
}

type SourceLang = Exclude<Lang, "native">;

const CONSOLE_COMMAND = String.raw`(?:pause|cls|clear|(?:chcp|color|mode|title)\b[^"']*)`;

/** C and C++: locale, console code page, screen clearing, pauses, the random seed, stdin flushing. */
const C_SETUP: readonly RegExp[] = [
  /^_?w?setlocale\(.*\)$/,
  new RegExp(String.raw`^system\(\s*"${CONSOLE_COMMAND}"\s*\)$`, "i"),
  /^SetConsole(?:Output)?CP\(.*\)$/,
  /^SetConsoleTitle[AW]?\(.*\)$/,
  /^_setmode\(.*\)$/,
  /^srand\(.*\)$/,
  /^fflush\(stdin\)$/,
  /^(?:Sleep|delay)\(.*\)$/,
  /^clrscr\(\)$/,
];

/**
 * JavaScript / TypeScript: modules loaded (`require`), the readline interface made and closed,
 * prompt-sync made, the console cleared (a TypeScript annotation may stand after the name).
 */
const JS_SETUP: readonly RegExp[] = [
  /^\w+(?:: [^:=]+)? := require\(.*\)(?:\(.*\))?$/,
  /^\w+(?:: [^:=]+)? := (?:readline\.)?createInterface\(.*\)$/s,
  /^\w+\.close\(\)$/,
  /^console\.clear\(\)$/,
  /^process\.stdin\.(?:setEncoding|resume)\(.*\)$/,
];

/** Set-up per language: a simple symbol whose whole text matches is left out wherever it stands. */
const SETUP: Readonly<Record<SourceLang, readonly RegExp[]>> = {
  c: C_SETUP,
  cpp: [
    ...C_SETUP,
    /^(?:ios|ios_base)::sync_with_stdio\(.*\)$/,
    /^(?:cin|cout)\.tie\(.*\)$/,
    /^cin\.(?:ignore|sync)\(.*\)$/,
    // Stream formatting alone prints nothing (`cout << fixed << setprecision(2)`).
    // (`[^()]*`, not `.*?`: the repeated group must match one way only, or a long chain backtracks exponentially.)
    /^cout(?: << (?:fixed|scientific|showpoint|boolalpha|left|right|set(?:precision|w|fill)\([^()]*\)))+$/,
  ],
  java: [
    // `new` is optional: the notation writes `new X(…)` as `X(…)`, verbatim keeps it.
    /^(?:[\w.<>[\], ]+ )?\w+ := (?:new )?(?:java\.util\.)?Scanner\(System\.in\)$/,
    /^(?:[\w.<>[\], ]+ )?\w+ := (?:new )?BufferedReader\((?:new )?InputStreamReader\(System\.in\)\)$/,
    /^Locale\.setDefault\(.*\)$/,
    /^System\.set(?:Out|Err)\(.*\)$/,
  ],
  csharp: [
    /^Console\.(?:OutputEncoding|InputEncoding|Title|ForegroundColor|BackgroundColor|CursorVisible) := .*$/,
    /^Console\.(?:Clear|ResetColor)\(\)$/,
    /^(?:System\.)?(?:Threading\.)?Thread\.Sleep\(.*\)$/,
  ],
  python: [
    new RegExp(String.raw`^os\.system\(\s*(["'])${CONSOLE_COMMAND}\1\s*\)$`, "i"),
    /^sys\.std(?:out|in|err)\.reconfigure\(.*\)$/,
    /^random\.seed\(.*\)$/,
    /^(?:locale\.)?setlocale\(.*\)$/,
  ],
  javascript: JS_SETUP,
  typescript: JS_SETUP,
  go: [
    // A console reader or writer is made once: its reads are the inputs (`Ввід s`).
    /^\w+ := bufio\.New(?:Reader|Scanner|Writer)\(os\.Std(?:in|out)\)$/,
    /^\w+\.(?:Split|Buffer)\(.*\)$/,
    /^\w+\.Flush\(\)$/,
    /^rand\.Seed\(.*\)$/,
  ],
  php: [
    /^(?:setlocale|error_reporting|ini_set|mb_internal_encoding|srand|mt_srand|date_default_timezone_set|header|set_time_limit)\(.*\)$/,
  ],
  pascal: [
    /^(?:ClrScr|Randomize)$/i,
    /^(?:Delay|SetConsoleCP|SetConsoleOutputCP|SetTextCodePage|TextColor|TextBackground)\(.*\)$/i,
  ],
};

/**
 * The console readers a Java program makes, locals and fields alike (`static Scanner in = new
 * Scanner(System.in);` draws nothing, but its `in.close()` does): their `close()` goes with them.
 */
const JAVA_READER = /(\w+)\s*=\s*new\s+(?:java\.util\.)?(?:Scanner\s*\(\s*System\.in\s*\)|BufferedReader\s*\(\s*new\s+InputStreamReader\s*\(\s*System\.in\s*\)\s*\))/g;

/**
 * What only waits for a key before the console window closes, when it is the last thing main does
 * (its result unused): besides an input of nothing (`Ввід символу`, the front-ends' text for
 * `getch()`, `Console.ReadKey()`, `readln;`, `input()` …) these calls.
 */
const KEY_WAIT = /^(?:Console\.Read(?:Key|Line)?\(\w*\)|System\.in\.read\(\)|ReadKey(?:\(\))?|cin\.get\(\)|_?getche?\(\)|getchar\(\))$/i;

type Simple = Extract<Node, { kind: "process" | "io" | "call" }>;
const isSimple = (node: Node): node is Simple => node.kind === "process" || node.kind === "io" || node.kind === "call";

/**
 * Takes the set-up out of `tree` (in place) and returns what was taken, in source order per chart.
 * Nothing changes with `verbatim`.
 */
export function omitSetup(tree: ChartTree, source: string, lang: SourceLang, options: ResolvedOptions): OmittedStatement[] {
  if (options.verbatim) return [];
  const rules = SETUP[lang];
  const readers = new Set(lang === "java" ? [...source.matchAll(JAVA_READER)].map((m) => m[1]!) : []);
  const isSetup = (node: Node): node is Simple =>
    isSimple(node) && (rules.some((rule) => rule.test(node.text)) || (readers.size > 0 && readers.has(/^(\w+)\.close\(\)$/.exec(node.text)?.[1] ?? "")));
  const anyInput = `${options.texts.inWord} ${options.texts.anyInput}`;
  const prompt = promptPattern(options.texts);
  const isKeyWait = (node: Node): node is Simple => isSimple(node) && (node.text === anyInput || KEY_WAIT.test(node.text));

  const omitted: OmittedStatement[] = [];
  for (const chart of tree) {
    const taken: Simple[] = [];
    for (const block of allBlocks(chart.block)) {
      block.stmts = block.stmts.filter((node) => {
        if (!isSetup(node)) return true;
        taken.push(node);
        return false;
      });
    }
    if (chart.main) taken.push(...trailingKeyWaits(chart.block, isKeyWait, (node): node is Simple => node.kind === "io" && prompt.test(node.text)));
    const entries = taken.map((node) => ({ chart: chart.name, line: node.loc?.line ?? chart.loc?.line ?? 1, text: node.text }));
    omitted.push(...entries.sort((a, b) => a.line - b.line));
  }
  return omitted;
}

/**
 * Takes the key waits main ends with (before its closing terminator, if it has one) out of its
 * block, with the prompt printed just before them (`"Натисніть будь-яку клавішу…"`).
 */
function trailingKeyWaits(block: Block, isKeyWait: (node: Node) => node is Simple, isPrompt: (node: Node) => node is Simple): Simple[] {
  const stmts = block.stmts;
  let end = stmts.length;
  while (end > 0 && stmts[end - 1]!.kind === "terminal") end--;
  let start = end;
  while (start > 0 && isKeyWait(stmts[start - 1]!)) start--;
  if (start < end && start > 1 && isPrompt(stmts[start - 1]!)) start--;
  // A program that is nothing but a key wait keeps it: the chart would be empty.
  if (start === end || start === 0) return [];
  // Every node in start..end passed isKeyWait or isPrompt.
  return stmts.splice(start, end - start) as Simple[];
}
