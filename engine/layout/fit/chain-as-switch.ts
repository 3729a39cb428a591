/**
 * An else-if chain that says what a switch says, drawn as that switch on pages (issue 12;
 * drawing-rules C4, D5). A chain whose every condition compares the same name with a different
 * constant (`choice = "1"`, `choice = "2"`, … — at least three links, an optional final else) is one
 * decision with several exits: the compared name in the diamond, the constants on its exits, the
 * else as `інакше`, each body a case that ends by itself (no fall-through: an if has none). The fit
 * stage draws it so only for a chart cut into pages that its usual forms leave more than one part
 * above its ideal, and only when that takes fewer parts (fit/cut-pages.ts); the chart tree stays as
 * the front-end gave it — the switch is a way of laying the chain out.
 */
import type { Block, Node, SwitchCase } from "../../tree/schema.ts";

type IfNode = Extract<Node, { kind: "if" }>;
type SwitchNode = Extract<Node, { kind: "switch" }>;

/** The fewest links of a chain drawn as a switch: two are an if/else-if, as drawn today. */
const LEAST_LINKS = 3;

/**
 * `name = constant` as the front-ends write an equality test (drawing-rules D6; `==` in the code
 * notation): a name, possibly dotted or indexed, with no spaces (so no `a = 1 або b = 2`), and a
 * number, a quoted string or a quoted character.
 */
const EQUALITY = /^([\p{L}_][\p{L}\p{N}_.[\]]*) ==? (-?\d+(?:\.\d+)?|"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')$/u;

/**
 * The switch of each chain, made once per chain node: the fit stage's plans of one chart must see
 * the same switch (and the same case blocks) to compare their cuts and lay the same cases flat.
 */
const switches = new WeakMap<IfNode, SwitchNode | null>();

/** The switch an else-if chain means, or null when its conditions are not one name against distinct constants. */
export function chainAsSwitch(node: IfNode): SwitchNode | null {
  let made = switches.get(node);
  if (made === undefined) switches.set(node, (made = switchOf(node)));
  return made;
}

function switchOf(node: IfNode): SwitchNode | null {
  const cases: SwitchCase[] = [];
  const constants = new Set<string>();
  let subject: string | null = null;
  let link: IfNode = node;
  for (;;) {
    const test = EQUALITY.exec(link.cond);
    if (!test || (subject !== null && test[1] !== subject) || constants.has(test[2]!)) return null;
    subject = test[1]!;
    constants.add(test[2]!);
    cases.push({ label: test[2]!, body: link.then, ...(link.loc ? { loc: link.loc } : {}) });
    const next = nextLink(link.else);
    if (!next) {
      if (cases.length < LEAST_LINKS) return null;
      return { kind: "switch", cond: subject, cases, ...(link.else ? { default: link.else } : {}), ...(node.loc ? { loc: node.loc } : {}) };
    }
    link = next;
  }
}

/** The next link of a chain: an else holding one if and nothing else. */
function nextLink(otherwise: Block | undefined): IfNode | null {
  const only = otherwise?.stmts.length === 1 ? otherwise.stmts[0]! : null;
  return only?.kind === "if" ? only : null;
}
