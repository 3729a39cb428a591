/**
 * Chart text of an expression, shared by the tree-sitter front-ends: each language supplies its
 * token hooks (notation, stripTypes) and its operator precedence; this module caches the hooks per
 * chart context, drops a statement's trailing `;`, and spells out augmented assignment
 * (`x op= e` → `x := x op e`, notation.ts).
 */
import { arithmeticWord, augmentedAssignment } from "../text/notation.ts";
import { rebuildText, type SyntaxNode, type TextHooks, type TokenOut } from "./tree-sitter.ts";

export interface ExpressionText<C> {
  exprText(node: SyntaxNode, ctx: C): string;
  augmentedText(node: SyntaxNode, ctx: C): string;
}

export function expressionText<C extends { source: string; asWritten: boolean }>(language: {
  hooks: (ctx: C) => TextHooks;
  /** Hooks for text rebuilt without notation (the fallback of a malformed augmented assignment). */
  plain: TextHooks;
  topOperator: (node: SyntaxNode) => string | undefined;
  /** Node types of `x op= e` (with left/operator/right fields), spelled out as `x := x op e`. */
  augmented: ReadonlySet<string>;
}): ExpressionText<C> {
  const cache = new WeakMap<C, TextHooks>();
  const exprText = (node: SyntaxNode, ctx: C): string => {
    let hooks = cache.get(ctx);
    if (!hooks) {
      const own = language.hooks(ctx);
      hooks = {
        ...own,
        replace: (n) => {
          const op = language.augmented.has(n.type) ? n.childForFieldName("operator")?.type : undefined;
          return op && op !== "=" ? augmentedText(n, ctx) : own.replace?.(n);
        },
      };
      cache.set(ctx, hooks);
    }
    return rebuildText(node, ctx.source, hooks).replace(/\s*;$/, "");
  };
  const augmentedText = (node: SyntaxNode, ctx: C): string => {
    const left = node.childForFieldName("left");
    const right = node.childForFieldName("right");
    const op = node.childForFieldName("operator")?.type;
    if (!left || !right || !op) return rebuildText(node, ctx.source, language.plain);
    return augmentedAssignment(exprText(left, ctx), ctx.asWritten ? op : arithmeticWord(op), exprText(right, ctx), language.topOperator(right));
  };
  return { exprText, augmentedText };
}

/** A token written with a space on both sides (logical words, `:=`). */
export const spaced = (text: string): TokenOut => ({ text, spaceBefore: true, spaceAfter: true });
