/**
 * Interpolated strings in output statements (Python f"…", C# $"…"): drawn the way a flowchart lists
 * output items — the literal pieces quoted, the expressions as they are — so
 * `print(f"Sum: {s}")` reads `Вивід "Sum: ", s`, not the source's template syntax. Conversions
 * (`!r`), alignment (`,5`) and format specifications (`:.2f`) are dropped: a chart shows what is
 * output, not how it is formatted. Both grammars give the same shape: `string_content` pieces and
 * `interpolation` nodes whose expression is the first named child that is not one of those clauses.
 */
import type { SyntaxNode } from "./tree-sitter.ts";

const CLAUSES = new Set([
  "type_conversion", "format_specifier", // Python
  "interpolation_alignment_clause", "interpolation_format_clause", "interpolation_brace", // C#
]);

/** Is `node` an interpolated string: a Python f-string (any prefix order: f, rf, Fr …) or a C# $"…"? */
export function isInterpolated(node: SyntaxNode): boolean {
  if (node.type === "interpolated_string_expression") return true;
  return node.type === "string" && /^[rRbBuU]?[fF]/.test(node.children[0]?.text ?? "");
}

/** The output items of an interpolated string (see isInterpolated). */
export function interpolationItems(node: SyntaxNode, exprText: (expr: SyntaxNode) => string): string[] {
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
