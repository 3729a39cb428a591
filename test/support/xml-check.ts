/**
 * A small strict XML 1.0 well-formedness checker for generated documents (DOCX parts), after the one in
 * test/render-svg.test.ts: one root, balanced tags, quoted unique attributes, only the predefined and
 * numeric entities, no raw '<' or '&' in text or attributes, only XML 1.0 characters, and every element
 * or attribute prefix declared by an xmlns:prefix on the element or an ancestor. Throws on the first error.
 * It also returns the element tree, so tests can check child order without a DOM.
 */
import { stripInvalidXml } from "../../engine/render/svg.ts";

export interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  /** Concatenated raw character data directly inside this element (entities left as written). */
  text: string;
}

export function parseXmlStrict(xml: string): XmlElement {
  const fail = (msg: string, i: number): never => {
    throw new Error(`${msg} at ${i}: …${xml.slice(Math.max(0, i - 40), i + 40)}…`);
  };
  if (stripInvalidXml(xml) !== xml) fail("character not allowed in XML 1.0", 0);
  const isNameChar = (c: string) => /[A-Za-z0-9_:.-]/.test(c);
  const entity = (i: number): number => {
    const end = xml.indexOf(";", i);
    if (end < 0) fail("unterminated entity", i);
    const name = xml.slice(i + 1, end);
    if (!/^(amp|lt|gt|quot|apos|#[0-9]+|#x[0-9A-Fa-f]+)$/.test(name)) fail(`bad entity &${name};`, i);
    return end + 1;
  };
  let i = 0;
  if (xml.startsWith("<?xml")) {
    i = xml.indexOf("?>");
    if (i < 0) fail("unterminated prolog", 0);
    i += 2;
  }
  const stack: { el: XmlElement; prefixes: Set<string> }[] = [];
  let root: XmlElement | undefined;
  const checkPrefix = (qname: string, prefixes: Set<string>, at: number, isAttr: boolean) => {
    const colon = qname.indexOf(":");
    if (colon < 0) return;
    const prefix = qname.slice(0, colon);
    if (prefix === "xml" || (isAttr && prefix === "xmlns")) return;
    if (!prefixes.has(prefix)) fail(`undeclared prefix ${prefix}:`, at);
  };
  while (i < xml.length) {
    const c = xml[i]!;
    if (c === "<") {
      if (xml[i + 1] === "/") {
        let j = i + 2;
        while (isNameChar(xml[j] ?? "")) j++;
        const name = xml.slice(i + 2, j);
        if (xml[j] !== ">") fail("bad end tag", i);
        if (stack.pop()?.el.name !== name) fail(`mismatched </${name}>`, i);
        i = j + 1;
        continue;
      }
      if (xml[i + 1] === "!" || xml[i + 1] === "?") fail("unexpected markup", i);
      let j = i + 1;
      while (isNameChar(xml[j] ?? "")) j++;
      const name = xml.slice(i + 1, j);
      if (!name) fail("empty tag name", i);
      if (stack.length === 0 && root) fail("second root element", i);
      const el: XmlElement = { name, attrs: {}, children: [], text: "" };
      const prefixes = new Set(stack.at(-1)?.prefixes ?? []);
      let selfClosing = false;
      for (;;) {
        const ws = j;
        while (/\s/.test(xml[j] ?? "")) j++;
        if (xml[j] === "/" && xml[j + 1] === ">") {
          j += 2;
          selfClosing = true;
          break;
        }
        if (xml[j] === ">") {
          j += 1;
          break;
        }
        if (j === ws) fail("missing whitespace before attribute", j);
        const a0 = j;
        while (isNameChar(xml[j] ?? "")) j++;
        const attr = xml.slice(a0, j);
        if (!attr) fail("bad attribute", j);
        if (attr in el.attrs) fail(`duplicate attribute ${attr}`, j);
        if (xml[j] !== "=") fail("expected =", j);
        const q = xml[j + 1];
        if (q !== '"' && q !== "'") fail("unquoted attribute", j);
        j += 2;
        const v0 = j;
        while (xml[j] !== q) {
          if (j >= xml.length) fail("unterminated attribute", v0);
          if (xml[j] === "<") fail("raw < in attribute", j);
          if (xml[j] === "&") j = entity(j);
          else j++;
        }
        el.attrs[attr] = xml.slice(v0, j);
        if (attr.startsWith("xmlns:")) prefixes.add(attr.slice(6));
        j++;
      }
      checkPrefix(name, prefixes, i, false);
      for (const a of Object.keys(el.attrs)) checkPrefix(a, prefixes, i, true);
      if (stack.length === 0) root = el;
      else stack.at(-1)!.el.children.push(el);
      if (!selfClosing) stack.push({ el, prefixes });
      i = j;
      continue;
    }
    if (stack.length === 0 && !/\s/.test(c)) fail("text outside the root element", i);
    const start = i;
    if (c === "&") i = entity(i);
    else i++;
    if (stack.length) stack.at(-1)!.el.text += xml.slice(start, i);
  }
  if (stack.length) fail(`unclosed <${stack.map((s) => s.el.name).join("> <")}>`, xml.length);
  if (!root) fail("no root element", 0);
  return root!;
}

/** All descendants (depth first, document order) named `name`. */
export function findAll(el: XmlElement, name: string, out: XmlElement[] = []): XmlElement[] {
  for (const c of el.children) {
    if (c.name === name) out.push(c);
    findAll(c, name, out);
  }
  return out;
}

/** Decodes the five predefined and numeric entities. */
export function unescapeXml(s: string): string {
  return s.replace(/&(amp|lt|gt|quot|apos|#[0-9]+|#x[0-9A-Fa-f]+);/g, (_, e: string) => {
    if (e[0] === "#") return String.fromCodePoint(e[1] === "x" ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10));
    return ({ amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" } as Record<string, string>)[e]!;
  });
}
