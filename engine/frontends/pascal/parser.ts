/**
 * Hand-written recursive-descent parser for Pascal (Turbo/Free Pascal, Delphi, PascalABC.NET).
 *
 * Only what charts need is parsed in full: routine headers and bodies and the statements in them.
 * Declaration sections (label, const, type, var, uses …) are skipped token by token, keeping track of
 * `record`/`class`/`object`/`interface` … `end` nesting so that method declarations inside classes
 * are not taken for routines. Expressions are kept as token runs (the chart shows them as text).
 *
 * Errors: a ParseError carries the line/column of the offending token; the front-end records it for
 * the routine being parsed and resumes at the next top-level `procedure` / `function` or at a
 * `begin` in column 1 (typically the main program), so the other routines still come out.
 */
import { tokenize, type Token } from "./lexer.ts";

export interface Loc {
  line: number;
  col: number;
}

export type Expr = Token[];

export interface CaseArm {
  labels: Expr[];
  body: Stmt | null;
  loc: Loc;
}

export interface Handler {
  /** Exception type of `on [E:] Type do`. */
  type: Expr;
  body: Stmt | null;
  loc: Loc;
}

export type Stmt =
  | { k: "simple"; loc: Loc; expr: Expr }
  | { k: "assign"; loc: Loc; target: Expr; op: string; value: Expr }
  | { k: "vardecl"; loc: Loc; names: Expr; value?: Expr }
  | { k: "compound"; loc: Loc; body: Stmt[] }
  | { k: "if"; loc: Loc; cond: Expr; then: Stmt | null; else?: Stmt | null }
  | { k: "case"; loc: Loc; expr: Expr; arms: CaseArm[]; otherwise?: Stmt[] }
  | { k: "for"; loc: Loc; variable: Expr; from: Expr; to: Expr; down: boolean; step?: Expr; body: Stmt | null }
  | { k: "forin"; loc: Loc; variable: Expr; collection: Expr; body: Stmt | null }
  | { k: "while"; loc: Loc; cond: Expr; body: Stmt | null }
  | { k: "repeat"; loc: Loc; body: Stmt[]; cond: Expr }
  | { k: "loop"; loc: Loc; count: Expr; body: Stmt | null }
  | { k: "with"; loc: Loc; objects: Expr; body: Stmt | null }
  | { k: "goto"; loc: Loc; label: string }
  | { k: "label"; loc: Loc; label: string; stmt: Stmt | null }
  | {
      k: "try"; loc: Loc; body: Stmt[];
      /** `except` part: `on … do` handlers, or plain statements when there are none. */
      handlers?: Handler[]; except?: Stmt[]; exceptElse?: Stmt[]; finally?: Stmt[];
    }
  | { k: "raise"; loc: Loc; expr: Expr }
  /** A statement the parser could not read (issue 20): its source text, drawn as a process. */
  | { k: "unread"; loc: Loc; text: string }
  | { k: "asm"; loc: Loc };

export interface Routine {
  /** As written, dotted for methods (`TClass.Method`) and nested routines (`Outer.Inner`). */
  name: string;
  loc: Loc;
  isFunction: boolean;
  /** Statements of the body; undefined when the routine has no body here (forward, external …) or failed to parse. */
  body?: Stmt[];
}

export interface ParsedProgram {
  main?: { body: Stmt[]; loc: Loc };
  /** Routines in source order of their headers (outer before nested). */
  routines: Routine[];
  /** Last components of every routine name, lower-cased (for telling user calls apart). */
  routineNames: Set<string>;
  errors: { name: string; message: string; line: number; col: number }[];
  /** Statements read as `unread` (the routine is still drawn): the first problem per routine (`at`: its header; none for main). */
  recovered: { name: string; at?: Loc; message: string; line: number; col: number }[];
}

/** A syntax error; the message reads like the Python front-end's: `syntax error at line L, column C: …`. */
export class ParseError extends Error {
  readonly line: number;
  readonly col: number;

  constructor(detail: string, line: number, col: number) {
    super(`syntax error at line ${line}, column ${col}: ${detail}`);
    this.line = line;
    this.col = col;
  }
}

/** Maximum statement nesting the parser follows (deeper → ParseError, never a stack overflow). */
export const MAX_PARSE_DEPTH = 2000;
/** Parsing stops after this many syntax errors (garbage input). */
const MAX_ERRORS = 50;

const SECTION_WORDS = new Set(["label", "const", "type", "var", "resourcestring", "threadvar", "uses", "exports"]);
const ROUTINE_WORDS = new Set(["procedure", "function", "constructor", "destructor", "operator"]);
/** Words that end an expression (they never occur inside one). */
const STOP_WORDS = new Set([
  "begin", "end", "if", "then", "else", "while", "do", "for", "to", "downto", "repeat", "until", "case", "of",
  "with", "goto", "try", "except", "finally", "raise", "label", "const", "type", "var", "program", "unit",
  "uses", "interface", "implementation", "initialization", "finalization", "foreach", "otherwise",
]);
const ASSIGN_OPS = new Set([":=", "+=", "-=", "*=", "/="]);
/** Routine directives after the header. */
const DIRECTIVES = new Set([
  "overload", "virtual", "override", "reintroduce", "abstract", "static", "dynamic", "inline", "stdcall", "cdecl",
  "pascal", "register", "safecall", "export", "assembler", "far", "near", "forward", "external", "message",
  "deprecated", "platform", "experimental", "final", "unsafe", "varargs", "local", "nostackframe",
  "alias", "compilerproc", "interrupt", "iocheck", "noreturn", "winapi", "extdecl",
]);
const NO_BODY = new Set(["forward", "external", "abstract"]);
/** Openers of blocks that close with `end` (besides `begin`). */
const BLOCK_OPENERS = new Set(["begin", "case", "try", "asm", "record"]);

export function parseProgram(source: string): ParsedProgram {
  return new Parser(tokenize(source)).program();
}

const locOf = (t: Token): Loc => ({ line: t.line, col: t.col });

function describe(t: Token): string {
  if (t.kind === "eof") return "end of file";
  return `'${t.text.length > 30 ? `${t.text.slice(0, 30)}…` : t.text}'`;
}

class Parser {
  private pos = 0;
  private depth = 0;
  /** Routines being parsed (innermost last): an error belongs to them. */
  private stack: Routine[] = [];
  private isUnit = false;
  /** Blocks opened and not yet closed by `end` (guides the recovery after an error). */
  private openBlocks = 0;
  /** Where the last recovery resumed (to never resume twice at the same token). */
  private lastResync = -1;
  private readonly out: ParsedProgram = { routines: [], routineNames: new Set(), errors: [], recovered: [] };

  private readonly tokens: Token[];

  constructor(tokens: Token[]) {
    this.tokens = tokens;
  }

  // ---- token helpers ----

  private peek(offset = 0): Token {
    return this.tokens[Math.min(this.pos + offset, this.tokens.length - 1)]!;
  }

  private next(): Token {
    const t = this.peek();
    if (this.pos < this.tokens.length - 1) this.pos++;
    return t;
  }

  private isWord(t: Token, word: string): boolean {
    return t.kind === "word" && t.lower === word;
  }

  private isOp(t: Token, op: string): boolean {
    return t.kind === "op" && t.text === op;
  }

  private atWord(word: string): boolean {
    return this.isWord(this.peek(), word);
  }

  private atOp(op: string): boolean {
    return this.isOp(this.peek(), op);
  }

  private fail(expected: string): never {
    const t = this.peek();
    throw new ParseError(`expected ${expected} but found ${describe(t)}`, t.line, t.col);
  }

  private expectWord(word: string): Token {
    if (!this.atWord(word)) this.fail(`'${word}'`);
    if (word === "end") this.openBlocks--;
    return this.next();
  }

  /** Consume a block opener (`begin`, `case`, `try`, `initialization`) that an `end` closes. */
  private openBlock(): Token {
    this.openBlocks++;
    return this.next();
  }

  private expectOp(op: string): Token {
    if (!this.atOp(op)) this.fail(`'${op}'`);
    return this.next();
  }

  private eof(): boolean {
    return this.peek().kind === "eof";
  }

  // ---- program structure ----

  program(): ParsedProgram {
    this.header();
    // PascalABC.NET `##` short programs.
    if (this.atOp("#") && this.isOp(this.peek(1), "#")) {
      this.next();
      this.next();
    }
    if (!this.isUnit && this.startsLooseStatements()) {
      // A fragment without `begin … end.` (a pasted body, a PascalABC `##` program): main statements.
      const first = this.peek();
      try {
        const body = this.statements(["end"], true);
        if (this.atWord("end")) {
          this.next();
          if (this.atOp(".") || this.atOp(";")) this.next();
        }
        if (!this.eof()) this.fail("end of file");
        this.out.main = { body, loc: locOf(first) };
      } catch (error) {
        if (!(error instanceof ParseError)) throw error;
        this.record(error);
      }
      return this.out;
    }
    for (let guard = 0; guard < 100000 && !this.eof(); guard++) {
      try {
        this.topLevel();
        break;
      } catch (error) {
        if (!(error instanceof ParseError)) throw error;
        this.record(error);
        if (this.out.errors.length >= MAX_ERRORS) break;
        this.resync();
      }
    }
    return this.out;
  }

  /** Does the source start with a statement rather than a declaration or `begin`? */
  private startsLooseStatements(): boolean {
    const t = this.peek();
    if (t.kind === "eof" || this.isOp(t, ";")) return false;
    if (t.kind !== "word") return true;
    if (SECTION_WORDS.has(t.lower) && !(t.lower === "var" && this.isVarStatement())) return false;
    if (this.isRoutineStart() || t.lower === "generic") return false;
    return !["begin", "end", "implementation", "initialization", "asm", "interface"].includes(t.lower);
  }

  /** `var x := 5;` (a PascalABC statement) rather than a `var` section. */
  private isVarStatement(): boolean {
    for (let i = 1; i < 200; i++) {
      const t = this.peek(i);
      if (this.isOp(t, ":=")) return true;
      if (t.kind === "eof" || this.isOp(t, ";")) return false;
    }
    return false;
  }

  private record(error: ParseError): void {
    const names = this.stack.length > 0 ? this.stack.map((r) => r.name).reverse() : ["main"];
    for (const name of names) this.out.errors.push({ name, message: error.message, line: error.line, col: error.col });
    this.stack = [];
    this.depth = 0;
  }

  /**
   * Resume after an error at the next routine header (after a `;`), or at a `begin` in column 1
   * once the blocks open at the error are closed (typically the main program). The token where the
   * error was found may itself be the place to resume (`procedure` after a missing `end`).
   */
  private resync(): void {
    let open = this.openBlocks;
    this.openBlocks = 0;
    if (this.pos === this.lastResync) this.next();
    for (let first = true; !this.eof(); first = false) {
      const t = this.peek();
      const prev = this.tokens[this.pos - 1];
      const declPos = !prev || this.isOp(prev, ";");
      if (declPos && (ROUTINE_WORDS.has(t.lower) || (this.isWord(t, "class") && ROUTINE_WORDS.has(this.peek(1).lower)))) break;
      if (!first && this.isWord(t, "begin") && t.col === 1 && open <= 0) break;
      if (t.kind === "word") {
        if (BLOCK_OPENERS.has(t.lower)) open++;
        else if (t.lower === "end") open--;
      }
      this.next();
    }
    this.lastResync = this.pos;
  }

  /** `program X;` / `library X;` / `unit X; interface … implementation`. */
  private header(): void {
    const t = this.peek();
    if (this.isWord(t, "program") || this.isWord(t, "library")) {
      this.skipPast(";");
    } else if (this.isWord(t, "unit")) {
      this.isUnit = true;
      this.skipPast(";");
      // The interface part declares, the implementation part defines.
      while (!this.eof() && !this.atWord("implementation")) this.next();
      if (this.atWord("implementation")) this.next();
    }
  }

  private skipPast(op: string): void {
    while (!this.eof() && !this.atOp(op)) this.next();
    if (this.atOp(op)) this.next();
  }

  private topLevel(): void {
    for (let guard = 0; guard < 100000 && !this.eof(); guard++) {
      this.declarations("");
      const t = this.peek();
      if (this.isWord(t, "begin")) {
        this.openBlock();
        const body = this.statements(["end"]);
        this.expectWord("end");
        if (this.atOp(".") || this.eof()) {
          this.out.main = { body, loc: locOf(t) };
          return;
        }
        if (this.atOp(";") && this.peek(1).kind === "eof" && this.out.errors.length === 0) {
          // `end;` closing the program: a common slip, still the main program.
          this.out.main = { body, loc: locOf(t) };
          return;
        }
        // `end;`: the body of a routine whose header was lost in an earlier error — drop it.
        if (this.atOp(";")) this.next();
        continue;
      }
      if (this.isWord(t, "initialization")) {
        this.openBlock();
        const body = this.statements(["end", "finalization"]);
        if (this.atWord("finalization")) {
          this.next();
          this.statements(["end"]);
        }
        this.expectWord("end");
        this.out.main = { body, loc: locOf(t) };
        return;
      }
      if (this.eof() || (this.isWord(t, "end") && this.isUnit)) return;
      this.fail("'begin'");
    }
  }

  /** Declarations until `begin` / `asm` / `initialization` / `end` / end of file; routines parsed. */
  private declarations(prefix: string): void {
    for (let guard = 0; guard < 100000; guard++) {
      const t = this.peek();
      if (t.kind === "eof") return;
      if (t.kind === "word") {
        if (SECTION_WORDS.has(t.lower)) {
          this.skipSection();
          continue;
        }
        if (this.isRoutineStart()) {
          this.routine(prefix);
          continue;
        }
        if (t.lower === "implementation") {
          this.next();
          continue;
        }
        if (t.lower === "generic" && ROUTINE_WORDS.has(this.peek(1).lower)) {
          this.next();
          continue;
        }
        if (t.lower === "begin" || t.lower === "asm" || t.lower === "initialization" || t.lower === "end") return;
      }
      if (this.isOp(t, ";")) {
        this.next();
        continue;
      }
      this.fail("'begin'");
    }
  }

  private isRoutineStart(): boolean {
    const t = this.peek();
    if (t.kind === "word" && t.lower === "operator") {
      // `operator` is an ordinary identifier in Turbo Pascal: `operator: char;`.
      const n1 = this.peek(1);
      return !(n1.kind === "op" && [":", ",", ":=", ";", "(", "."].includes(n1.text)) || this.isWord(this.tokens[this.pos - 1] ?? t, "class");
    }
    if (ROUTINE_WORDS.has(t.lower) && t.kind === "word") return true;
    return this.isWord(t, "class") && ROUTINE_WORDS.has(this.peek(1).lower);
  }

  /** Skip a declaration section, minding `record`/`class`/… `end` nesting. */
  private skipSection(): void {
    const first = this.next();
    if (first.lower === "uses" || first.lower === "exports") {
      this.skipPast(";");
      return;
    }
    // Open type blocks, each with the type's name (null when unnamed, e.g. `array of record`).
    const open: (string | null)[] = [];
    for (let guard = 0; guard < 10_000_000 && !this.eof(); guard++) {
      const t = this.peek();
      const prev = this.tokens[this.pos - 1]!;
      if (t.kind === "word") {
        if (open.length === 0) {
          if (SECTION_WORDS.has(t.lower) && t.lower !== "uses") return;
          if (["begin", "implementation", "initialization", "finalization", "end", "asm"].includes(t.lower)) return;
          const declPos = this.isOp(prev, ";");
          if (declPos && this.isRoutineStart()) return;
        } else if (this.isRoutineStart() && !this.isOp(prev, "=") && !this.isOp(prev, ":") && prev.lower !== "of") {
          // A method declared in a class / record; PascalABC.NET may give it a body right there.
          const owner = open.filter((n): n is string => n !== null).join(".");
          this.routine(owner, true);
          continue;
        }
        if (t.lower === "end" && open.length > 0) {
          open.pop();
        } else if (this.opensTypeBlock(t, prev)) {
          open.push(this.typeNameBefore());
        }
      }
      this.next();
    }
  }

  /** Name of the type whose block opens at the current token: `TFoo = [packed] class`. */
  private typeNameBefore(): string | null {
    let i = this.pos - 1;
    while (i > 0 && this.tokens[i]!.kind === "word" && ["packed", "bitpacked", "auto", "sealed", "abstract", "partial"].includes(this.tokens[i]!.lower)) i--;
    if (!this.isOp(this.tokens[i]!, "=")) return null;
    i--;
    if (i >= 0 && this.isOp(this.tokens[i]!, ">")) {
      // Generic parameters: `TStack<T> = class`.
      let depth = 0;
      for (; i >= 0; i--) {
        const u = this.tokens[i]!;
        if (this.isOp(u, ">")) depth++;
        else if (this.isOp(u, "<") && --depth === 0) break;
      }
      i--;
    }
    const name = this.tokens[i];
    return name && name.kind === "word" ? name.text : null;
  }

  private opensTypeBlock(t: Token, prev: Token): boolean {
    const after = prev.kind === "op"
      ? prev.text === "=" || prev.text === ":"
      : ["packed", "bitpacked", "of", "auto", "sealed", "abstract", "partial"].includes(prev.lower);
    switch (t.lower) {
      case "record":
        return after;
      case "object":
        return after && prev.lower !== "of";
      case "interface":
      case "dispinterface":
        return this.isOp(prev, "=") && !this.isOp(this.peek(1), ";");
      case "class": {
        if (!after || prev.lower === "of") return false;
        const n1 = this.peek(1);
        if (this.isWord(n1, "of") || this.isOp(n1, ";")) return false;
        if (this.isOp(n1, "(")) {
          // `class(TBase);` is a forward declaration without a body.
          let depth = 0;
          for (let i = 1; i < 10000; i++) {
            const u = this.peek(i);
            if (u.kind === "eof") return false;
            if (this.isOp(u, "(")) depth++;
            else if (this.isOp(u, ")") && --depth === 0) return !this.isOp(this.peek(i + 1), ";");
          }
        }
        return true;
      }
      default:
        return false;
    }
  }

  /** A routine header and its body (nested routines included). */
  /** `inType`: declared inside a class/record — a body only when `begin` follows (PascalABC.NET). */
  private routine(prefix: string, inType = false): void {
    const start = this.peek();
    if (this.atWord("class")) this.next();
    const kind = this.next();
    const isFunction = kind.lower === "function" || kind.lower === "operator";
    // Name: `Name`, `TClass.Method`, generics skipped, operator symbols as written.
    const parts: string[] = [];
    if (kind.lower === "operator" && this.peek().kind !== "word") {
      while (!this.eof() && !this.atOp("(") && !this.atOp(";")) parts.push(this.next().text);
    } else {
      if (this.peek().kind !== "word") this.fail("a name");
      parts.push(this.next().text);
      for (let guard = 0; guard < 1000; guard++) {
        if (this.atOp("<")) this.skipBalanced("<", ">");
        if (this.atOp(".") && this.peek(1).kind === "word") {
          this.next();
          parts.push(this.next().text);
        } else break;
      }
    }
    const symbolic = kind.lower === "operator" && !/^[\p{L}_]/u.test(parts[0] ?? "");
    const own = parts.join(symbolic ? " " : ".");
    const name = prefix ? `${prefix}.${own}` : own;
    const routine: Routine = { name, loc: locOf(start), isFunction };
    this.out.routineNames.add((parts[parts.length - 1] ?? "").toLowerCase());
    const index = this.out.routines.length;
    this.out.routines.push(routine);
    this.stack.push(routine);

    if (this.atOp("(")) this.skipBalanced("(", ")");
    if (this.atOp(":")) {
      // Result type (also FPC's named result `operator + (a, b: T) r: T`).
      while (!this.eof() && !this.atOp(";") && !this.atOp(":=")) {
        if (this.atOp("(")) this.skipBalanced("(", ")");
        else this.next();
      }
    } else if (this.peek().kind === "word" && this.isOp(this.peek(1), ":")) {
      this.next();
      this.next();
      while (!this.eof() && !this.atOp(";")) this.next();
    }
    // PascalABC.NET one-liners: `function Sq(x: real) := x * x;`, `procedure P := Print(1);`
    if (this.atOp(":=")) {
      const op = this.next();
      if (isFunction) {
        const value = this.expression();
        if (value.length === 0) this.fail("an expression");
        routine.body = [{ k: "simple", loc: locOf(op), expr: [{ ...op, kind: "word", text: "exit", lower: "exit" }, ...wrapArgs(value, op)] }];
      } else {
        const stmt = this.statement();
        routine.body = stmt ? [stmt] : [];
      }
      if (this.atOp(";")) this.next();
      this.stack.pop();
      return;
    }
    if (this.atOp(";")) this.next();
    let hasBody = true;
    for (let guard = 0; guard < 1000; guard++) {
      const t = this.peek();
      if (t.kind !== "word" || !DIRECTIVES.has(t.lower)) break;
      // `public`/`export` … as directives only right after the header; fine for lab code.
      if (NO_BODY.has(t.lower)) hasBody = false;
      this.skipPast(";");
    }
    if (!hasBody || (inType && !this.atWord("begin"))) {
      this.out.routines.splice(index, 1);
      this.stack.pop();
      return;
    }
    this.declarations(name);
    if (this.atWord("asm")) {
      const asm = this.next();
      this.skipToEnd();
      routine.body = [{ k: "asm", loc: locOf(asm) }];
    } else {
      if (!this.atWord("begin")) this.fail("'begin'");
      this.openBlock();
      const body = this.statements(["end"]);
      this.expectWord("end");
      routine.body = body;
    }
    if (this.atOp(";")) this.next();
    this.stack.pop();
  }

  private skipBalanced(open: string, close: string): void {
    let depth = 0;
    for (let guard = 0; guard < 10_000_000 && !this.eof(); guard++) {
      const t = this.next();
      if (this.isOp(t, open)) depth++;
      else if (this.isOp(t, close) && --depth <= 0) return;
      else if (open === "<" && (this.isOp(t, ";") || this.isOp(t, "("))) return;
    }
  }

  /** Skip to the `end` that closes the block just opened (nested openers counted), consuming it. */
  private skipToEnd(): void {
    let depth = 1;
    for (let guard = 0; guard < 10_000_000 && !this.eof(); guard++) {
      const t = this.next();
      if (t.kind !== "word") continue;
      if (BLOCK_OPENERS.has(t.lower)) depth++;
      else if (t.lower === "end" && --depth === 0) return;
    }
  }

  // ---- statements ----

  /** Statements separated by `;` up to (not including) one of the `until` words. */
  private statements(until: string[], eofOk = false): Stmt[] {
    const out: Stmt[] = [];
    for (let guard = 0; guard < 10_000_000; guard++) {
      const t = this.peek();
      if (t.kind === "eof" || (t.kind === "word" && until.includes(t.lower))) return out;
      if (this.isOp(t, ";")) {
        this.next();
        continue;
      }
      // Where the unread text starts: the statement, or what follows it when only its `;` is missing.
      let start = this.pos;
      const open = this.openBlocks;
      try {
        const stmt = this.statement();
        if (stmt) out.push(stmt);
        start = this.pos;
        const after = this.peek();
        if (this.isOp(after, ";")) {
          this.next();
          continue;
        }
        if (after.kind === "word" && until.includes(after.lower)) return out;
        if (after.kind === "eof") {
          if (eofOk) return out;
          this.fail(`'${until[0]}'`);
        }
        this.fail("';'");
      } catch (error) {
        if (!(error instanceof ParseError) || error.message.includes("nested too deeply")) throw error;
        const failedAt = this.pos;
        this.openBlocks = open;
        if (!this.skipStatement(start, until)) {
          this.pos = failedAt;
          throw error;
        }
        out.push({ k: "unread", loc: locOf(this.tokens[start]!), text: this.sourceOf(start, this.pos) });
        const routine = this.stack[this.stack.length - 1];
        const name = routine?.name ?? "main";
        if (!this.out.recovered.some((r) => r.name === name && r.at === routine?.loc)) {
          this.out.recovered.push({ name, at: routine?.loc, message: error.message, line: error.line, col: error.col });
        }
      }
    }
    return out;
  }

  /**
   * Parser recovery inside a statement list (issue 20): from the start of a statement the parser
   * could not read, skip to the `;` ending it or to the word closing the list, keeping `begin …
   * end` / `repeat … until` / brackets balanced. False — nothing skipped for good — when a routine
   * header, a `begin` in column 1 or the end of the file comes first: the routine's structure is
   * broken then, and the error stands as before.
   */
  private skipStatement(start: number, until: readonly string[]): boolean {
    this.pos = start;
    let blocks = 0;
    let brackets = 0;
    for (let moved = false; !this.eof(); moved = true) {
      const t = this.peek();
      const word = t.kind === "word" ? t.lower : "";
      // A `;` ends the statement even inside an unclosed bracket (`x := (b + 1;`).
      if (blocks === 0 && moved && (this.isOp(t, ";") || (brackets === 0 && until.includes(word)))) return true;
      if (ROUTINE_WORDS.has(word) || (word === "begin" && t.col === 1 && moved)) return false;
      if (BLOCK_OPENERS.has(word) || word === "repeat") blocks++;
      else if ((word === "end" || word === "until") && blocks > 0) blocks--;
      else if (word === "end" || word === "until") return moved;
      else if (this.isOp(t, "(") || this.isOp(t, "[")) brackets++;
      else if ((this.isOp(t, ")") || this.isOp(t, "]")) && brackets > 0) brackets--;
      this.next();
    }
    return false;
  }

  /** The source text of tokens [from, to): a line break where the source has one, else a space where it has one. */
  private sourceOf(from: number, to: number): string {
    let text = "";
    for (let i = from; i < to; i++) {
      const t = this.tokens[i]!;
      const prev = this.tokens[i - 1];
      if (i > from) text += prev && t.line !== prev.line ? "\n" : t.space ? " " : "";
      text += t.text;
    }
    return text;
  }

  /** A statement that may be empty (`if c then ;`, `do ;`, before `else`). */
  private optionalStatement(): Stmt | null {
    const t = this.peek();
    if (this.isOp(t, ";") || t.kind === "eof") return null;
    if (t.kind === "word" && ["else", "end", "until", "except", "finally", "otherwise"].includes(t.lower)) return null;
    return this.statement();
  }

  private statement(): Stmt | null {
    if (++this.depth > MAX_PARSE_DEPTH) {
      const t = this.peek();
      throw new ParseError(`statements nested too deeply (more than ${MAX_PARSE_DEPTH} levels)`, t.line, t.col);
    }
    try {
      return this.statementInner();
    } finally {
      this.depth--;
    }
  }

  private statementInner(): Stmt | null {
    const t = this.peek();
    const loc = locOf(t);
    // Labels: `L1:` / `10:`.
    if ((t.kind === "word" || t.kind === "number") && this.isOp(this.peek(1), ":") && !STOP_WORDS.has(t.lower)) {
      this.next();
      this.next();
      return { k: "label", loc, label: t.text, stmt: this.optionalStatement() };
    }
    if (t.kind === "word") {
      switch (t.lower) {
        case "begin": {
          this.openBlock();
          const body = this.statements(["end"]);
          this.expectWord("end");
          return { k: "compound", loc, body };
        }
        case "if": {
          this.next();
          const cond = this.requireExpression();
          this.expectWord("then");
          const then = this.optionalStatement();
          if (this.atWord("else")) {
            this.next();
            return { k: "if", loc, cond, then, else: this.optionalStatement() };
          }
          return { k: "if", loc, cond, then };
        }
        case "case":
          return this.caseStatement();
        case "for":
        case "foreach":
          return this.forStatement();
        case "while": {
          this.next();
          const cond = this.requireExpression();
          this.expectWord("do");
          return { k: "while", loc, cond, body: this.optionalStatement() };
        }
        case "repeat": {
          this.next();
          const body = this.statements(["until"]);
          this.expectWord("until");
          return { k: "repeat", loc, body, cond: this.requireExpression() };
        }
        case "with": {
          this.next();
          const objects = this.requireExpression();
          this.expectWord("do");
          return { k: "with", loc, objects, body: this.optionalStatement() };
        }
        case "goto": {
          this.next();
          const label = this.next();
          if (label.kind !== "word" && label.kind !== "number") {
            throw new ParseError(`expected a label but found ${describe(label)}`, label.line, label.col);
          }
          return { k: "goto", loc, label: label.text };
        }
        case "try":
          return this.tryStatement();
        case "raise": {
          this.next();
          return { k: "raise", loc, expr: this.expression() };
        }
        case "var":
        case "const":
          return this.inlineVar();
        case "asm":
          this.next();
          this.skipToEnd();
          return { k: "asm", loc };
        case "loop": {
          const n1 = this.peek(1);
          const callLike = n1.kind === "eof" || (n1.kind === "op" && [":=", "(", ";", ".", "[", "^", "+=", "-=", "*=", "/="].includes(n1.text));
          if (!callLike && !(n1.kind === "word" && STOP_WORDS.has(n1.lower))) {
            this.next();
            const count = this.requireExpression();
            this.expectWord("do");
            return { k: "loop", loc, count, body: this.optionalStatement() };
          }
          break;
        }
        default:
          if (STOP_WORDS.has(t.lower)) this.fail("a statement");
          // A routine header inside a body: the body's `end` is missing.
          if (["procedure", "function", "constructor", "destructor"].includes(t.lower)) this.fail("'end'");
      }
    }
    const target = this.expression();
    if (target.length === 0) this.fail("a statement");
    const op = this.peek();
    if (op.kind === "op" && ASSIGN_OPS.has(op.text)) {
      this.next();
      return { k: "assign", loc, target, op: op.text, value: this.requireExpression() };
    }
    return { k: "simple", loc, expr: target };
  }

  private caseStatement(): Stmt {
    const loc = locOf(this.openBlock());
    const expr = this.requireExpression();
    this.expectWord("of");
    const arms: CaseArm[] = [];
    let otherwise: Stmt[] | undefined;
    for (let guard = 0; guard < 1_000_000; guard++) {
      if (this.atOp(";")) {
        this.next();
        continue;
      }
      if (this.atWord("end")) break;
      if (this.atWord("else") || this.atWord("otherwise")) {
        this.next();
        otherwise = this.statements(["end"]);
        break;
      }
      if (this.eof()) this.fail("'end'");
      const armLoc = locOf(this.peek());
      const labels = splitTopLevel(this.expression([":"]), ",");
      if (labels.length === 0 || labels.some((l) => l.length === 0)) this.fail("a case label");
      this.expectOp(":");
      const body = this.optionalStatement();
      arms.push({ labels, body, loc: armLoc });
      if (!this.atOp(";") && !this.atWord("end") && !this.atWord("else") && !this.atWord("otherwise")) this.fail("';'");
    }
    this.expectWord("end");
    const stmt: Stmt = { k: "case", loc, expr, arms };
    if (otherwise) stmt.otherwise = otherwise;
    return stmt;
  }

  private forStatement(): Stmt {
    const loc = locOf(this.next());
    if (this.atWord("var")) this.next();
    const variable = this.expression([":", "in"]);
    if (variable.length === 0) this.fail("a loop variable");
    if (this.atOp(":")) {
      // PascalABC `for var i: integer := …` / `foreach var x: real in …`: the type is not shown.
      this.next();
      while (!this.eof() && !this.atOp(":=") && !this.atWord("in") && !this.atWord("do")) this.next();
    }
    if (this.atWord("in")) {
      this.next();
      const collection = this.requireExpression();
      this.expectWord("do");
      return { k: "forin", loc, variable, collection, body: this.optionalStatement() };
    }
    this.expectOp(":=");
    const from = this.requireExpression();
    if (!this.atWord("to") && !this.atWord("downto")) this.fail("'to' or 'downto'");
    const down = this.next().lower === "downto";
    let to = this.expression(["step"]);
    // PascalABC `step k`; elsewhere `step` may be a plain variable (`for i := 1 to step do`).
    for (let guard = 0; guard < 1000 && this.atWord("step"); guard++) {
      const n1 = this.peek(1);
      const last = to[to.length - 1];
      const isStep = last !== undefined && endsOperand(last) && (startsOperand(n1) || this.isOp(n1, "(") || this.isOp(n1, "-"))
        && !(n1.kind === "word" && STOP_WORDS.has(n1.lower));
      if (isStep) break;
      to = [...to, this.next(), ...this.expression(["step"])];
    }
    if (to.length === 0) this.fail("an expression");
    let step: Expr | undefined;
    if (this.atWord("step")) {
      this.next();
      step = this.requireExpression();
    }
    this.expectWord("do");
    const stmt: Stmt = { k: "for", loc, variable, from, to, down, body: this.optionalStatement() };
    if (step) stmt.step = step;
    return stmt;
  }

  private tryStatement(): Stmt {
    const loc = locOf(this.openBlock());
    const body = this.statements(["except", "finally", "end"]);
    const stmt: Extract<Stmt, { k: "try" }> = { k: "try", loc, body };
    if (this.atWord("except")) {
      this.next();
      if (this.atWord("on")) {
        const handlers: Handler[] = [];
        for (let guard = 0; guard < 1_000_000 && this.atWord("on"); guard++) {
          const hLoc = locOf(this.next());
          if (this.peek().kind === "word" && this.isOp(this.peek(1), ":")) {
            this.next();
            this.next();
          }
          const type = this.requireExpression();
          this.expectWord("do");
          handlers.push({ type, body: this.optionalStatement(), loc: hLoc });
          while (this.atOp(";")) this.next();
        }
        stmt.handlers = handlers;
        if (this.atWord("else")) {
          this.next();
          stmt.exceptElse = this.statements(["end"]);
        }
      } else {
        stmt.except = this.statements(["end"]);
      }
    }
    if (this.atWord("finally")) {
      this.next();
      stmt.finally = this.statements(["end"]);
    }
    this.expectWord("end");
    return stmt;
  }

  /** `var x := e;`, `var x: T := e;`, `var a, b: T;` (PascalABC.NET, Delphi 10.3+). */
  private inlineVar(): Stmt {
    const loc = locOf(this.next());
    const names = this.expression([":"]);
    if (names.length === 0) this.fail("a variable name");
    if (this.atOp(":")) {
      this.next();
      let depth = 0;
      while (!this.eof()) {
        const t = this.peek();
        if (this.isOp(t, "(") || this.isOp(t, "[") || this.isOp(t, "<")) depth++;
        else if (this.isOp(t, ")") || this.isOp(t, "]") || this.isOp(t, ">")) depth--;
        else if (depth <= 0 && (this.isOp(t, ":=") || this.isOp(t, ";") || this.isOp(t, "="))) break;
        else if (t.kind === "word" && (t.lower === "end" || t.lower === "else")) break;
        this.next();
      }
    }
    if (this.atOp(":=") || this.atOp("=")) {
      this.next();
      return { k: "vardecl", loc, names, value: this.requireExpression() };
    }
    return { k: "vardecl", loc, names };
  }

  // ---- expressions (token runs) ----

  private requireExpression(extraStops: string[] = []): Expr {
    const expr = this.expression(extraStops);
    if (expr.length === 0) this.fail("an expression");
    return expr;
  }

  /**
   * Tokens of one expression: up to a `;`, an assignment operator, an unbalanced closing bracket or
   * a statement keyword at bracket depth 0. `extraStops` adds operators (`:`) or words (`step`, `in`).
   * Anonymous routines and `-> begin … end` lambda bodies are taken in whole.
   */
  private expression(extraStops: string[] = []): Expr {
    const out: Token[] = [];
    let depth = 0;
    for (let guard = 0; guard < 10_000_000; guard++) {
      const t = this.peek();
      if (t.kind === "eof") break;
      // Two operands in a row (`P2 writeln(x)`, `f(a) b`): a missing `;` or operator.
      const prev = out[out.length - 1];
      if (prev && endsOperand(prev) && startsOperand(t) && !STOP_WORDS.has(t.lower) && !extraStops.includes(t.lower)) {
        this.fail(depth > 0 ? "')'" : "';'");
      }
      if (t.kind === "op") {
        if (t.text === "(" || t.text === "[") depth++;
        else if (t.text === ")" || t.text === "]") {
          if (depth === 0) break;
          depth--;
        } else if (t.text === ";" || (depth === 0 && (ASSIGN_OPS.has(t.text) || extraStops.includes(t.text)))) break;
      } else if (t.kind === "word") {
        if (depth === 0 && extraStops.includes(t.lower)) break;
        if (t.lower === "function" || t.lower === "procedure") {
          // Anonymous routine: header, then its begin … end.
          while (!this.eof() && !this.atWord("begin")) out.push(this.next());
          if (this.eof()) break;
          out.push(this.next());
          this.takeBlock(out);
          continue;
        }
        if (t.lower === "begin" && prev && this.isOp(prev, "->")) {
          out.push(this.next());
          this.takeBlock(out);
          continue;
        }
        // Statement words never occur inside an expression: stopping at them even inside brackets
        // keeps a missing `)` from swallowing the rest of the routine.
        if (STOP_WORDS.has(t.lower)) break;
      }
      out.push(this.next());
    }
    if (depth > 0) this.fail("')'");
    return out;
  }

  /** After an opening `begin`: take tokens up to and including its `end`. */
  private takeBlock(out: Token[]): void {
    let depth = 1;
    while (!this.eof()) {
      const t = this.next();
      out.push(t);
      if (t.kind !== "word") continue;
      if (BLOCK_OPENERS.has(t.lower)) depth++;
      else if (t.lower === "end" && --depth === 0) return;
    }
  }
}

/** Word operators (never operands). */
const OPERATOR_WORDS = new Set(["and", "or", "xor", "not", "div", "mod", "shl", "shr", "in", "is", "as"]);
/** Words that take an operand right after them. */
const PREFIX_WORDS = new Set([
  "inherited", "new", "at", "of", "array", "set", "file", "function", "procedure", "packed", "var", "const", "out",
  "typeof", "sizeof", "string", "class", "specialize", "type",
]);

function endsOperand(t: Token): boolean {
  if (t.kind === "number" || t.kind === "string") return true;
  if (t.kind === "word") return !OPERATOR_WORDS.has(t.lower) && !PREFIX_WORDS.has(t.lower);
  return t.kind === "op" && (t.text === ")" || t.text === "]");
}

function startsOperand(t: Token): boolean {
  if (t.kind === "number" || t.kind === "string") return true;
  return t.kind === "word" && !OPERATOR_WORDS.has(t.lower);
}

/** `(value)` as tokens, for one-liner functions shown as `exit(value)`. */
function wrapArgs(value: Token[], at: Token): Token[] {
  const paren = (text: string): Token => ({ ...at, kind: "op", text, lower: text, space: false });
  return [paren("("), ...value, paren(")")];
}

/** Split a token run at `sep` on bracket depth 0. */
export function splitTopLevel(tokens: Token[], sep: string): Token[][] {
  if (tokens.length === 0) return [];
  const parts: Token[][] = [[]];
  let depth = 0;
  for (const t of tokens) {
    if (t.kind === "op") {
      if (t.text === "(" || t.text === "[") depth++;
      else if (t.text === ")" || t.text === "]") depth--;
      else if (depth === 0 && t.text === sep) {
        parts.push([]);
        continue;
      }
    }
    parts[parts.length - 1]!.push(t);
  }
  return parts;
}
