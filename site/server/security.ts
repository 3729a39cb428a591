/**
 * Headers of every site page. The Content-Security-Policy allows scripts from this origin only,
 * plus `'wasm-unsafe-eval'` (the engine compiles its WASM grammars and rasterizer) — nothing
 * looser: no inline scripts, no eval, no other origins. Styles come from this origin, plus the
 * `<style>` elements the code editor (CodeMirror) inserts, admitted by a per-page nonce
 * (`EditorView.cspNonce`) instead of 'unsafe-inline'.
 */
import type { Context } from "hono";

/** A fresh nonce for one page's editor styles. */
export function newStyleNonce(): string {
  return btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))));
}

export const contentSecurityPolicy = (styleNonce: string) => [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  `style-src 'self' 'nonce-${styleNonce}'`,
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "worker-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

export function setSecurityHeaders(c: Context, styleNonce: string): void {
  c.header("Content-Security-Policy", contentSecurityPolicy(styleNonce));
  c.header("X-Content-Type-Options", "nosniff");
  c.header("Referrer-Policy", "same-origin");
}
