/** The HTML side of the e-mail templates: escaping, and the one page every letter is set in. */

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

/** Already-safe HTML, so `html` knows not to escape it again. */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

/** A web address: the bare URL in the plain-text body, a link in the HTML one. */
export class Link {
  constructor(readonly url: string) {}
}

/** Words written once for both bodies (see `both`). */
export class Both {
  constructor(
    readonly text: string,
    readonly html: SafeHtml,
  ) {}
}

const join = (strings: TemplateStringsArray, values: unknown[], piece: (v: unknown) => string) =>
  strings.reduce((out, s, i) => out + s + (i < values.length ? piece(values[i]) : ""), "");

/** Tagged template: every interpolated value is escaped unless it is SafeHtml (or a list of them); Both gives its HTML, a Link an <a>. */
export function html(strings: TemplateStringsArray, ...values: unknown[]): SafeHtml {
  const piece = (v: unknown): string =>
    v instanceof SafeHtml ? v.value
    : v instanceof Both ? v.html.value
    : v instanceof Link ? `<a href="${escapeHtml(v.url)}" style="color:#1d4f91">${escapeHtml(v.url)}</a>`
    : Array.isArray(v) ? v.map(piece).join("")
    : escapeHtml(String(v));
  return new SafeHtml(join(strings, values, piece));
}

/** Tagged template for a sentence that appears in both bodies: plain as written, and escaped HTML. */
export function both(strings: TemplateStringsArray, ...values: unknown[]): Both {
  const text = (v: unknown): string => (v instanceof Both ? v.text : v instanceof Link ? v.url : String(v));
  return new Both(join(strings, values, text), html(strings, ...values));
}

/** A plain, mail-client-safe page: inline styles only, no images, no scripts. */
export function page(lang: string, title: string, body: SafeHtml): string {
  return html`<!doctype html>
<html lang="${lang}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${title}</title></head>
<body style="margin:0;padding:24px;background:#f6f6f4;font-family:Arial,Helvetica,sans-serif;color:#1d1d1b;line-height:1.5">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border:1px solid #e2e2dc;padding:24px">
${body}
<p style="margin-top:32px;font-size:12px;color:#77776f">${lang === "uk" ? "Схема" : "Skhema"}</p>
</div>
</body>
</html>
`.value;
}
