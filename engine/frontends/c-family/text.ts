/**
 * C/C++ expression text for chart symbols: source text with whitespace normalised (string and
 * char literals untouched, comments dropped) and the shared notation (engine/text/notation.ts)
 * applied: `==`→`=`, `!=`→`≠`, `<=`→`≤`, `>=`→`≥`, `&&`/`||`/`!` → locale words, assignment
 * `=` → `:=`, `x op= e` → `x := x op e`; `std::`, declaration qualifiers and pointer casts dropped.
 * With stripTypes, declaration types are removed.
 */
import type { Locale } from "../../options.ts";
import { ASSIGN, augmentedAssignment, comparisonSymbol, DIV, logicalWord, MOD } from "../../text/notation.ts";
import {
  assignmentChain, bareIncrement, chainedAssignment, notationReplace, arithmeticConstruct, statementWithIncrements, type Construct, type Increment,
  type NotationSwitch,
} from "../code-notation.ts";
import { expressionText, spaced } from "../expression-text.ts";
import { truthCondition, type TruthOf } from "./truth.ts";
import type { SyntaxNode as Node, TextHooks } from "../tree-sitter.ts";

export const STRING_TYPES: ReadonlySet<string> = new Set([
  "string_literal", "char_literal", "raw_string_literal", "system_lib_string",
]);
export const EXTRA_TYPES: ReadonlySet<string> = new Set(["comment"]);

export interface TextContext extends NotationSwitch {
  source: string;
  locale: Locale;
  stripTypes: boolean;
  /** Declared kinds of the names a condition may test as a truth value (truth.ts). */
  truthOf: TruthOf;
}

const COMPARISONS = new Set(["==", "!=", "<=", ">="]);
/** Declaration parts that are types (removed with stripTypes). */
const TYPE_PARTS = new Set([
  "type_qualifier", "storage_class_specifier", "virtual", "explicit_function_specifier", "attribute_specifier",
  "attribute_declaration", "ms_declspec_modifier",
]);
/** Qualifiers dropped from declarations even without stripTypes: `const char *s` reads `char s`. */
const QUALIFIERS = new Set(["type_qualifier", "storage_class_specifier", "attribute_specifier", "attribute_declaration", "ms_declspec_modifier"]);
/** Declarations that are statements (not parameters: `(const void *)` in a cast keeps its type). */
const STATEMENT_DECLARATIONS = new Set(["declaration", "condition_clause", "for_range_loop"]);
const isStdScope = (node: Node | undefined) => node?.field === "scope" && node.text === "std";
const DECLARATIONS = new Set(["declaration", "parameter_declaration", "optional_parameter_declaration", "condition_clause", "for_range_loop"]);

/** The top-level operator of an expression (for parenthesising), or undefined for atoms. */
export function topOperator(node: Node): string | undefined {
  switch (node.type) {
    case "binary_expression":
      return node.childForFieldName("operator")?.type;
    case "unary_expression":
    case "pointer_expression":
    case "cast_expression":
    case "sizeof_expression":
      return "unary";
    case "conditional_expression":
    case "assignment_expression":
    case "comma_expression":
      return "?:";
    default:
      return undefined;
  }
}

function isType(child: Node, parent: Node): boolean {
  if (!DECLARATIONS.has(parent.type)) return false;
  return child.field === "type" || TYPE_PARTS.has(child.type);
}

function hooks(ctx: TextContext): TextHooks {
  const h: TextHooks = {
    atomic: STRING_TYPES,
    extras: EXTRA_TYPES,
    token(token, parent, text) {
      if (token.isNamed || !parent) return undefined;
      switch (parent.type) {
        case "binary_expression": {
          if (COMPARISONS.has(text)) return comparisonSymbol(text);
          if (text === "%" && !ctx.asWritten) return spaced(MOD);
          if (text === "/" && !ctx.asWritten && integerDivision(parent, ctx)) return spaced(DIV);
          if (text === "&&" || text === "||" || text === "and" || text === "or") {
            const word = logicalWord(text === "and" ? "&&" : text === "or" ? "||" : text, ctx.locale);
            return word ? spaced(word) : undefined;
          }
          return undefined;
        }
        case "unary_expression":
          return text === "!" || text === "not" ? { text: logicalWord("!", ctx.locale)!, spaceAfter: true } : undefined;
        case "assignment_expression":
        case "init_declarator":
          return text === "=" ? spaced(ASSIGN) : undefined;
        default:
          return undefined;
      }
    },
  };
  // Noise a student never writes (issue 13): the `std::` prefix, qualifiers such as `const` and
  // `static` in declarations, pointer casts (`(int *)malloc(…)` is `malloc(…)`).
  h.skip = (child, parent, index, siblings) =>
    (ctx.stripTypes && isType(child, parent)) ||
    (STATEMENT_DECLARATIONS.has(parent.type) && QUALIFIERS.has(child.type)) ||
    (parent.type === "qualified_identifier" && isStdScope(child.type === "::" ? siblings[index - 1] : child));
  h.replace = (node) => {
    const bare = bareIncrement(node);
    if (bare) return exprText(bare, ctx);
    if (node.type === "cast_expression") {
      const type = node.childForFieldName("type");
      const value = node.childForFieldName("value");
      if (type && value && /\*\s*$/.test(type.text)) return exprText(value, ctx);
    }
    const ctype = ctypeArgument(node);
    if (ctype) return `${exprText(node.childForFieldName("function")!, ctx)}(${exprText(ctype, ctx)})`;
    return notation(node, ctx);
  };
  return h;
}

/** <ctype.h> functions, whose argument must be a non-negative char code. */
const CTYPE = /^(?:std::)?(?:is(?:alnum|alpha|blank|cntrl|digit|graph|lower|print|punct|space|upper|xdigit)|to(?:lower|upper))$/;

/**
 * `toupper((unsigned char) c)`: the cast only keeps a negative char valid for <ctype.h> (a C idiom,
 * not a step of the algorithm), so the call reads `toupper(c)`: the value cast, or undefined.
 */
function ctypeArgument(call: Node): Node | undefined {
  if (call.type !== "call_expression" || !CTYPE.test(call.childForFieldName("function")?.text ?? "")) return undefined;
  const args = arguments_(call.childForFieldName("arguments"));
  const cast = args.length === 1 && args[0]!.type === "cast_expression" ? args[0]! : undefined;
  const type = cast?.childForFieldName("type")?.text.replace(/\s+/g, " ").trim() ?? "";
  return /^(?:unsigned )?char$/.test(type) ? (cast!.childForFieldName("value") ?? undefined) : undefined;
}

const arguments_ = (node: Node | null): Node[] => node?.namedChildren.filter((c) => !EXTRA_TYPES.has(c.type)) ?? [];

/** The constructs of C/C++ with a student's notation (code-notation.ts). */
function construct(node: Node, ctx: TextContext): Construct | undefined {
  switch (node.type) {
    case "call_expression": {
      const fn = node.childForFieldName("function");
      const args = arguments_(node.childForFieldName("arguments"));
      if (!fn) return undefined;
      if (fn.type === "template_function" && /^(?:static_cast|std::static_cast)$/.test(fn.childForFieldName("name")?.text ?? "") && args.length === 1) {
        const type = arguments_(fn.childForFieldName("arguments"))[0];
        return type ? { kind: "cast", type: type.text, value: args[0]!, whole: isInteger(args[0]!, ctx) } : undefined;
      }
      // `std::vector<int>()` creates an empty container, as `new` does in Java and C#.
      if (args.length === 0 && (fn.type === "qualified_identifier" || fn.type === "template_type" || fn.type === "template_function")) return { kind: "new", type: fn.text, args };
      return { kind: "call", callee: fn.text.replace(/\s+/g, ""), args };
    }
    case "cast_expression": {
      const type = node.childForFieldName("type");
      const value = node.childForFieldName("value");
      return type && value ? { kind: "cast", type: type.text, value, whole: isInteger(value, ctx) } : undefined;
    }
    case "binary_expression":
      return arithmeticConstruct(node);
    case "identifier":
    case "qualified_identifier":
      return { kind: "name", text: node.text.replace(/\s+/g, "") };
    case "new_expression": {
      const length = node.childForFieldName("declarator")?.childForFieldName("length");
      if (length) return { kind: "newArray", lengths: [length] };
      const type = node.childForFieldName("type");
      const args = node.childForFieldName("arguments");
      if (!type || args?.type === "initializer_list") return args ? { kind: "newInitialised", values: args } : undefined;
      return { kind: "new", type: type.text.replace(/^std::/, ""), args: arguments_(args) };
    }
    default:
      return undefined;
  }
}

/** A name declared with an integer type (truth.ts). */
const isInteger = (node: Node, ctx: TextContext) => unwrap(node).type === "identifier" && ctx.truthOf(unwrap(node).text) === "integer";

/** An integer literal (`10`, `0x1F`, `5u`), not a real one (`2.0`, `1e3`). */
const isIntegerLiteral = (node: Node) => node.type === "number_literal" && /^(?:0[xX][\da-fA-F']+|[\d']+)[uUlL]*$/.test(node.text);

/**
 * `a / b` of two integers (names declared with an integer type, integer literals — `7 / 2` is 3 in C
 * too) is C's integer division: `div`, so that a chart's `/` is always the real division a student means by it.
 */
function integerDivision(node: Node, ctx: TextContext): boolean {
  const left = node.childForFieldName("left");
  const right = node.childForFieldName("right");
  const integral = (n: Node | null) => !!n && (isIntegerLiteral(unwrap(n)) || isInteger(n, ctx));
  return integral(left) && integral(right);
}

const notation = notationReplace<TextContext>(construct, (node, ctx) => exprText(node, ctx));

const text = expressionText<TextContext>({ hooks, topOperator, augmented: new Set(["assignment_expression"]), plain: { atomic: STRING_TYPES, extras: EXTRA_TYPES } });

/** Chart text of any node (expression or statement); a statement's trailing `;` is dropped. */
export const exprText = text.exprText;

/** `x op= e` → `x := x op e` (notation.ts). */
export const augmentedText = text.augmentedText;

/** Strip parentheses (and C++ condition clauses) around an expression. */
export function unwrap(node: Node): Node {
  let n = node;
  for (let i = 0; i < 100; i++) {
    if (n.type === "parenthesized_expression" || (n.type === "condition_clause" && n.namedChildren.length === 1)) {
      const inner = n.namedChildren.find((c) => c.type !== "comment");
      if (!inner) break;
      n = inner;
    } else break;
  }
  return n;
}

/**
 * Text of a condition: `(a < b)` → `a < b`; C++ `if (int x = f(); x > 0)` → `int x := f(); x > 0`;
 * a truth value as its comparison (`n` → `n ≠ 0`, truth.ts) unless `truthValue` is false (a switch subject).
 */
export function condText(node: Node | null, ctx: TextContext, truthValue = true): string {
  if (!node) return "";
  const inner = unwrap(node);
  if (inner.type === "condition_clause") {
    return inner.namedChildren
      .filter((c) => c.type !== "comment")
      .map((c) => exprText(c, ctx))
      .join("; ");
  }
  if (truthValue && !ctx.asWritten) {
    const truth = truthCondition(inner, ctx.truthOf, (n) => exprText(n, ctx), ctx.locale);
    if (truth !== undefined) return truth;
  }
  return exprText(inner, ctx);
}

/**
 * Statement-level text of an expression: `i++` / `++i` → `i := i + 1`, `i--` → `i := i - 1`,
 * comma lists split into `a, b`; everything else via exprText.
 */
export function statementText(node: Node, ctx: TextContext): string {
  const n = unwrap(node);
  if (n.type === "update_expression") {
    const arg = n.childForFieldName("argument");
    const op = n.childForFieldName("operator")?.type;
    if (arg && (op === "++" || op === "--")) return augmentedAssignment(exprText(arg, ctx), op === "++" ? "+=" : "-=", "1");
  }
  if (n.type === "comma_expression") {
    const left = n.childForFieldName("left");
    const right = n.childForFieldName("right");
    if (left && right) return `${statementText(left, ctx)}, ${statementText(right, ctx)}`;
  }
  if (ctx.asWritten) return exprText(n, ctx);
  const chain = assignmentChain(n, "assignment_expression");
  if (chain) return chainedAssignment(chain.targets.map((t) => exprText(t, ctx)), exprText(chain.value, ctx));
  return statementWithIncrements(n, increment, isBarrier, (x) => exprText(x, ctx)) ?? exprText(n, ctx);
}

function increment(node: Node): Increment | undefined {
  if (node.type !== "update_expression") return undefined;
  const target = node.childForFieldName("argument");
  const op = node.childForFieldName("operator");
  if (!target || !op) return undefined;
  return { node, target, op: op.type === "++" ? "+=" : "-=", prefix: op.startIndex < target.startIndex };
}

/** Parts of an expression that may not run: an increment inside one is left as written. */
const isBarrier = (node: Node) =>
  node.type === "conditional_expression" || node.type === "lambda_expression" ||
  (node.type === "binary_expression" && /^(?:&&|\|\||and|or)$/.test(node.childForFieldName("operator")?.type ?? ""));
