/**
 * try/catch drawn deliberately (issue 20), the same in every language. A handler is a decision at
 * the statement that can fail, not a check after the whole try body (that would say every
 * statement always runs before it). The statement is the first one of the try body that can
 * throw what a handler catches:
 *  - a conversion of input (`int(input())`, `sc.nextInt()`, `int.Parse(Console.ReadLine())`,
 *    Pascal `ReadLn(n)`) for ValueError / FormatException / NumberFormatException /
 *    InputMismatchException / EConvertError → after it «Введено число?» (Так → on, Ні → handler);
 *  - another conversion → after it «Помилка перетворення?» (Так → handler);
 *  - a division (`/`, `//`, `%`, `div`, `mod`) for ZeroDivisionError / ArithmeticException /
 *    DivideByZeroException / EDivByZero → before it «Ділення на нуль?» (Так → handler, the
 *    division does not run);
 *  - a file open for IOError / FileNotFoundException / IOException / EInOutError → after it
 *    «Файл відкрито?» (Так → on, Ні → handler);
 *  - a call of an own subprogram (it may throw anything: any handler) → after it
 *    «Виняток <type>?» (Так → handler);
 *  - otherwise the first statement, with «Виняток <type>?» after it.
 * A catch-all handler (`except:`, `Exception`, `catch (...)`) catches all of these. The rest of
 * the body (and Python's `else`) is the success branch, looked at again for the remaining
 * handlers; inputs in a row are checked once, after the last. A handler that does nothing
 * visible (`except: pass`) leaves its branch empty (no decision at all when the other branch is
 * empty too); a handler no statement can reach is not drawn. `finally` follows the decision: it runs on both
 * paths. `raise` / `throw` end the chart in a terminator «Помилка: <message>» (errorText).
 */
import type { Texts } from "../options.ts";
import type { Node } from "../tree/schema.ts";

/** What a statement of a try body can fail with. */
export type Failure = "input" | "convert" | "divide" | "file" | "call";

/** One statement of a try body: its symbols and its source text. */
export interface TryStep {
  nodes: Node[];
  source: string;
}

/** One handler (`except ValueError:`, `catch (IOException e)`, `on E: EConvertError do`). */
export interface TryHandler {
  /** The caught types as written (a C# `when (…)` filter with its type); none for a catch-all. */
  types: string[];
  body: Node[];
}

/** How a language writes what matters to the classification. */
export interface TryLanguage {
  /** Comments of the language (removed before looking for a division). */
  comments: RegExp;
  /** Reading a number can fail on its own (Pascal `ReadLn(n)` of an integer). */
  typedReads: boolean;
  /** Does the statement call a subprogram of the program? */
  callsOwn: (source: string) => boolean;
}

const CONVERT_TYPES = /^(?:ValueError|TypeError|FormatException|NumberFormatException|InputMismatchException|EConvertError|invalid_argument|out_of_range|OverflowException|ArgumentException|NoSuchElementException)$/;
const DIVIDE_TYPES = /^(?:ZeroDivisionError|DivisionByZeroError|ArithmeticError|ArithmeticException|DivideByZeroException|EDivByZero|EZeroDivide|EIntError|EMathError|domain_error)$/;
const FILE_TYPES = /^(?:IOError|OSError|FileNotFoundError|PermissionError|FileNotFoundException|IOException|UncheckedIOException|EInOutError|EFOpenError|EFileNotFoundException|DirectoryNotFoundException|UnauthorizedAccessException|failure)$/;
const CATCH_ALL = /^(?:|\.\.\.|Exception|BaseException|Throwable|Error|RuntimeException|SystemException|exception|runtime_error)$/;
const ALL: readonly Failure[] = ["file", "input", "convert", "divide", "call"];

/** `const std::invalid_argument&` → `invalid_argument`; `java.io.IOException` → `IOException`; a C# `when (…)` filter dropped. */
function bareType(type: string): string {
  const name = type.replace(/\s+when\b[\s\S]*$/, "").replace(/\bconst\b|[&*\s]/g, "");
  return name.split(/::|\./).pop() ?? name;
}

/** What a handler catches: an own subprogram may throw anything, so every handler catches a call. */
function catches(handler: TryHandler): ReadonlySet<Failure> {
  const out = new Set<Failure>(["call"]);
  const types = handler.types.length > 0 ? handler.types.map(bareType) : [""];
  for (const type of types) {
    if (CATCH_ALL.test(type)) ALL.forEach((f) => out.add(f));
    else if (CONVERT_TYPES.test(type)) (out.add("input"), out.add("convert"));
    else if (DIVIDE_TYPES.test(type)) out.add("divide");
    else if (FILE_TYPES.test(type)) (out.add("file"), type === "EInOutError" && out.add("input"));
  }
  return out;
}

const STRINGS = /"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'/g;
const FILE_OPEN = /\b(?:open|fopen|Reset|Rewrite|Append|AssignFile)\s*\(|\b[io]?fstream\b|\bnew\s+(?:File\w*|Scanner\s*\(\s*new\s+File|Stream(?:Reader|Writer)|BufferedReader)\b|\bFile\.\w+\s*\(|\bFiles\.\w+\s*\(/;
const CONVERSION = /\b(?:int|float|complex|Decimal|Fraction)\s*\(|\b(?:Integer|Double|Long|Float|Short|Byte)\.(?:parse\w*|valueOf)\s*\(|\b(?:int|double|long|float|decimal|short|byte|Int32|Int64|Double|Decimal)\.Parse\s*\(|\bConvert\.To\w+\s*\(|\bsto(?:i|l|ll|ul|ull|f|d|ld)\s*\(|\bStrTo(?:Int|Float|Int64|Date)\w*\s*\(|\.next(?:Int|Double|Long|Float|Short|Byte)\s*\(|\b(?:parseInt|parseFloat|Number|intval|floatval)\s*\(/;
/** Input read inside an expression (`return int(input())`, `int.Parse(Console.ReadLine())`). */
const INPUT_CALL = /\binput\s*\(|\bConsole\s*\.\s*Read(?:Line)?\s*\(|\.next(?:Line|Int|Double|Long|Float|Short|Byte)?\s*\(|\breadln\s*\(|\bread\s*\(|\bscanf\s*\(|\bgetline\s*\(|\bcin\b|\bprompt\s*\(|\breadline\s*\(|\bf(?:gets|scanf)\s*\(\s*STDIN\b/i;
const DIVISION = /(?:^|[^/*])\/{1,2}(?![/*=])|%(?![=])|\b(?:div|mod|intdiv)\b/i;

/** The failures of one statement, most telling first. */
function failuresOf(step: TryStep, texts: Texts, lang: TryLanguage): Failure[] {
  const code = step.source.replace(STRINGS, '""').replace(lang.comments, " ");
  const reads = step.nodes.some((n) => n.kind === "io" && n.text.startsWith(`${texts.inWord} `)) || INPUT_CALL.test(code);
  const converts = CONVERSION.test(code);
  const out: Failure[] = [];
  if (FILE_OPEN.test(code)) out.push("file");
  if (reads && (converts || lang.typedReads)) out.push("input");
  if (converts) out.push("convert");
  if (DIVISION.test(code)) out.push("divide");
  if (lang.callsOwn(code)) out.push("call");
  return out;
}

/** callsOwn over a set of subprogram names: some `name(` of the statement is one of them. */
export function callsAnyOf(names: ReadonlySet<string>): (source: string) => boolean {
  return (source) => {
    for (const m of source.matchAll(/([\p{L}_][\p{L}\p{N}_]*)\s*\(/gu)) if (names.has(m[1]!)) return true;
    return false;
  };
}

/** The question of the decision and whether its Так branch is the handler's. */
function question(failure: Failure | undefined, handler: TryHandler, texts: Texts): { cond: string; yesFails: boolean } {
  switch (failure) {
    case "input":
      return { cond: texts.askNumberEntered, yesFails: false };
    case "convert":
      return { cond: texts.askConversionFailed, yesFails: true };
    case "divide":
      return { cond: texts.askDivisionByZero, yesFails: true };
    case "file":
      return { cond: texts.askFileOpened, yesFails: false };
    default: {
      const types = handler.types.filter((t) => !CATCH_ALL.test(bareType(t)));
      const word = texts.exceptionWord.charAt(0).toUpperCase() + texts.exceptionWord.slice(1);
      return { cond: `${word}${types.length > 0 ? ` ${types.join(", ")}` : ""}?`, yesFails: true };
    }
  }
}

/** Where the body first fails in a way a handler catches: the step, the failure and the handler. */
function firstFailure(steps: readonly TryStep[], handlers: readonly TryHandler[], texts: Texts, lang: TryLanguage) {
  const caught = handlers.map(catches);
  for (let i = 0; i < steps.length; i++) {
    for (const failure of failuresOf(steps[i]!, texts, lang)) {
      const h = caught.findIndex((set) => set.has(failure));
      if (h >= 0) return { index: i, failure, handler: h };
    }
  }
  return undefined;
}

/**
 * The symbols of a try statement: the body up to the statement that can fail, the decision with
 * the handler on its failing branch and the rest (then `orElse`) on the other, then `final`.
 * `decision` makes the decision node (the front-end stamps its position). Without a handler the
 * body, `orElse` and `final` simply follow each other.
 */
export function tryNodes(
  steps: readonly TryStep[],
  handlers: readonly TryHandler[],
  orElse: readonly Node[],
  final: readonly Node[],
  texts: Texts,
  lang: TryLanguage,
  decision: (cond: string) => Extract<Node, { kind: "if" }>,
): Node[] {
  // A statement that draws nothing (`pass`) cannot fail where a reader sees it.
  const drawn = steps.filter((s) => s.nodes.length > 0);
  return [...guarded(drawn, handlers, [...orElse], texts, lang, decision, false), ...final];
}

function guarded(
  steps: readonly TryStep[],
  handlers: readonly TryHandler[],
  orElse: Node[],
  texts: Texts,
  lang: TryLanguage,
  decision: (cond: string) => Extract<Node, { kind: "if" }>,
  placed: boolean,
): Node[] {
  const plain = () => [...steps.flatMap((s) => s.nodes), ...orElse];
  if (handlers.length === 0 || steps.length === 0) return plain();
  // Nothing the handlers catch: the first statement, unless a decision already stands above.
  const found = firstFailure(steps, handlers, texts, lang) ?? (placed ? undefined : { index: 0, failure: undefined, handler: 0 });
  if (!found) return plain();
  const handler = handlers[found.handler]!;
  const { cond, yesFails } = question(found.failure, handler, texts);
  // A division is checked before it runs; anything else fails while it runs, so after it.
  const before = found.failure === "divide";
  // Several inputs in a row are checked once, after the last (`Ввід a`, `Ввід b`, «Введено число?»).
  let last = found.index;
  while (!before && found.failure && last + 1 < steps.length && failuresOf(steps[last + 1]!, texts, lang)[0] === found.failure) last++;
  const head = steps.slice(0, before ? found.index : last + 1).flatMap((s) => s.nodes);
  // `return int(input())`: the value is made before the function ends, so the check comes first.
  const ends = !before && head.at(-1)?.kind === "terminal" ? [head.pop()!] : [];
  const others = handlers.filter((_, i) => i !== found.handler);
  const rest = guarded(steps.slice(last + 1), others, orElse, texts, lang, decision, true);
  const success = before ? [...steps[found.index]!.nodes, ...rest] : [...ends, ...rest];
  // Nothing on either side (`except: pass` with nothing after the call): no choice to draw.
  if (success.length === 0 && handler.body.length === 0) return head;
  const node = decision(cond);
  node.then = { stmts: yesFails ? [...handler.body] : success };
  node.else = { stmts: yesFails ? success : [...handler.body] };
  return [...head, node];
}

/**
 * The terminator text of a `raise` / `throw`: `Помилка: "n < 0"` for an exception made with a
 * message, `Помилка: ValueError` for one without, `Помилка` for a bare re-raise.
 */
export function errorText(exception: string, texts: Texts): string {
  const text = exception.trim();
  if (text === "") return texts.errorWord;
  const made = /^(?:new\s+)?([\p{L}_][\p{L}\p{N}_.:]*?)(?:\.Create)?\s*\(([\s\S]*)\)$/u.exec(text);
  if (!made) return `${texts.errorWord}: ${text}`;
  const args = made[2]!.trim();
  return `${texts.errorWord}: ${args !== "" ? args : bareType(made[1]!)}`;
}
