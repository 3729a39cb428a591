/**
 * A hand-written Python parser that builds exactly the syntax tree tree-sitter-python 0.25.0
 * (grammars/tree-sitter-python.wasm) builds for the same source — node types, fields, anonymous
 * tokens, ranges, comments — or declines. It exists for start-up time: a fresh process pays
 * ≈ 12–14 ms to start the tree-sitter runtime and grammar (WASM) before the first parse; this
 * parser is plain JavaScript (issue 14).
 *
 * The contract is "identical tree or decline": any syntax error, and any construct not modelled
 * here (Python 2 print, dictionary patterns in `case`, `type X = …`, a nested f-string with the
 * same quote, …), makes {@link parseFast} return null, and the caller parses with tree-sitter as
 * before, which also makes the error nodes and messages. test/python-fast-parser.test.ts holds it to that against
 * tree-sitter on every Python program of the repository, their truncations and mutations.
 *
 * Recursive descent with tree-sitter's precedences (which are not always Python's: `^` binds
 * tighter than `&` there). Comments and line continuations are hung into the tree afterwards by
 * position: tree-sitter keeps an extra inside the deepest node that has tokens on both sides of it
 * (hidden NEWLINE/INDENT/DEDENT tokens included, which is why blocks may end after a comment).
 */
import { assignField, SyntaxNode, SyntaxSource } from "../../tree-sitter.ts";
import {
  decline, DEDENT, EOF, ESCAPE_INTERPOLATION, ESCAPE_SEQUENCE, FLOAT, FORMAT_COLON, FORMAT_TEXT,
  INDENT, INTEGER, INTERPOLATION_CLOSE, INTERPOLATION_EQUALS, INTERPOLATION_OPEN, NAME, NEWLINE, NOT_ESCAPE,
  OP, CONTENT, STRING_END, STRING_START, tokenize, TYPE_CONVERSION, type Tokens,
} from "./lexer.ts";

/** Words tree-sitter-python never takes as identifiers (its `reserved` list). */
const RESERVED: ReadonlySet<string> = new Set([
  "False", "await", "else", "import", "pass", "None", "break", "except", "in", "raise", "True", "class",
  "finally", "is", "return", "and", "continue", "for", "lambda", "try", "as", "def", "from", "nonlocal",
  "while", "assert", "del", "global", "not", "with", "async", "elif", "if", "or", "yield",
]);

/** Binary operators of `binary_operator` and their tree-sitter precedence (all left-associative). */
const BINARY: ReadonlyMap<string, number> = new Map([
  ["|", 14], ["&", 15], ["^", 16], ["<<", 17], [">>", 17], ["+", 18], ["-", 18],
  ["*", 19], ["@", 19], ["/", 19], ["%", 19], ["//", 19],
]);

const COMPARISON: ReadonlySet<string> = new Set(["<", "<=", "==", "!=", ">=", ">"]);

const AUGMENTED: ReadonlySet<string> = new Set(["+=", "-=", "*=", "/=", "@=", "//=", "%=", "**=", ">>=", "<<=", "&=", "^=", "|="]);

/** Shared by leaves built here (never mutated: insertExtras replaces it). */
const NO_CHILDREN: SyntaxNode[] = [];

class Parser {
  readonly kinds: number[];
  readonly starts: number[];
  readonly ends: number[];
  readonly texts: string[];
  readonly source: SyntaxSource;
  p = 0;

  constructor(tokens: Tokens, source: SyntaxSource) {
    this.kinds = tokens.kinds;
    this.starts = tokens.starts;
    this.ends = tokens.ends;
    this.texts = tokens.texts;
    this.source = source;
  }

  // ── tokens and nodes ────────────────────────────────────────────────────────────────────────

  isOp(op: string): boolean {
    return this.kinds[this.p] === OP && this.texts[this.p] === op;
  }

  isWord(word: string): boolean {
    return this.kinds[this.p] === NAME && this.texts[this.p] === word;
  }

  /** The current token as a leaf node, and move on. */
  leaf(type: string, named: boolean): SyntaxNode {
    const p = this.p++;
    return new SyntaxNode(this.source, type, named, false, false, this.starts[p]!, this.ends[p]!, null, false);
  }

  /** The current token (its own text as the type: `(`, `if`, `+=`), and move on. */
  token(): SyntaxNode {
    return this.leaf(this.texts[this.p]!, false);
  }

  expectOp(op: string): SyntaxNode {
    if (!this.isOp(op)) decline();
    return this.token();
  }

  expectWord(word: string): SyntaxNode {
    if (!this.isWord(word)) decline();
    return this.token();
  }

  node(type: string, children: SyntaxNode[]): SyntaxNode {
    return this.nodeSpan(type, children, children[0]!.startIndex, children[children.length - 1]!.endIndex);
  }

  nodeSpan(type: string, children: SyntaxNode[], start: number, end: number): SyntaxNode {
    const node = new SyntaxNode(this.source, type, true, false, false, start, end, null, false);
    node.children = children;
    return node;
  }

  identifier(): SyntaxNode {
    if (this.kinds[this.p] !== NAME || RESERVED.has(this.texts[this.p]!)) decline();
    return this.leaf("identifier", true);
  }

  /** Ends a simple-statement line: the NEWLINE's position. */
  newline(): number {
    if (this.kinds[this.p] !== NEWLINE) decline();
    return this.starts[this.p++]!;
  }

  // ── statements ──────────────────────────────────────────────────────────────────────────────

  module(): SyntaxNode[] {
    const out: SyntaxNode[] = [];
    while (this.kinds[this.p] !== EOF) this.statement(out);
    return out;
  }

  statement(out: SyntaxNode[]): void {
    const kind = this.kinds[this.p];
    if (kind === NAME) {
      switch (this.texts[this.p]) {
        case "if": out.push(this.ifStatement()); return;
        case "while": out.push(this.whileStatement()); return;
        case "for": out.push(this.forStatement(null)); return;
        case "try": out.push(this.tryStatement()); return;
        case "with": out.push(this.withStatement(null)); return;
        case "def": out.push(this.functionDefinition(null)); return;
        case "class": out.push(this.classDefinition()); return;
        case "async": {
          const next = this.kinds[this.p + 1] === NAME ? this.texts[this.p + 1] : "";
          if (next === "def") out.push(this.functionDefinition(this.token()));
          else if (next === "for") out.push(this.forStatement(this.token()));
          else if (next === "with") out.push(this.withStatement(this.token()));
          else decline();
          return;
        }
        case "match":
          if (this.startsMatch()) {
            out.push(this.matchStatement());
            return;
          }
      }
    } else if (kind === OP && this.texts[this.p] === "@") {
      out.push(this.decoratedDefinition());
      return;
    } else if (kind !== OP && kind !== STRING_START && kind !== INTEGER && kind !== FLOAT) decline();
    this.simpleStatements(out);
  }

  /** `a; b; c` NEWLINE into `out` (the `;` tokens too); returns the NEWLINE's position. */
  simpleStatements(out: SyntaxNode[]): number {
    for (;;) {
      out.push(this.simpleStatement());
      if (this.isOp(";")) {
        out.push(this.token());
        if (this.kinds[this.p] === NEWLINE) break;
        continue;
      }
      break;
    }
    return this.newline();
  }

  /** After a compound statement's `:`: an indented block or statements on the same line. */
  suite(): SyntaxNode {
    if (this.kinds[this.p] === INDENT) {
      this.p++;
      const children: SyntaxNode[] = [];
      while (this.kinds[this.p] !== DEDENT) {
        if (this.kinds[this.p] === EOF) decline();
        this.statement(children);
      }
      const end = this.starts[this.p++]!;
      return this.nodeSpan("block", children, children[0]!.startIndex, end);
    }
    const children: SyntaxNode[] = [];
    const end = this.simpleStatements(children);
    return this.nodeSpan("block", children, children[0]!.startIndex, end);
  }

  /** Is the `match` here a match statement (its line ends with `:`, then an indented `case`)? */
  startsMatch(): boolean {
    let j = this.p + 1;
    while (this.kinds[j] !== NEWLINE && this.kinds[j] !== INDENT && this.kinds[j] !== EOF) j++;
    return this.kinds[j] === INDENT && this.kinds[j + 1] === NAME && this.texts[j + 1] === "case";
  }

  matchStatement(): SyntaxNode {
    const children = [this.token(), assignField(this.expression(), "subject")];
    while (this.isOp(",")) {
      children.push(this.token());
      if (this.isOp(":")) break;
      children.push(assignField(this.expression(), "subject"));
    }
    children.push(this.expectOp(":"));
    if (this.kinds[this.p] !== INDENT) decline();
    // The case block starts at its INDENT (tree-sitter aliases the whole indented run to `block`).
    const start = this.starts[this.p++]!;
    const cases: SyntaxNode[] = [];
    while (this.isWord("case")) cases.push(assignField(this.caseClause(), "alternative"));
    if (this.kinds[this.p] !== DEDENT) decline();
    const end = this.starts[this.p++]!;
    children.push(assignField(this.nodeSpan("block", cases, start, end), "body"));
    return this.node("match_statement", children);
  }

  caseClause(): SyntaxNode {
    const children = [this.token(), this.casePattern()];
    while (this.isOp(",")) {
      children.push(this.token());
      if (this.isOp(":") || this.isWord("if")) break;
      children.push(this.casePattern());
    }
    if (this.isWord("if")) children.push(assignField(this.node("if_clause", [this.token(), this.expression()]), "guard"));
    children.push(this.expectOp(":"), assignField(this.suite(), "consequence"));
    return this.node("case_clause", children);
  }

  /** A case pattern: one simple pattern, a `|` union of them, or either `as name`. */
  casePattern(): SyntaxNode {
    let parts = this.simplePattern();
    if (this.isOp("|")) {
      parts = parts.slice();
      while (this.isOp("|")) parts.push(this.token(), ...this.simplePattern());
      parts = [this.node("union_pattern", parts)];
    }
    const pattern = this.node("case_pattern", parts);
    if (!this.isWord("as")) return pattern;
    return this.node("case_pattern", [this.node("as_pattern", [pattern, this.token(), this.identifier()])]);
  }

  /** A simple pattern's nodes (two for a negative number: tree-sitter inlines the `-`). */
  simplePattern(): SyntaxNode[] {
    const kind = this.kinds[this.p];
    if (kind === STRING_START) return [this.strings()];
    if (kind === INTEGER || kind === FLOAT) return [this.patternNumber()];
    if (kind === OP) {
      switch (this.texts[this.p]) {
        case "-": return [this.token(), this.patternNumber()];
        case "[": return [this.sequencePattern("list_pattern", "]")];
        case "(": return [this.sequencePattern("tuple_pattern", ")")];
        case "*": {
          const star = this.token();
          return [this.node("splat_pattern", [star, this.isWord("_") ? this.token() : this.identifier()])];
        }
      }
      return decline();
    }
    if (kind !== NAME) decline();
    switch (this.texts[this.p]) {
      case "True": return [this.leaf("true", true)];
      case "False": return [this.leaf("false", true)];
      case "None": return [this.leaf("none", true)];
      case "_": return [this.token()];
    }
    const name = this.dottedName();
    if (!this.isOp("(")) return [name];
    const children = [name, this.token()];
    while (!this.isOp(")")) {
      if (this.kinds[this.p] === NAME && this.kinds[this.p + 1] === OP && this.texts[this.p + 1] === "=") {
        const keyword = [this.identifier(), this.token(), ...this.simplePattern()];
        children.push(this.node("case_pattern", [this.node("keyword_pattern", keyword)]));
      } else children.push(this.casePattern());
      if (!this.isOp(",")) break;
      children.push(this.token());
    }
    children.push(this.expectOp(")"));
    return [this.node("class_pattern", children)];
  }

  /** A number in a pattern (`1 + 2j`, a complex_pattern, is left to tree-sitter). */
  patternNumber(): SyntaxNode {
    const kind = this.kinds[this.p];
    if (kind !== INTEGER && kind !== FLOAT) decline();
    const number = this.leaf(kind === INTEGER ? "integer" : "float", true);
    if (this.isOp("+") || this.isOp("-")) decline();
    return number;
  }

  /** `[p, …]` or `(p, …)` (a one-element `(p)` without comma is left to tree-sitter). */
  sequencePattern(type: string, close: string): SyntaxNode {
    const children = [this.token()];
    while (!this.isOp(close)) {
      children.push(this.casePattern());
      if (!this.isOp(",")) break;
      children.push(this.token());
    }
    if (type === "tuple_pattern" && children.length === 2) decline();
    children.push(this.expectOp(close));
    return this.node(type, children);
  }

  ifStatement(): SyntaxNode {
    const children = [this.token(), assignField(this.expression(), "condition"), this.expectOp(":"), assignField(this.suite(), "consequence")];
    while (this.isWord("elif")) {
      const clause = this.node("elif_clause", [this.token(), assignField(this.expression(), "condition"), this.expectOp(":"), assignField(this.suite(), "consequence")]);
      children.push(assignField(clause, "alternative"));
    }
    if (this.isWord("else")) children.push(assignField(this.elseClause(), "alternative"));
    return this.node("if_statement", children);
  }

  elseClause(): SyntaxNode {
    return this.node("else_clause", [this.token(), this.expectOp(":"), assignField(this.suite(), "body")]);
  }

  whileStatement(): SyntaxNode {
    const children = [this.token(), assignField(this.expression(), "condition"), this.expectOp(":"), assignField(this.suite(), "body")];
    if (this.isWord("else")) children.push(assignField(this.elseClause(), "alternative"));
    return this.node("while_statement", children);
  }

  /** `for …` (`async`: the `async` token before it, or null). */
  forStatement(async: SyntaxNode | null): SyntaxNode {
    const children = [this.token(), assignField(this.targets(), "left"), this.expectWord("in"), assignField(this.expressions(), "right"), this.expectOp(":"), assignField(this.suite(), "body")];
    if (this.isWord("else")) children.push(assignField(this.elseClause(), "alternative"));
    if (async) children.unshift(async);
    return this.node("for_statement", children);
  }

  tryStatement(): SyntaxNode {
    const children = [this.token(), this.expectOp(":"), assignField(this.suite(), "body")];
    while (this.isWord("except")) {
      const clause = [this.token()];
      if (!this.isOp(":")) {
        if (this.isOp("*")) decline();
        const value = this.expression();
        if (this.isWord("as")) clause.push(assignField(this.asPattern(value), "value"));
        else clause.push(assignField(value, "value"));
      }
      clause.push(this.expectOp(":"), this.suite());
      children.push(this.node("except_clause", clause));
    }
    if (this.isWord("else")) children.push(this.elseClause());
    if (this.isWord("finally")) children.push(this.node("finally_clause", [this.token(), this.expectOp(":"), this.suite()]));
    if (children.length === 3) decline();
    return this.node("try_statement", children);
  }

  /** `value as target` (with items, except clauses). */
  asPattern(value: SyntaxNode): SyntaxNode {
    // `as` binds tighter than a lambda or conditional in tree-sitter's grammar (it reaches into them).
    if (value.type === "lambda" || value.type === "conditional_expression") decline();
    const as = this.token();
    const target = this.expression();
    return this.node("as_pattern", [value, as, assignField(this.node("as_pattern_target", [target]), "alias")]);
  }

  withStatement(async: SyntaxNode | null): SyntaxNode {
    const keyword = this.token();
    // `with (a as b, c):` is ambiguous with a parenthesized expression: left to tree-sitter.
    if (this.isOp("(")) decline();
    const items: SyntaxNode[] = [];
    for (;;) {
      const value = this.expression();
      items.push(this.node("with_item", [assignField(this.isWord("as") ? this.asPattern(value) : value, "value")]));
      if (!this.isOp(",")) break;
      items.push(this.token());
    }
    const children = [keyword, this.node("with_clause", items), this.expectOp(":"), assignField(this.suite(), "body")];
    if (async) children.unshift(async);
    return this.node("with_statement", children);
  }

  functionDefinition(async: SyntaxNode | null): SyntaxNode {
    const children = [this.token(), assignField(this.identifier(), "name")];
    if (async) children.unshift(async);
    if (!this.isOp("(")) decline();
    const open = this.token();
    const params = this.parameters(true, ")");
    children.push(assignField(this.node("parameters", [open, ...params, this.expectOp(")")]), "parameters"));
    if (this.isOp("->")) children.push(this.token(), assignField(this.type(), "return_type"));
    children.push(this.expectOp(":"), assignField(this.suite(), "body"));
    return this.node("function_definition", children);
  }

  classDefinition(): SyntaxNode {
    const children = [this.token(), assignField(this.identifier(), "name")];
    if (this.isOp("(")) children.push(assignField(this.argumentList(false), "superclasses"));
    children.push(this.expectOp(":"), assignField(this.suite(), "body"));
    return this.node("class_definition", children);
  }

  decoratedDefinition(): SyntaxNode {
    const children: SyntaxNode[] = [];
    while (this.isOp("@")) {
      const at = this.token();
      const expression = this.expression();
      const end = this.newline();
      children.push(this.nodeSpan("decorator", [at, expression], at.startIndex, end));
    }
    if (this.isWord("def")) children.push(assignField(this.functionDefinition(null), "definition"));
    else if (this.isWord("async") && this.kinds[this.p + 1] === NAME && this.texts[this.p + 1] === "def") children.push(assignField(this.functionDefinition(this.token()), "definition"));
    else if (this.isWord("class")) children.push(assignField(this.classDefinition(), "definition"));
    else decline();
    return this.node("decorated_definition", children);
  }

  /**
   * Parameters up to `close` (not consumed): identifiers, defaults, `*args`, `**kwargs`, `*`,
   * `/`, and with `typed` annotations; the commas included.
   */
  parameters(typed: boolean, close: string): SyntaxNode[] {
    const out: SyntaxNode[] = [];
    while (!this.isOp(close)) {
      let param: SyntaxNode;
      if (this.isOp("*") || this.isOp("**")) {
        const star = this.token();
        if (star.type === "*" && (this.isOp(",") || this.isOp(close))) param = this.node("keyword_separator", [star]);
        else param = this.node(star.type === "*" ? "list_splat_pattern" : "dictionary_splat_pattern", [star, this.identifier()]);
        if (typed && this.isOp(":") && param.type !== "keyword_separator") param = this.node("typed_parameter", [param, this.token(), assignField(this.type(), "type")]);
      } else if (this.isOp("/")) {
        param = this.node("positional_separator", [this.token()]);
      } else {
        const name = this.identifier();
        if (typed && this.isOp(":")) {
          const colon = this.token();
          const type = assignField(this.type(), "type");
          if (this.isOp("=")) param = this.node("typed_default_parameter", [assignField(name, "name"), colon, type, this.token(), assignField(this.expression(), "value")]);
          else param = this.node("typed_parameter", [name, colon, type]);
        } else if (this.isOp("=")) param = this.node("default_parameter", [assignField(name, "name"), this.token(), assignField(this.expression(), "value")]);
        else param = name;
      }
      out.push(param);
      if (!this.isOp(",")) break;
      out.push(this.token());
    }
    if (!this.isOp(close)) decline();
    return out;
  }

  /**
   * A type annotation: `name[types]` (generic_type) or a plain name, None, a string, or a `|`
   * union of those; anything else is left to tree-sitter (its type rules overlap expressions).
   */
  type(): SyntaxNode {
    if (this.kinds[this.p] === NAME && this.kinds[this.p + 1] === OP && this.texts[this.p + 1] === "[") {
      const name = this.identifier();
      const params = [this.token()];
      for (;;) {
        params.push(this.type());
        if (!this.isOp(",")) break;
        params.push(this.token());
        if (this.isOp("]")) break;
      }
      params.push(this.expectOp("]"));
      if (this.kinds[this.p] === OP && !(this.isOp(",") || this.isOp(")") || this.isOp("=") || this.isOp(":") || this.isOp("]"))) decline();
      return this.node("type", [this.node("generic_type", [name, this.node("type_parameter", params)])]);
    }
    const expression = this.expression();
    if (!simpleType(expression)) decline();
    return this.node("type", [expression]);
  }

  simpleStatement(): SyntaxNode {
    if (this.kinds[this.p] === NAME) {
      const word = this.texts[this.p]!;
      switch (word) {
        case "pass": return this.node("pass_statement", [this.token()]);
        case "break": return this.node("break_statement", [this.token()]);
        case "continue": return this.node("continue_statement", [this.token()]);
        case "return": {
          const keyword = this.token();
          return this.node("return_statement", this.atStatementEnd() ? [keyword] : [keyword, this.expressions()]);
        }
        case "del": return this.node("delete_statement", [this.token(), this.expressions()]);
        case "raise": {
          const children = [this.token()];
          if (!this.atStatementEnd() && !this.isWord("from")) children.push(this.expressions());
          if (this.isWord("from")) children.push(this.token(), assignField(this.expression(), "cause"));
          return this.node("raise_statement", children);
        }
        case "global":
        case "nonlocal": {
          const children = [this.token(), this.identifier()];
          while (this.isOp(",")) children.push(this.token(), this.identifier());
          return this.node(`${word}_statement`, children);
        }
        case "assert": {
          const children = [this.token(), this.expression()];
          while (this.isOp(",")) children.push(this.token(), this.expression());
          return this.node("assert_statement", children);
        }
        case "import": return this.importStatement();
        case "from": return this.importFrom();
        // Python 2 `print x` / `exec code`, `type X = …`, `match x:` have statements of their own.
        case "print":
        case "exec":
          if (!(this.kinds[this.p + 1] === OP && this.texts[this.p + 1] === "(")) decline();
          break;
        case "type":
        case "match": {
          const next = this.kinds[this.p + 1] === OP ? this.texts[this.p + 1]! : "";
          if (next !== "=" && next !== "." && !AUGMENTED.has(next)) decline();
          break;
        }
      }
    }
    return this.expressionStatement();
  }

  atStatementEnd(): boolean {
    return this.kinds[this.p] === NEWLINE || this.isOp(";");
  }

  importStatement(): SyntaxNode {
    const children = [this.token()];
    this.importList(children);
    return this.node("import_statement", children);
  }

  importList(out: SyntaxNode[]): void {
    for (;;) {
      const name = this.dottedName();
      out.push(assignField(this.isWord("as") ? this.node("aliased_import", [assignField(name, "name"), this.token(), assignField(this.identifier(), "alias")]) : name, "name"));
      if (!this.isOp(",")) return;
      out.push(this.token());
      if (this.atStatementEnd() || this.isOp(")")) return;
    }
  }

  dottedName(): SyntaxNode {
    const children = [this.identifier()];
    while (this.isOp(".")) children.push(this.token(), this.identifier());
    return this.node("dotted_name", children);
  }

  importFrom(): SyntaxNode {
    const children = [this.token()];
    if (this.isWord("__future__")) decline();
    if (this.isOp(".")) {
      const dots: SyntaxNode[] = [];
      while (this.isOp(".")) dots.push(this.token());
      const relative = [this.node("import_prefix", dots)];
      if (!this.isWord("import")) relative.push(this.dottedName());
      children.push(assignField(this.node("relative_import", relative), "module_name"));
    } else children.push(assignField(this.dottedName(), "module_name"));
    children.push(this.expectWord("import"));
    if (this.isOp("*")) {
      children.push(this.node("wildcard_import", [this.token()]));
    } else if (this.isOp("(")) {
      children.push(this.token());
      this.importList(children);
      children.push(this.expectOp(")"));
    } else this.importList(children);
    return this.node("import_from_statement", children);
  }

  expressionStatement(): SyntaxNode {
    if (this.isWord("yield")) return this.node("expression_statement", [this.yieldExpression()]);
    const items = this.starExpressions();
    if (this.kinds[this.p] === OP) {
      const op = this.texts[this.p]!;
      if (op === "=") {
        return this.node("expression_statement", [this.node("assignment", [assignField(leftHandSide(this, items), "left"), this.token(), assignField(this.rightHandSide(), "right")])]);
      }
      if (op === ":") {
        if (items.length !== 1) decline();
        const children = [assignField(toPattern(this, items[0]!), "left"), this.token(), assignField(this.type(), "type")];
        if (this.isOp("=")) children.push(this.token(), assignField(this.rightHandSide(), "right"));
        return this.node("expression_statement", [this.node("assignment", children)]);
      }
      if (AUGMENTED.has(op)) {
        return this.node("expression_statement", [this.node("augmented_assignment", [assignField(leftHandSide(this, items), "left"), assignField(this.token(), "operator"), assignField(this.rightHandSide(), "right")])]);
      }
    }
    for (const item of items) if (item.type === "list_splat") decline();
    return this.node("expression_statement", items);
  }

  /** The right of `=` / `+=`: an expression, a list, a further assignment or a yield. */
  rightHandSide(): SyntaxNode {
    if (this.isWord("yield")) return this.yieldExpression();
    const items = this.starExpressions();
    if (this.isOp("=")) return this.node("assignment", [assignField(leftHandSide(this, items), "left"), this.token(), assignField(this.rightHandSide(), "right")]);
    if (this.kinds[this.p] === OP && (AUGMENTED.has(this.texts[this.p]!) || this.texts[this.p] === ":")) decline();
    if (items.length === 1) {
      if (items[0]!.type === "list_splat") decline();
      return items[0]!;
    }
    return this.node("expression_list", items);
  }

  yieldExpression(): SyntaxNode {
    const children = [this.token()];
    if (this.isWord("from")) children.push(this.token(), this.expression());
    else if (!this.atStatementEnd() && !this.isOp(")")) children.push(this.expressions());
    return this.node("yield", children);
  }

  // ── expressions ─────────────────────────────────────────────────────────────────────────────

  /** Can the current token start an expression? */
  startsExpression(): boolean {
    const kind = this.kinds[this.p];
    if (kind === NAME) {
      const word = this.texts[this.p]!;
      return !RESERVED.has(word) || word === "not" || word === "lambda" || word === "await" || word === "None" || word === "True" || word === "False";
    }
    if (kind === INTEGER || kind === FLOAT || kind === STRING_START) return true;
    if (kind !== OP) return false;
    const op = this.texts[this.p];
    return op === "(" || op === "[" || op === "{" || op === "-" || op === "+" || op === "~" || op === "...";
  }

  /** `a, *b, c,` at statement level: the items and commas (a list of one when there is no comma). */
  starExpressions(): SyntaxNode[] {
    const items: SyntaxNode[] = [];
    for (;;) {
      items.push(this.isOp("*") ? this.node("list_splat", [this.token(), this.expression()]) : this.expression());
      if (!this.isOp(",")) return items;
      items.push(this.token());
      if (!this.startsExpression() && !this.isOp("*")) return items;
    }
  }

  /** An expression, or several with commas as an expression_list. */
  expressions(): SyntaxNode {
    const first = this.expression();
    if (!this.isOp(",")) return first;
    const items = [first];
    while (this.isOp(",")) {
      items.push(this.token());
      if (!this.startsExpression()) break;
      items.push(this.expression());
    }
    return this.node("expression_list", items);
  }

  /** Assignment targets of `for` (up to `in`): one pattern or a pattern_list. */
  targets(): SyntaxNode {
    const items: SyntaxNode[] = [];
    for (;;) {
      items.push(this.isOp("*") ? this.node("list_splat", [this.token(), this.binary(14)]) : this.binary(14));
      if (!this.isOp(",")) break;
      items.push(this.token());
      if (this.isWord("in")) break;
    }
    return leftHandSide(this, items);
  }

  expression(): SyntaxNode {
    if (this.kinds[this.p] === NAME) {
      if (this.texts[this.p] === "lambda") return this.lambda();
      if (this.kinds[this.p + 1] === OP && this.texts[this.p + 1] === ":=") {
        return this.node("named_expression", [assignField(this.identifier(), "name"), this.token(), assignField(this.expression(), "value")]);
      }
    }
    const first = this.or();
    if (!this.isWord("if")) return first;
    const children = [first, this.token(), this.or()];
    children.push(this.expectWord("else"), this.expression());
    return this.node("conditional_expression", children);
  }

  lambda(): SyntaxNode {
    const children = [this.token()];
    if (!this.isOp(":")) children.push(assignField(this.node("lambda_parameters", this.parameters(false, ":")), "parameters"));
    children.push(this.expectOp(":"), assignField(this.expression(), "body"));
    return this.node("lambda", children);
  }

  or(): SyntaxNode {
    let left = this.and();
    while (this.isWord("or")) left = this.node("boolean_operator", [assignField(left, "left"), assignField(this.token(), "operator"), assignField(this.and(), "right")]);
    return left;
  }

  and(): SyntaxNode {
    let left = this.not();
    while (this.isWord("and")) left = this.node("boolean_operator", [assignField(left, "left"), assignField(this.token(), "operator"), assignField(this.not(), "right")]);
    return left;
  }

  not(): SyntaxNode {
    if (this.isWord("not")) return this.node("not_operator", [this.token(), assignField(this.not(), "argument")]);
    return this.comparison();
  }

  comparison(): SyntaxNode {
    const first = this.binary(14);
    let children: SyntaxNode[] | null = null;
    for (;;) {
      let op: SyntaxNode;
      const kind = this.kinds[this.p];
      const text = this.texts[this.p]!;
      if (kind === OP && COMPARISON.has(text)) op = this.token();
      else if (kind === NAME && text === "in") op = this.token();
      else if (kind === NAME && text === "not" && this.kinds[this.p + 1] === NAME && this.texts[this.p + 1] === "in") {
        op = this.twoWordOperator("not in");
      } else if (kind === NAME && text === "is") {
        if (this.kinds[this.p + 1] === NAME && this.texts[this.p + 1] === "not") {
          op = this.twoWordOperator("is not");
        } else op = this.token();
      } else break;
      (children ??= [first]).push(assignField(op, "operators"), this.binary(14));
    }
    return children ? this.node("comparison_operator", children) : first;
  }

  /** `not in` / `is not`: one anonymous node over its two keywords. */
  twoWordOperator(type: string): SyntaxNode {
    const first = this.token();
    const second = this.token();
    const node = new SyntaxNode(this.source, type, false, false, false, first.startIndex, second.endIndex, null, false);
    node.children = [first, second];
    return node;
  }

  /** Binary operators of precedence `min` and above (precedence climbing, left-associative). */
  binary(min: number): SyntaxNode {
    let left = this.unary();
    for (;;) {
      if (this.kinds[this.p] !== OP) return left;
      const prec = BINARY.get(this.texts[this.p]!);
      if (prec === undefined || prec < min) return left;
      const op = this.token();
      const right = this.binary(prec + 1);
      left = this.node("binary_operator", [assignField(left, "left"), assignField(op, "operator"), assignField(right, "right")]);
    }
  }

  unary(): SyntaxNode {
    if (this.kinds[this.p] === OP) {
      const op = this.texts[this.p];
      if (op === "-" || op === "+" || op === "~") return this.node("unary_operator", [assignField(this.token(), "operator"), assignField(this.unary(), "argument")]);
    } else if (this.isWord("await")) {
      // tree-sitter gives `await` the unary operators' precedence: `await a ** 2` awaits the power.
      return this.node("await", [this.token(), this.unary()]);
    }
    const base = this.postfix();
    if (!this.isOp("**")) return base;
    return this.node("binary_operator", [assignField(base, "left"), assignField(this.token(), "operator"), assignField(this.unary(), "right")]);
  }

  postfix(): SyntaxNode {
    let node = this.atom();
    for (;;) {
      if (this.kinds[this.p] !== OP) return node;
      const op = this.texts[this.p];
      if (op === ".") node = this.node("attribute", [assignField(node, "object"), this.token(), assignField(this.identifier(), "attribute")]);
      else if (op === "(") node = this.node("call", [assignField(node, "function"), assignField(this.argumentList(true), "arguments")]);
      else if (op === "[") node = this.subscript(node);
      else return node;
    }
  }

  subscript(value: SyntaxNode): SyntaxNode {
    const children = [assignField(value, "value"), this.token()];
    for (;;) {
      children.push(assignField(this.sliceOrExpression(), "subscript"));
      if (!this.isOp(",")) break;
      children.push(this.token());
      if (this.isOp("]")) break;
    }
    children.push(this.expectOp("]"));
    return this.node("subscript", children);
  }

  sliceOrExpression(): SyntaxNode {
    const parts: SyntaxNode[] = [];
    if (!this.isOp(":")) {
      const first = this.expression();
      if (!this.isOp(":")) return first;
      parts.push(first);
    }
    parts.push(this.token());
    if (!this.isOp(":") && !this.isOp(",") && !this.isOp("]")) parts.push(this.expression());
    if (this.isOp(":")) {
      parts.push(this.token());
      if (!this.isOp(",") && !this.isOp("]")) parts.push(this.expression());
    }
    return this.node("slice", parts);
  }

  /** `( … )` of a call or class: an argument_list, or (a call's only argument) a generator_expression. */
  argumentList(generator: boolean): SyntaxNode {
    const children = [this.token()];
    while (!this.isOp(")")) {
      let arg: SyntaxNode;
      if (this.isOp("*")) arg = this.node("list_splat", [this.token(), this.expression()]);
      else if (this.isOp("**")) arg = this.node("dictionary_splat", [this.token(), this.expression()]);
      else if (this.kinds[this.p] === NAME && this.kinds[this.p + 1] === OP && this.texts[this.p + 1] === "=") {
        arg = this.node("keyword_argument", [assignField(this.identifier(), "name"), this.token(), assignField(this.expression(), "value")]);
      } else {
        arg = this.expression();
        if (this.isWord("for")) {
          if (!generator || children.length !== 1) decline();
          return this.comprehension("generator_expression", children[0]!, arg, ")");
        }
      }
      children.push(arg);
      if (!this.isOp(",")) break;
      children.push(this.token());
    }
    children.push(this.expectOp(")"));
    return this.node("argument_list", children);
  }

  /** `open body for … if … close` (the open bracket already read). */
  comprehension(type: string, open: SyntaxNode, body: SyntaxNode, close: string): SyntaxNode {
    const children = [open, assignField(body, "body")];
    while (!this.isOp(close)) {
      if (this.isWord("for")) {
        const clause = [this.token(), assignField(this.targets(), "left"), this.expectWord("in"), assignField(this.or(), "right")];
        if (this.isOp(",")) decline();
        children.push(this.node("for_in_clause", clause));
      } else if (this.isWord("if")) children.push(this.node("if_clause", [this.token(), this.or()]));
      else decline();
    }
    children.push(this.token());
    return this.node(type, children);
  }

  /** A collection element: an expression or `*expression`. */
  element(): SyntaxNode {
    return this.isOp("*") ? this.node("list_splat", [this.token(), this.expression()]) : this.expression();
  }

  /** Elements and commas into `children` up to `close`, then the close token. */
  elements(children: SyntaxNode[], close: string): void {
    while (this.isOp(",")) {
      children.push(this.token());
      if (this.isOp(close)) break;
      children.push(this.element());
    }
    children.push(this.expectOp(close));
  }

  atom(): SyntaxNode {
    const kind = this.kinds[this.p];
    if (kind === NAME) {
      switch (this.texts[this.p]) {
        case "True": return this.leaf("true", true);
        case "False": return this.leaf("false", true);
        case "None": return this.leaf("none", true);
      }
      return this.identifier();
    }
    if (kind === INTEGER) return this.leaf("integer", true);
    if (kind === FLOAT) return this.leaf("float", true);
    if (kind === STRING_START) return this.strings();
    if (kind !== OP) decline();
    switch (this.texts[this.p]) {
      case "(": return this.parenthesized();
      case "[": return this.list();
      case "{": return this.braces();
      case "...": return this.leaf("ellipsis", true);
    }
    return decline();
  }

  parenthesized(): SyntaxNode {
    const open = this.token();
    if (this.isOp(")")) return this.node("tuple", [open, this.token()]);
    if (this.isWord("yield")) decline();
    const first = this.element();
    if (first.type !== "list_splat") {
      if (this.isWord("for")) return this.comprehension("generator_expression", open, first, ")");
      if (this.isOp(")")) return this.node("parenthesized_expression", [open, first, this.token()]);
    }
    if (!this.isOp(",")) decline();
    const children = [open, first];
    this.elements(children, ")");
    return this.node("tuple", children);
  }

  list(): SyntaxNode {
    const open = this.token();
    if (this.isOp("]")) return this.node("list", [open, this.token()]);
    const first = this.element();
    if (first.type !== "list_splat" && this.isWord("for")) return this.comprehension("list_comprehension", open, first, "]");
    const children = [open, first];
    this.elements(children, "]");
    return this.node("list", children);
  }

  braces(): SyntaxNode {
    const open = this.token();
    if (this.isOp("}")) return this.node("dictionary", [open, this.token()]);
    const first = this.isOp("**") ? this.node("dictionary_splat", [this.token(), this.expression()]) : this.element();
    if (first.type === "dictionary_splat" || (first.type !== "list_splat" && this.isOp(":"))) {
      const head = first.type === "dictionary_splat" ? first : this.pair(first);
      if (head.type === "pair" && this.isWord("for")) return this.comprehension("dictionary_comprehension", open, head, "}");
      const children = [open, head];
      while (this.isOp(",")) {
        children.push(this.token());
        if (this.isOp("}")) break;
        children.push(this.isOp("**") ? this.node("dictionary_splat", [this.token(), this.expression()]) : this.pair(this.expression()));
      }
      children.push(this.expectOp("}"));
      return this.node("dictionary", children);
    }
    if (first.type !== "list_splat" && this.isWord("for")) return this.comprehension("set_comprehension", open, first, "}");
    const children = [open, first];
    this.elements(children, "}");
    return this.node("set", children);
  }

  pair(key: SyntaxNode): SyntaxNode {
    return this.node("pair", [assignField(key, "key"), this.expectOp(":"), assignField(this.expression(), "value")]);
  }

  /** One string, or several in a row as a concatenated_string. */
  strings(): SyntaxNode {
    const first = this.string();
    if (this.kinds[this.p] !== STRING_START) return first;
    const children = [first];
    while (this.kinds[this.p] === STRING_START) children.push(this.string());
    return this.node("concatenated_string", children);
  }

  string(): SyntaxNode {
    const children = [this.leaf("string_start", true)];
    for (;;) {
      const kind = this.kinds[this.p];
      if (kind === STRING_END) break;
      if (kind === INTERPOLATION_OPEN) children.push(this.interpolation("interpolation"));
      else if (kind === CONTENT || kind === ESCAPE_SEQUENCE || kind === NOT_ESCAPE || kind === ESCAPE_INTERPOLATION) children.push(this.stringContent());
      else decline();
    }
    children.push(this.leaf("string_end", true));
    return this.node("string", children);
  }

  /** A run of content pieces: one string_content node holding its escapes (and lone backslashes). */
  stringContent(): SyntaxNode {
    const start = this.starts[this.p]!;
    let escapes: SyntaxNode[] | null = null;
    let end = start;
    for (;;) {
      const kind = this.kinds[this.p];
      if (kind === ESCAPE_SEQUENCE) (escapes ??= []).push(this.leaf("escape_sequence", true));
      else if (kind === ESCAPE_INTERPOLATION) (escapes ??= []).push(this.leaf("escape_interpolation", true));
      else if (kind === NOT_ESCAPE) (escapes ??= []).push(this.leaf("\\", false));
      else if (kind === CONTENT) this.p++;
      else break;
      end = this.ends[this.p - 1]!;
    }
    return this.nodeSpan("string_content", escapes ?? NO_CHILDREN, start, end);
  }

  /** `{expression=!r:spec}` of an f-string (`format_expression` inside a format specifier). */
  interpolation(type: string): SyntaxNode {
    const children = [this.leaf("{", false)];
    const expression = this.expression();
    if (this.isOp(",")) decline();
    children.push(assignField(expression, "expression"));
    if (this.kinds[this.p] === INTERPOLATION_EQUALS) children.push(this.leaf("=", false));
    if (this.kinds[this.p] === TYPE_CONVERSION) children.push(assignField(this.leaf("type_conversion", true), "type_conversion"));
    if (this.kinds[this.p] === FORMAT_COLON) {
      const colon = this.leaf(":", false);
      const spec = [colon];
      let end = colon.endIndex;
      for (;;) {
        const kind = this.kinds[this.p];
        if (kind === FORMAT_TEXT) end = this.ends[this.p++]!;
        else if (kind === INTERPOLATION_OPEN) {
          const nested = this.interpolation("format_expression");
          spec.push(nested);
          end = nested.endIndex;
        } else break;
      }
      children.push(assignField(this.nodeSpan("format_specifier", spec, colon.startIndex, end), "format_specifier"));
    }
    if (this.kinds[this.p] !== INTERPOLATION_CLOSE) decline();
    children.push(this.leaf("}", false));
    return this.node(type, children);
  }
}

/** Type annotations taken as plain expressions by tree-sitter (see {@link Parser.type}). */
function simpleType(node: SyntaxNode): boolean {
  switch (node.type) {
    case "identifier":
    case "none":
    case "string":
      return true;
    case "binary_operator":
      return node.children[1]!.type === "|" && simpleType(node.children[0]!) && simpleType(node.children[2]!);
    default:
      return false;
  }
}

/** Targets before `=` or `in`: one pattern, or a pattern_list when there are commas. */
function leftHandSide(parser: Parser, items: SyntaxNode[]): SyntaxNode {
  if (items.length === 1) return toPattern(parser, items[0]!);
  const children: SyntaxNode[] = new Array(items.length);
  for (let i = 0; i < items.length; i++) children[i] = items[i]!.type === "," ? items[i]! : toPattern(parser, items[i]!);
  return parser.node("pattern_list", children);
}

/** An expression read where a pattern stands, as tree-sitter names it there. */
function toPattern(parser: Parser, node: SyntaxNode): SyntaxNode {
  switch (node.type) {
    case "identifier":
    case "attribute":
    case "subscript":
      return node;
    case "tuple":
    case "list": {
      const children = node.children;
      if (children.length === 2) decline();
      const out: SyntaxNode[] = new Array(children.length);
      for (let i = 0; i < children.length; i++) {
        const child = children[i]!;
        out[i] = child.isNamed ? toPattern(parser, child) : child;
      }
      return parser.node(node.type === "tuple" ? "tuple_pattern" : "list_pattern", out);
    }
    case "list_splat": {
      const inner = node.children[1]!;
      if (inner.type !== "identifier" && inner.type !== "attribute" && inner.type !== "subscript") decline();
      return parser.node("list_splat_pattern", node.children as SyntaxNode[]);
    }
    default:
      return decline();
  }
}

/**
 * Comments and line continuations into the tree: each goes into the deepest node that starts
 * before it and ends at or after its end (a block or compound statement may end on a zero-width
 * DEDENT right after a comment), among that node's children in source order. Children are found
 * by binary search and each node's children are merged once: linear in a file of many comments.
 */
function insertExtras(root: SyntaxNode, tokens: Tokens, source: SyntaxSource): void {
  const { extraComment, extraStarts, extraEnds } = tokens;
  const count = extraStarts.length;
  if (count === 0) return;
  const owners: SyntaxNode[] = [];
  const extras: SyntaxNode[][] = [];
  const groups = new Map<SyntaxNode, number>();
  for (let k = 0; k < count; k++) {
    const start = extraStarts[k]!;
    const end = extraEnds[k]!;
    let parent = root;
    for (;;) {
      // The last child starting before the extra: the only one that can hold it.
      const children = parent.children;
      let lo = 0;
      let hi = children.length - 1;
      while (lo <= hi) {
        const mid = (lo + hi) >> 1;
        if (children[mid]!.startIndex < start) lo = mid + 1;
        else hi = mid - 1;
      }
      const child = hi >= 0 ? children[hi]! : null;
      if (child === null || end > child.endIndex || child.children.length === 0) break;
      parent = child;
    }
    const extra = new SyntaxNode(source, extraComment[k] ? "comment" : "line_continuation", true, false, false, start, end, null, false);
    // Extras come in source order, so each parent's are collected in order.
    const slot = groups.get(parent);
    if (slot === undefined) {
      groups.set(parent, owners.length);
      owners.push(parent);
      extras.push([extra]);
    } else extras[slot]!.push(extra);
  }
  for (let i = 0; i < owners.length; i++) {
    const parent = owners[i]!;
    const added = extras[i]!;
    const children = parent.children;
    const merged: SyntaxNode[] = new Array(children.length + added.length);
    let a = 0;
    let b = 0;
    for (let k = 0; k < merged.length; k++) {
      merged[k] = b >= added.length || (a < children.length && children[a]!.startIndex < added[b]!.startIndex) ? children[a++]! : added[b++]!;
    }
    parent.children = merged;
  }
}

/**
 * The tree tree-sitter-python would build for `source` (already cleaned: no BOM, LF line ends),
 * or null when this parser declines it (a syntax error or a construct it does not model).
 */
export function parseFast(source: string): SyntaxNode | null {
  try {
    const tokens = tokenize(source);
    if (!tokens) return null;
    const src = new SyntaxSource(source);
    const parser = new Parser(tokens, src);
    const statements = parser.module();
    let start = source.length;
    for (let i = 0; i < tokens.kinds.length; i++) {
      const kind = tokens.kinds[i];
      if (kind !== NEWLINE && kind !== INDENT && kind !== DEDENT && kind !== EOF) {
        start = tokens.starts[i]!;
        break;
      }
    }
    if (tokens.extraStarts.length > 0 && tokens.extraStarts[0]! < start) start = tokens.extraStarts[0]!;
    const root = new SyntaxNode(src, "module", true, false, false, start, source.length, null, false);
    root.children = statements;
    insertExtras(root, tokens, src);
    return root;
  } catch {
    // A declined construct, a nesting too deep for the stack (RangeError) or, as a last resort,
    // a fault of this parser: tree-sitter parses the source instead; a chart never fails here.
    return null;
  }
}
