/**
 * Interpolated strings in output statements (Python f"…", C# $"…", JavaScript `…${e}…`, PHP
 * "…$x…{$a[0]}…"): drawn the way a flowchart lists
 * output items — the literal pieces quoted, the expressions as they are — so
 * `print(f"Sum: {s}")` reads `Вивід "Sum: ", s`, not the source's template syntax. Conversions
 * (`!r`), alignment (`,5`) and format specifications (`:.2f`) are dropped: a chart shows what is
 * output, not how it is formatted. Both grammars give the same shape: `string_content` pieces and
 * `interpolation` nodes whose expression is the first named child that is not one of those clauses.
 * A JavaScript template holds `string_fragment`s, escapes and `template_substitution`s; a PHP string
 * its `string_content`, escapes and the interpolated expressions themselves.
 */
import type { SyntaxNode } from "./tree-sitter.ts";

const CLAUSES = new Set([
  "type_conversion", "format_specifier", // Python
  "interpolation_alignment_clause", "interpolation_format_clause", "interpolation_brace", // C#
]);

/** Literal pieces of a JavaScript template or a PHP double-quoted string. */
const TEMPLATE_LITERALS = new Set(["string_fragment", "string_content", "escape_sequence"]);
const TEMPLATES = new Set(["template_string", "encapsed_string"]);

/** Is `node` an interpolated string: a Python f-string (any prefix order: f, rf, Fr …), a C# $"…", a JS template or a PHP string with values in it? */
export function isInterpolated(node: SyntaxNode): boolean {
  if (node.type === "interpolated_string_expression") return true;
  if (TEMPLATES.has(node.type)) return node.namedChildren.some((c) => !TEMPLATE_LITERALS.has(c.type));
  return node.type === "string" && /^[rRbBuU]?[fF]/.test(node.children[0]?.text ?? "");
}

/** The output items of an interpolated string (see isInterpolated). */
export function interpolationItems(node: SyntaxNode, exprText: (expr: SyntaxNode) => string): string[] {
  if (TEMPLATES.has(node.type)) return templateItems(node, exprText);
  const pieces = node.children.filter((c) => c.type === "string_content" || c.type === "interpolation");
  const items: string[] = [];
  let literal = "";
  const flush = () => {
    if (literal !== "") items.push(`"${literal}"`);
    literal = "";
  };
  for (const piece of pieces) {
    if (piece.type === "string_content") {
      literal += piece.text.replace(/\{\{/g, "{").replace(/\}\}/g, "}");
      continue;
    }
    flush();
    const expr = piece.namedChildren.find((c) => !CLAUSES.has(c.type));
    if (expr) items.push(exprText(expr));
  }
  flush();
  return items;
}

/** The output items of a JavaScript template or a PHP double-quoted string. */
function templateItems(node: SyntaxNode, exprText: (expr: SyntaxNode) => string): string[] {
  const items: string[] = [];
  let literal = "";
  for (const piece of node.namedChildren) {
    if (TEMPLATE_LITERALS.has(piece.type)) {
      literal += piece.text;
      continue;
    }
    if (literal !== "") items.push(`"${literal}"`);
    literal = "";
    const expr = piece.type === "template_substitution" ? piece.namedChildren[0] : piece;
    if (expr) items.push(exprText(expr));
  }
  if (literal !== "") items.push(`"${literal}"`);
  return items;
}
