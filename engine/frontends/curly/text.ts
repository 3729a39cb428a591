/**
 * Expression text for the curly languages' chart symbols: source text with whitespace normalised
 * (string and character literals untouched, comments dropped) and the shared notation
 * (engine/text/notation.ts) applied: `==`/`===` → `=`, `!=`/`!==` → `≠`, `&&`/`||`/`!` (PHP `and`/`or`)
 * → locale words, `=` → `:=`, `x += e` → `x := x + e`. PHP's `$` is dropped from names and `->`
 * reads `.` (`$this->n` → `this.n`); a TypeScript type assertion (`x as T`, `x!`) is its value.
 * With stripTypes, the declared type of local declarations (`var` included), TypeScript's
 * annotations and Go's declared types are removed.
 */
import { ASSIGN, comparisonSymbol, logicalWord, MOD } from "../../text/notation.ts";
import {
  assignmentChain, bareIncrement, chainedAssignment, notationReplace, arithmeticConstruct, statementWithIncrements, type Construct, type Increment,
} from "../code-notation.ts";
import { expressionText, spaced } from "../expression-text.ts";
import { emptyCollection } from "../../text/math-signs.ts";
import { concatenation, FORMAT_CALLS, formatPieces, hasConversions, quotedInside } from "../format-string.ts";
import { interpolationItems } from "../interpolation.ts";
import type { SyntaxNode as TsNode, TextHooks } from "../tree-sitter.ts";
import { COMMENT_TYPES, type BuildContext } from "./context.ts";

export const STRING_TYPES: ReadonlySet<string> = new Set([
  // Java
  "string_literal", "character_literal", "text_block",
  // C#
  "verbatim_string_literal", "interpolated_string_expression", "raw_string_literal",
  "interpolated_verbatim_string_text",
  // JavaScript / TypeScript
  "string", "template_string", "regex",
  // Go
  "interpreted_string_literal", "rune_literal",
  // PHP
  "encapsed_string", "heredoc", "nowdoc",
]);

const COMPARISONS = new Set(["==", "!=", "<=", ">=", "===", "!==", "<>"]);
const LOGICAL = new Set(["&&", "||", "and", "or"]);
const DECLARATIONS = new Set(["local_variable_declaration", "variable_declaration", "field_declaration"]);

/** The top-level operator of an expression (for parenthesising), or undefined for atoms. */
export function topOperator(node: TsNode): string | undefined {
  switch (node.type) {
    case "binary_expression":
      return node.childForFieldName("operator")?.type;
    case "ternary_expression":
    case "conditional_expression":
      return "?:";
    case "lambda_expression":
    case "arrow_function":
      return "lambda";
    case "unary_expression":
    case "prefix_unary_expression":
    case "unary_op_expression":
      return "unary";
    case "assignment_expression":
    case "augmented_assignment_expression":
      return "lambda"; // binds loosest of all
    default:
      return undefined;
  }
}

function hooks(ctx: BuildContext): TextHooks {
  const h: TextHooks = {
    atomic: STRING_TYPES,
    extras: COMMENT_TYPES,
    token(token, parent, text) {
      if (token.isNamed || !parent) return undefined;
      if (ctx.lang === "php" && (text === "->" || text === "?->")) return "."; // PHP member access
      switch (parent.type) {
        case "binary_expression":
          if (COMPARISONS.has(text)) return comparisonSymbol(text);
          if (text === "%" && !ctx.asWritten) return spaced(MOD);
          if (LOGICAL.has(text)) return spaced(logicalWord(text, ctx.locale)!);
          // gofmt writes `n-1` for precedence: the chart spaces every operator alike.
          return ctx.lang === "go" ? spaced(text) : undefined;
        case "relational_pattern":
          // C# `case >= 1 and <= 5`
          return COMPARISONS.has(text) ? { text: comparisonSymbol(text), spaceAfter: true } : undefined;
        // `is not null` stays as written (like Python's `is not`); `and` / `or` patterns are logic.
        case "and_pattern":
        case "or_pattern":
          return text === "and" || text === "or" ? spaced(logicalWord(text, ctx.locale)!) : undefined;
        case "unary_expression":
        case "prefix_unary_expression":
        case "unary_op_expression":
          return text === "!" ? { text: logicalWord("!", ctx.locale)!, spaceAfter: true } : undefined;
        case "assignment_expression":
        case "variable_declarator":
        case "assignment_statement": // Go
        case "var_spec":
        case "const_spec":
          return text === "=" ? spaced(ASSIGN) : undefined;
        default:
          return undefined;
      }
    },
  };
  if (ctx.stripTypes) {
    h.skip = (child, parent) =>
      (DECLARATIONS.has(parent.type) && (child.field === "type" || child.type === "modifiers" || child.type === "modifier")) ||
      child.type === "type_annotation" || // TypeScript `n: number`
      ((parent.type === "var_spec" || parent.type === "const_spec") && child.field === "type"); // Go `var n int`
  }
  h.replace = (node) => {
    const bare = bareIncrement(node);
    return bare ? exprText(bare, ctx) : (spelling(node, ctx) ?? (ctx.asWritten ? undefined : builtString(node, ctx)) ?? notation(node, ctx));
  };
  return h;
}

/** Operands that need no brackets. */
const ATOMS: ReadonlySet<string> = new Set(["identifier", "member_expression", "call_expression", "subscript_expression", "this"]);

/** Code spellings a chart reads without: PHP's `$`, PHP's `->`, TypeScript's type assertions. */
function spelling(node: TsNode, ctx: BuildContext): string | undefined {
  switch (node.type) {
    case "variable_name": // PHP `$n`
      return node.text.replace(/^\$/, "");
    case "as_expression": // TypeScript `x as T`, `x!`: the value (an assertion does nothing when the program runs)
    case "satisfies_expression":
    case "non_null_expression":
    case "await_expression": { // `await f()` is the call (async/await read as ordinary calls)
      const value = node.namedChildren[0];
      return value ? exprText(value, ctx) : undefined;
    }
    case "parenthesized_expression": { // `(e as Error).message` → `e.message`
      const inner = node.namedChildren[0];
      const asserted = inner?.type === "as_expression" || inner?.type === "non_null_expression" ? inner.namedChildren[0] : undefined;
      return asserted && ATOMS.has(asserted.type) ? exprText(asserted, ctx) : undefined;
    }
    default:
      return undefined;
  }
}

const arguments_ = (node: TsNode | null): TsNode[] =>
  node?.namedChildren.filter((c) => !COMMENT_TYPES.has(c.type)).map((c) => (c.type === "argument" && c.namedChildren.length === 1 ? c.namedChildren[0]! : c)) ?? [];

/**
 * `String.format("%s: %.1f", name, avg)` / `string.Format("{0}: {1}", …)` kept as a value reads as
 * the concatenation of its pieces (`name + ": " + avg`, format-string.ts), as a Python format does;
 * so does a JS/TS template literal (`` `arr[${i}] = ` `` → `"arr[" + i + "] = "`, one without
 * values `"abc"`): the chart writes the string as the same text written with `+` reads.
 */
function builtString(node: TsNode, ctx: BuildContext): string | undefined {
  if (node.type === "template_string") return concatenation(interpolationItems(node, (e) => exprText(e, ctx)));
  let callee: string;
  if (node.type === "method_invocation") {
    const object = node.childForFieldName("object");
    callee = `${object?.text ?? ""}.${node.childForFieldName("name")?.text ?? ""}`;
  } else if (node.type === "invocation_expression") callee = node.childForFieldName("function")?.text ?? "";
  else return undefined;
  const style = FORMAT_CALLS[callee.replace(/\s+/g, "")];
  const args = arguments_(node.childForFieldName("arguments"));
  const inside = args[0]?.type === "string_literal" ? quotedInside(args[0].text) : undefined;
  if (!style || inside === undefined || args.length < 2 || !hasConversions(inside, style)) return undefined;
  return concatenation(formatPieces(inside, args.slice(1).map((a) => exprText(a, ctx)), style));
}

/** A collection class (`List<T>`, `HashSet<T>` …): what an initialiser of values makes. */
const isCollection = (type: string) => emptyCollection(type, "en") !== undefined;

/** The constructs of Java and C# with a student's notation (code-notation.ts). */
function construct(node: TsNode): Construct | undefined {
  switch (node.type) {
    case "method_invocation": {
      // Java `Math.sqrt(x)`: object and name.
      const object = node.childForFieldName("object");
      const name = node.childForFieldName("name");
      if (!name) return undefined;
      return { kind: "call", callee: object ? `${object.text}.${name.text}` : name.text, args: arguments_(node.childForFieldName("arguments")) };
    }
    case "invocation_expression":
    case "call_expression": // JavaScript, TypeScript, Go
    case "function_call_expression": { // PHP
      const fn = node.childForFieldName("function");
      return fn ? { kind: "call", callee: fn.text.replace(/\s+/g, ""), args: arguments_(node.childForFieldName("arguments")) } : undefined;
    }
    case "cast_expression": {
      const type = node.childForFieldName("type");
      const value = node.childForFieldName("value");
      return type && value ? { kind: "cast", type: type.text, value } : undefined;
    }
    case "binary_expression":
      return arithmeticConstruct(node);
    case "field_access":
    case "member_access_expression":
    case "member_expression": // JavaScript `Math.PI`
    case "selector_expression": // Go `math.Pi`
      return { kind: "name", text: node.text.replace(/\s+/g, "") };
    case "new_expression": { // JavaScript `new Node(5)`
      const type = node.childForFieldName("constructor");
      return type ? { kind: "new", type: type.text, args: arguments_(node.childForFieldName("arguments")) } : undefined;
    }
    case "object_creation_expression": {
      // PHP `new Rectangle(3, 4)` names its class without a field.
      const type = node.childForFieldName("type") ?? node.namedChildren.find((c) => c.type === "name" || c.type === "qualified_name") ?? null;
      const phpArgs = node.childForFieldName("type") ? undefined : node.namedChildren.find((c) => c.type === "arguments");
      if (type && phpArgs !== undefined) return { kind: "new", type: type.text, args: arguments_(phpArgs) };
      const init = node.namedChildren.find((c) => c.type === "initializer_expression" || c.type === "class_body");
      // C# `new List<Student> { s1, s2 }`: a collection of these values, read as `new int[] { 1, 2 }` is.
      const args = arguments_(node.childForFieldName("arguments"));
      if (type && init?.type === "initializer_expression" && args.length === 0 && isCollection(type.text)) return { kind: "newInitialised", values: init };
      if (!type || init) return undefined; // object initialisers, anonymous classes: as written
      return { kind: "new", type: type.text, args: arguments_(node.childForFieldName("arguments")) };
    }
    case "array_creation_expression": {
      const values = node.childForFieldName("value") ?? node.namedChildren.find((c) => c.type === "initializer_expression");
      if (values) return { kind: "newInitialised", values };
      // Java `new int[n]` (dimensions_expr), C# `new int[n]` (the rank of the array type).
      const dims = node.namedChildren.filter((c) => c.type === "dimensions_expr");
      const rank = node.childForFieldName("type")?.childForFieldName("rank");
      const lengths = dims.length > 0 ? dims.flatMap((d) => arguments_(d)) : arguments_(rank ?? null);
      return lengths.length > 0 ? { kind: "newArray", lengths } : undefined;
    }
    default:
      return undefined;
  }
}

const notation = notationReplace<BuildContext>(construct, (node, ctx) => exprText(node, ctx));

const text = expressionText<BuildContext>({
  hooks,
  topOperator,
  augmented: new Set(["assignment_expression", "augmented_assignment_expression", "assignment_statement"]),
  plain: { atomic: STRING_TYPES, extras: COMMENT_TYPES },
});

/** Chart text of any node (expression or statement); a statement's trailing `;` is dropped. */
export const exprText = text.exprText;

/** `x op= e` → `x := x op e` (notation.ts). */
export const augmentedText = text.augmentedText;

/** `i++` / `--i` (Go's `i++` is a statement). */
const UPDATE_TYPES: ReadonlySet<string> = new Set(["update_expression", "postfix_unary_expression", "prefix_unary_expression", "inc_statement", "dec_statement"]);

/** `i++` / `--i` → `i := i + 1` / `i := i - 1`; undefined when the node is no increment. */
export function updateText(node: TsNode, ctx: BuildContext): string | undefined {
  if (!UPDATE_TYPES.has(node.type)) return undefined;
  const op = node.children.find((c) => !c.isNamed && (c.type === "++" || c.type === "--"))?.type;
  const target = node.namedChildren.find((c) => !COMMENT_TYPES.has(c.type));
  if (!op || !target) return undefined;
  const name = exprText(target, ctx);
  return `${name} ${ASSIGN} ${name} ${op === "++" ? "+" : "-"} 1`;
}

/**
 * Statement-level text: `x = y = 0` → `x := 0, y := 0`, `a[k++] = v` → `a[k] := v, k := k + 1`
 * (code-notation.ts); anything else via exprText.
 */
export function statementText(node: TsNode, ctx: BuildContext): string {
  if (ctx.asWritten) return exprText(node, ctx);
  const chain = assignmentChain(node, "assignment_expression");
  if (chain) return chainedAssignment(chain.targets.map((t) => exprText(t, ctx)), exprText(chain.value, ctx));
  return statementWithIncrements(node, increment, isBarrier, (x) => exprText(x, ctx)) ?? exprText(node, ctx);
}

function increment(node: TsNode): Increment | undefined {
  if (!UPDATE_TYPES.has(node.type)) return undefined;
  const op = node.children.find((c) => !c.isNamed && (c.type === "++" || c.type === "--"));
  const target = node.namedChildren.find((c) => !COMMENT_TYPES.has(c.type));
  if (!op || !target) return undefined;
  return { node, target, op: op.type === "++" ? "+=" : "-=", prefix: op.startIndex < target.startIndex };
}

/** Parts of an expression that may not run: an increment inside one is left as written. */
const isBarrier = (node: TsNode) =>
  node.type === "ternary_expression" || node.type === "conditional_expression" || node.type === "lambda_expression" ||
  node.type === "arrow_function" || node.type === "function_expression" || node.type === "anonymous_function" ||
  (node.type === "binary_expression" && /^(?:&&|\|\||\?\?|and|or)$/.test(node.childForFieldName("operator")?.type ?? ""));
