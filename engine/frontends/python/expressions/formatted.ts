/**
 * Python's formatted strings as their pieces (format-string.ts): `"…%d" % values`, `"…{}".format(…)`.
 * An output prints the pieces (simple.ts); a value built so reads as their concatenation (text.ts).
 */
import type { SyntaxNode as TsNode } from "../../tree-sitter.ts";
import { formatPieces, hasConversions, quotedInside } from "../../format-string.ts";

/** Strip `await` and parentheses around an expression. */
export function unwrap(node: TsNode): TsNode {
  let n = node;
  for (let i = 0; i < 100; i++) {
    if (n.type === "await" || n.type === "parenthesized_expression") {
      const inner = n.namedChildren.find((c) => c.type !== "comment");
      if (!inner) break;
      n = inner;
    } else break;
  }
  return n;
}

/** Python 2/3 `"…" % values` and `"…".format(values)`: the format's pieces, or undefined. */
export function formatted(node: TsNode, render: (n: TsNode) => string): string[] | undefined {
  const n = unwrap(node);
  const values = (v: TsNode | null | undefined) =>
    !v ? [] : (unwrap(v).type === "tuple" ? unwrap(v).namedChildren.filter((c) => c.type !== "comment") : [v]).map(render);
  if (n.type === "binary_operator" && n.childForFieldName("operator")?.type === "%") {
    const inside = quotedInside(n.childForFieldName("left")?.text ?? "") ?? quotedInside((n.childForFieldName("left")?.text ?? "").replace(/^'(.*)'$/s, '"$1"'));
    return inside !== undefined && hasConversions(inside, "printf") ? formatPieces(inside, values(n.childForFieldName("right")), "printf") : undefined;
  }
  const fn = n.type === "call" ? n.childForFieldName("function") : null;
  if (fn?.type === "attribute" && fn.childForFieldName("attribute")?.text === "format") {
    const object = fn.childForFieldName("object")?.text ?? "";
    const inside = quotedInside(object) ?? quotedInside(object.replace(/^'(.*)'$/s, '"$1"'));
    const args = (n.childForFieldName("arguments")?.namedChildren ?? []).filter((a) => a.type !== "comment" && a.type !== "keyword_argument");
    if (inside !== undefined && hasConversions(inside, "braces")) return formatPieces(inside, args.map(render), "braces");
  }
  return undefined;
}
