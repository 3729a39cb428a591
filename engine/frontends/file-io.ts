/**
 * File input/output drawn as input/output with the file named (issue 20), the same words in all six
 * languages: `Відкриття файлу f: "data.txt"` and `Закриття файлу f` (processes: they move no data),
 * `Запис у файл f: x, y` and `Читання з файлу f: x` (input/output symbols); en `Open file`, `Close
 * file`, `Write to file`, `Read from file`. A file without a variable is named by its name
 * (`File.ReadAllLines("in.txt")` → `Читання з файлу "in.txt": lines`); a write of nothing printable
 * writes `новий рядок`.
 *
 * One table of rules per language, matched against the front-ends' texts (so the six front-ends share
 * it, like setup.ts). The variables that hold files are found first (`f = fopen(…)`, `ofstream out(…)`,
 * `new PrintWriter(…)`, `new StreamWriter(…)`, `assign(f, …)`, `open(…)`): a method call reads or
 * writes a file only on one of them, so `list.write(x)` of some other object stays a process. C's
 * `fprintf`/`fscanf`/`fputs`/`fgets`/`fclose` and a C++ stream statement `s << …` / `s >> …` (a
 * shift whose value is unused can only be a stream) need no such proof.
 */
import type { Lang } from "../langs.ts";
import type { ResolvedOptions, Texts } from "../options.ts";
import { allBlocks } from "../tree/blocks.ts";
import type { ChartTree, Node } from "../tree/schema.ts";
import { formatPieces, quotedInside, type FormatStyle } from "./format-string.ts";
import { escapeRegExp, printedItem } from "./io-text.ts";

type SourceLang = Exclude<Lang, "native">;
type Simple = Extract<Node, { kind: "process" | "io" | "call" }>;

/** What a rule makes of a statement. */
type FileStep =
  | { op: "open"; file: string; name: string | undefined }
  | { op: "close"; file: string }
  | { op: "write"; file: string; items: string[] }
  | { op: "read"; file: string; targets: string[] };

interface RuleContext {
  /** Variables that hold a file (and the file's name where the opening says it). */
  files: ReadonlyMap<string, string | undefined>;
}

/** A rule: the match of `pattern` against a symbol's whole text, turned into a file step (or not). */
interface Rule {
  pattern: RegExp;
  step: (m: RegExpExecArray, ctx: RuleContext) => FileStep | undefined;
}

/** An opening: the variable it fills and the file's name (both from the match). */
interface Opening {
  pattern: RegExp;
  open: (m: RegExpExecArray) => { file: string; name: string | undefined } | undefined;
}

/** Arguments of a call's text at the top level (commas inside brackets and literals do not split). */
export function splitTopLevel(text: string, separator = ","): string[] {
  const out: string[] = [];
  let depth = 0;
  let quote = "";
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote) {
      if (c === "\\") i++;
      else if (c === quote) quote = "";
    } else if (c === '"' || c === "'") quote = c;
    else if (c === "(" || c === "[" || c === "{") depth++;
    else if (c === ")" || c === "]" || c === "}") depth--;
    else if (depth === 0 && text.startsWith(separator, i)) {
      out.push(text.slice(start, i).trim());
      start = i + separator.length;
      i += separator.length - 1;
    }
  }
  const last = text.slice(start).trim();
  if (last !== "" || out.length > 0) out.push(last);
  return out;
}

/**
 * The items an interpolated string written to a file prints, from its text (the front-ends' own
 * interpolation.ts reads the syntax tree, which a text rule no longer has): Python `f"{x}; {y:.2f}\n"`
 * and C# `$"{x}; {y,5}"` → `x`, `"; "`, `y` — conversions, alignment and format specifications
 * dropped, as in an output. Anything else is one item, unchanged.
 */
export function interpolatedItems(item: string): string[] {
  const m = /^(?:[fF][rR]?|[rR][fF]|\$@?|@\$)(["'])([\s\S]*)\1$/.exec(item);
  if (!m) return [item];
  const quote = m[1]!;
  const body = m[2]!;
  const items: string[] = [];
  let literal = "";
  const flush = () => {
    if (literal !== "") items.push(`${quote}${literal}${quote}`);
    literal = "";
  };
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if ((c === "{" || c === "}") && body[i + 1] === c) {
      literal += c;
      i++;
    } else if (c === "{") {
      const inner = body.slice(i + 1);
      const end = closingBrace(inner);
      if (end < 0) return [item];
      flush();
      items.push(splitTopLevel(splitTopLevel(inner.slice(0, end), ":")[0]!, "!")[0]!.split(/,\s*-?\d+\s*$/)[0]!.trim());
      i += end + 1;
    } else {
      literal += c;
    }
  }
  flush();
  return items;
}

/** Index of the `}` that closes an interpolation hole in `text` (which starts inside it), or -1. */
function closingBrace(text: string): number {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === "{" || c === "(" || c === "[") depth++;
    else if (c === ")" || c === "]") depth--;
    else if (c === "}") {
      if (depth === 0) return i;
      depth--;
    }
  }
  return -1;
}

/** The variable a declaration or assignment fills: `int[] a` → `a`, `List<String> lines` → `lines`. */
function target(left: string): string {
  const words = splitTopLevel(left, " ");
  return words[words.length - 1] ?? left;
}

/** The items a formatted write prints: a format string's pieces and values, or the arguments. */
function formatted(args: string[], style: FormatStyle): string[] {
  const inside = args[0] === undefined ? undefined : quotedInside(args[0]);
  return inside === undefined ? args : formatPieces(inside, args.slice(1), style);
}

/** A file named by a call's arguments: the string literal in them (`new File("a.txt")`), else the first argument. */
function nameIn(args: string): string | undefined {
  return /"(?:\\[\s\S]|[^"\\])*"|'(?:\\[\s\S]|[^'\\])*'/.exec(args)?.[0] ?? (splitTopLevel(args)[0] || undefined);
}

const stripAddress = (t: string) => t.replace(/^&\s*/, "");
const STD_STREAMS = /^(?:stdin|stdout|stderr|cin|cout|cerr|clog|wcin|wcout|wcerr)$/;
const MANIPULATOR = /^(?:endl|ends|flush|fixed|scientific|left|right|boolalpha|showpoint|hex|dec|oct|ws|set(?:w|precision|fill)\(.*\))$/;

/** `x := … f.read() …` (read into x from a file variable by one of `methods`). */
function readInto(methods: string): Rule {
  const call = new RegExp(String.raw`\b(\w+)\.(?:${methods})\(\)`);
  return {
    pattern: /^(.+?) := (.+)$/,
    step: (m, ctx) => {
      const file = call.exec(m[2]!)?.[1];
      return file !== undefined && ctx.files.has(file) ? { op: "read", file, targets: [target(m[1]!)] } : undefined;
    },
  };
}

/** `f.close()` (any of `methods`) on a file variable. */
function closeOf(methods: string): Rule {
  return {
    pattern: new RegExp(String.raw`^(\w+)\.(?:${methods})\(\)$`),
    step: (m, ctx) => (ctx.files.has(m[1]!) ? { op: "close", file: m[1]! } : undefined),
  };
}

/** `f.write(x)` (any of `methods`) on a file variable; the items come from the arguments. */
function writeBy(methods: string, items: (args: string[], method: string) => string[]): Rule {
  return {
    pattern: new RegExp(String.raw`^(\w+)\.(${methods})\((.*)\)$`),
    step: (m, ctx) => (ctx.files.has(m[1]!) ? { op: "write", file: m[1]!, items: items(splitTopLevel(m[3]!), m[2]!) } : undefined),
  };
}

const C_OPENINGS: Opening[] = [
  { pattern: /^(?:FILE ?\* ?)?(\w+) := fopen\((.*)\)$/, open: (m) => ({ file: m[1]!, name: splitTopLevel(m[2]!)[0] }) },
  { pattern: /^fopen_s\(&(\w+), (.*)\)$/, open: (m) => ({ file: m[1]!, name: splitTopLevel(m[2]!)[0] }) },
];

const C_RULES: Rule[] = [
  {
    pattern: /^fprintf\((.*)\)$/,
    step: (m) => {
      const [file, ...rest] = splitTopLevel(m[1]!);
      return file && !STD_STREAMS.test(file) ? { op: "write", file, items: formatted(rest, "printf") } : undefined;
    },
  },
  {
    pattern: /^(?:fputs|fputc|putc|fwrite)\((.*)\)$/,
    step: (m) => {
      const args = splitTopLevel(m[1]!);
      const file = args[args.length - 1];
      return file && args.length > 1 && !STD_STREAMS.test(file) ? { op: "write", file, items: [args[0]!] } : undefined;
    },
  },
  {
    pattern: /^fscanf\((.*)\)$/,
    step: (m) => {
      const [file, , ...targets] = splitTopLevel(m[1]!);
      return file && !STD_STREAMS.test(file) ? { op: "read", file, targets: targets.map(stripAddress) } : undefined;
    },
  },
  {
    pattern: /^(?:fgets|fread)\((.*)\)$/,
    step: (m) => {
      const args = splitTopLevel(m[1]!);
      const file = args[args.length - 1];
      return file && args.length > 2 && !STD_STREAMS.test(file) ? { op: "read", file, targets: [args[0]!] } : undefined;
    },
  },
  {
    pattern: /^(.+?) := (?:\(\w+\) ?)?(?:fgetc|getc)\((\w+)\)$/,
    step: (m) => (STD_STREAMS.test(m[2]!) ? undefined : { op: "read", file: m[2]!, targets: [target(m[1]!)] }),
  },
  { pattern: /^fclose\((\w+)\)$/, step: (m) => ({ op: "close", file: m[1]! }) },
];

/** The operands of a stream statement `s << a << b` / `s >> a`, without manipulators. */
function streamOperands(rest: string, op: string): string[] {
  return splitTopLevel(rest, ` ${op} `).filter((o) => !MANIPULATOR.test(o));
}

const CPP_OPENINGS: Opening[] = [
  ...C_OPENINGS,
  { pattern: /^(?:[io]?fstream) (\w+)\((.*)\)$/, open: (m) => ({ file: m[1]!, name: splitTopLevel(m[2]!)[0] }) },
  { pattern: /^(\w+)\.open\((.*)\)$/, open: (m) => ({ file: m[1]!, name: splitTopLevel(m[2]!)[0] }) },
];

const CPP_RULES: Rule[] = [
  ...C_RULES,
  {
    pattern: /^(\w+) (<<|>>) (.+)$/,
    step: (m) => {
      const [, file, op, rest] = m as unknown as [string, string, string, string];
      if (STD_STREAMS.test(file)) return undefined;
      const operands = streamOperands(rest, op);
      return op === "<<" ? { op: "write", file, items: operands } : { op: "read", file, targets: operands };
    },
  },
  {
    pattern: /^getline\((\w+), (.*)\)$/,
    step: (m) => (STD_STREAMS.test(m[1]!) ? undefined : { op: "read", file: m[1]!, targets: [splitTopLevel(m[2]!)[0]!] }),
  },
  closeOf("close"),
];

/**
 * Java classes whose construction opens a file (a reader or writer of one). The openings match the
 * chart text, where the notation writes `new X(…)` as `X(…)` (verbatim keeps `new`): both are read.
 */
const JAVA_FILE_CLASSES = "FileWriter|PrintWriter|BufferedWriter|FileReader|BufferedReader|Scanner|PrintStream|FileOutputStream|FileInputStream|Formatter";
const JAVA_OPENINGS: Opening[] = [
  {
    pattern: new RegExp(String.raw`^(?:[\w.<>[\], ]+ )?(\w+) := (?:new )?(?:java\.io\.|java\.util\.)?(?:${JAVA_FILE_CLASSES})\((.*)\)$`),
    // A reader of the console is no file (setup.ts leaves it out).
    open: (m) => (/\bSystem\.(?:in|out|err)\b/.test(m[2]!) ? undefined : { file: m[1]!, name: nameIn(m[2]!) }),
  },
];

const JAVA_RULES: Rule[] = [
  writeBy("println|print|write|append", (args) => args),
  writeBy("printf|format", (args) => formatted(args, "printf")),
  writeBy("newLine", () => []),
  readInto("next\\w*|readLine|read"),
  {
    pattern: /^(.+?) := Files\.(?:readAllLines|readString|readAllBytes|lines)\((.*)\)$/,
    step: (m) => ({ op: "read", file: nameIn(m[2]!) ?? m[2]!, targets: [target(m[1]!)] }),
  },
  {
    pattern: /^Files\.(?:write|writeString)\((.*)\)$/,
    step: (m) => {
      const [path, ...items] = splitTopLevel(m[1]!);
      return { op: "write", file: nameIn(path ?? "") ?? path ?? "", items: items.filter((i) => !/^StandardOpenOption\./.test(i)) };
    },
  },
  closeOf("close"),
];

const CSHARP_OPENINGS: Opening[] = [
  {
    pattern: /^(?:[\w.<>[\], ]+ )?(\w+) := (?:(?:new )?(?:System\.IO\.)?(?:StreamWriter|StreamReader|BinaryWriter|BinaryReader|FileStream)|File\.(?:OpenText|CreateText|AppendText|Open|OpenRead|OpenWrite|Create))\((.*)\)$/,
    open: (m) => ({ file: m[1]!, name: nameIn(m[2]!) }),
  },
];

const CSHARP_RULES: Rule[] = [
  writeBy("WriteLine|Write", (args) => formatted(args, "braces").flatMap(interpolatedItems)),
  readInto("ReadLine|ReadToEnd|Read"),
  {
    pattern: /^(.+?) := File\.(?:ReadAllLines|ReadAllText|ReadLines|ReadAllBytes)\((.*)\)$/,
    step: (m) => ({ op: "read", file: splitTopLevel(m[2]!)[0]!, targets: [target(m[1]!)] }),
  },
  {
    pattern: /^File\.(?:WriteAllText|WriteAllLines|AppendAllText|AppendAllLines|WriteAllBytes)\((.*)\)$/,
    step: (m) => {
      const [file, ...items] = splitTopLevel(m[1]!);
      return { op: "write", file: file ?? "", items: items.filter((i) => !/^(?:System\.Text\.)?Encoding\./.test(i)) };
    },
  },
  closeOf("Close|Dispose"),
];

const PYTHON_OPENINGS: Opening[] = [
  // The call is the whole value (`data = open("b.txt").read()` reads; it fills no variable with the file).
  { pattern: /^(\w+) := open\(((?:[^()]|\([^()]*\))*)\)$/, open: (m) => ({ file: m[1]!, name: splitTopLevel(m[2]!)[0] }) },
];

/** `str(x)` written to a file is x. */
const unwrapStr = (item: string) => /^str\((.*)\)$/.exec(item)?.[1] ?? item;

/**
 * A string joined with `+` (Python texts read a formatted string so: `x + "; " + y`) writes its
 * operands, as an output lists them; a sum of numbers without a literal is one item.
 */
function concatenatedItems(item: string): string[] {
  const parts = splitTopLevel(item, " + ");
  return parts.length > 1 && parts.some((p) => /^["']/.test(p)) ? parts.map((p) => p.replace(/^\((.*)\)$/s, "$1")) : [item];
}

const PYTHON_RULES: Rule[] = [
  writeBy("write|writelines", (args) => args.slice(0, 1).map(unwrapStr).flatMap(concatenatedItems).flatMap(interpolatedItems)),
  readInto("read|readline|readlines"),
  {
    pattern: /^(.+?) := (?:\w+\()?open\((.*?)\)\.(?:read|readline|readlines)\(\)\)?$/,
    step: (m) => ({ op: "read", file: splitTopLevel(m[2]!)[0]!, targets: [m[1]!] }),
  },
  closeOf("close"),
];

const PASCAL_OPENINGS: Opening[] = [
  { pattern: /^Assign(?:File)?\((\w+), (.*)\)$/i, open: (m) => ({ file: m[1]!, name: m[2] }) },
];

const PASCAL_RULES: Rule[] = [
  { pattern: /^(?:Rewrite|Reset|Append)\((\w+)\)$/i, step: (m, ctx) => (ctx.files.has(m[1]!) ? { op: "open", file: m[1]!, name: undefined } : undefined) },
  { pattern: /^(?:Close|CloseFile)\((\w+)\)$/i, step: (m, ctx) => (ctx.files.has(m[1]!) ? { op: "close", file: m[1]! } : undefined) },
];

const LANGUAGE: Readonly<Record<SourceLang, { openings: Opening[]; rules: Rule[] }>> = {
  c: { openings: C_OPENINGS, rules: C_RULES },
  cpp: { openings: CPP_OPENINGS, rules: CPP_RULES },
  java: { openings: JAVA_OPENINGS, rules: JAVA_RULES },
  csharp: { openings: CSHARP_OPENINGS, rules: CSHARP_RULES },
  python: { openings: PYTHON_OPENINGS, rules: PYTHON_RULES },
  pascal: { openings: PASCAL_OPENINGS, rules: PASCAL_RULES },
  // File reading and writing of these languages is drawn as written (their labs read the console).
  javascript: { openings: [], rules: [] },
  typescript: { openings: [], rules: [] },
  go: { openings: [], rules: [] },
  php: { openings: [], rules: [] },
};

/** The text of a file step. */
export function fileStepText(texts: Texts, step: FileStep, escapes = true): string {
  switch (step.op) {
    case "open":
      return step.name === undefined ? `${texts.fileOpen} ${step.file}` : `${texts.fileOpen} ${step.file}: ${step.name}`;
    case "close":
      return `${texts.fileClose} ${step.file}`;
    case "write": {
      const shown = step.items.map((item) => printedItem(item, escapes)).filter((p): p is string => p !== undefined);
      return `${texts.fileWrite} ${step.file}: ${shown.length > 0 ? shown.join(", ") : texts.newLine}`;
    }
    case "read":
      return step.targets.length > 0 ? `${texts.fileRead} ${step.file}: ${step.targets.join(", ")}` : `${texts.fileRead} ${step.file}`;
  }
}

/** A file step as a symbol at `node`'s place: openings and closings are processes, reads and writes input/output. */
function stepNode(node: Simple, step: FileStep, texts: Texts, escapes: boolean): Node {
  const kind = step.op === "open" || step.op === "close" ? "process" : "io";
  return { ...node, kind, text: fileStepText(texts, step, escapes) };
}

const isSimple = (node: Node): node is Simple => node.kind === "process" || node.kind === "io" || node.kind === "call";

/**
 * Python's `with open(…) as f, …:` header: one opening per file, in order; other items keep their
 * `with` (the front-end draws the body after the header).
 */
function withOpenings(text: string, texts: Texts): string[] | undefined {
  const m = /^with (.+)$/.exec(text);
  if (!m) return undefined;
  const items = splitTopLevel(m[1]!);
  const opened = items.map((item) => /^open\((.*)\) as (\w+)$/.exec(item));
  if (!opened.some((o) => o !== null)) return undefined;
  return items.map((item, i) => {
    const o = opened[i];
    return o ? fileStepText(texts, { op: "open", file: o[2]!, name: splitTopLevel(o[1]!)[0] }) : `with ${item}`;
  });
}

/**
 * Rewrites the file input/output of `tree` in place. Pascal's `Вивід f, x` / `Ввід f, x` (the
 * front-end's `writeln(f, x)` / `readln(f, x)`) become writes and reads of f. Pascal's
 * `assign(f, …)` followed by `rewrite(f)`/`reset(f)`/`append(f)` is one opening (not with verbatim).
 */
export function rewriteFileIo(tree: ChartTree, lang: SourceLang, options: ResolvedOptions): void {
  const { openings, rules } = LANGUAGE[lang];
  const texts = options.texts;
  const escapes = lang !== "pascal";
  const files = new Map<string, string | undefined>();
  for (const chart of tree) for (const block of allBlocks(chart.block)) for (const node of block.stmts) {
    if (!isSimple(node)) continue;
    for (const opening of openings) {
      const m = opening.pattern.exec(node.text);
      const found = m ? opening.open(m) : undefined;
      if (found) files.set(found.file, found.name);
    }
    if (lang === "python") for (const m of node.text.matchAll(/\bopen\([^)]*\) as (\w+)/g)) files.set(m[1]!, undefined);
  }
  const ctx: RuleContext = { files };
  const pascalIo = new RegExp(`^(${escapeRegExp(texts.outWord)}|${escapeRegExp(texts.inWord)}) (\\w+)(?:, (.*))?$`);

  const stepOf = (node: Simple): FileStep | undefined => {
    for (const opening of openings) {
      const m = opening.pattern.exec(node.text);
      const found = m ? opening.open(m) : undefined;
      if (found) return { op: "open", ...found };
    }
    if (lang === "pascal" && node.kind === "io") {
      const m = pascalIo.exec(node.text);
      if (m && files.has(m[2]!)) {
        const items = m[3] === undefined ? [] : splitTopLevel(m[3]);
        return m[1] === texts.outWord ? { op: "write", file: m[2]!, items } : { op: "read", file: m[2]!, targets: items };
      }
      return undefined;
    }
    if (node.kind === "io") return undefined;
    for (const rule of rules) {
      const m = rule.pattern.exec(node.text);
      const step = m ? rule.step(m, ctx) : undefined;
      if (step) return step;
    }
    return undefined;
  };

  for (const chart of tree) {
    for (const block of allBlocks(chart.block)) {
      const out: Node[] = [];
      for (const node of block.stmts) {
        if (!isSimple(node)) {
          out.push(node);
          continue;
        }
        const opened = lang === "python" ? withOpenings(node.text, texts) : undefined;
        if (opened) {
          out.push(...opened.map((text) => ({ ...node, kind: "process" as const, text })));
          continue;
        }
        const step = stepOf(node);
        if (!step) {
          out.push(node);
          continue;
        }
        // Pascal: `assign(f, name)` then `rewrite(f)` is one opening, named.
        const last = out[out.length - 1];
        const previous = last && isSimple(last) ? last.text : undefined;
        const opening = `${texts.fileOpen} ${step.file}`;
        if (!options.verbatim && step.op === "open" && step.name === undefined && (previous === opening || previous?.startsWith(`${opening}: `))) continue;
        out.push(stepNode(node, step, texts, escapes));
      }
      block.stmts = out;
    }
  }
}
