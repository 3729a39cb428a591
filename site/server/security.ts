/**
 * Headers of every site page. The Content-Security-Policy allows scripts from this origin only,
 * plus `'wasm-unsafe-eval'` (the engine compiles its WASM grammars and rasterizer) — nothing
 * looser: no inline scripts, no eval, no other origins. Styles come from this origin, plus the
 * `<style>` elements the code editor (CodeMirror) inserts, admitted by a per-page nonce
 * (`EditorView.cspNonce`) instead of 'unsafe-inline'.
 */
import type { Context, MiddlewareHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import { isLoopbackHost } from "../../server/http/client-address.ts";

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

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Whether `candidate` (an origin or a host) is the site's origin, or a loopback alias of a loopback origin. */
function sameSite(site: URL, candidate: URL, { loopbackAliases }: { loopbackAliases: boolean }): boolean {
  if (candidate.protocol === site.protocol && candidate.host === site.host) return true;
  return loopbackAliases && isLoopbackHost(candidate.hostname) && candidate.port === site.port;
}

/**
 * Every site request names this site: a `Host` other than the configured origin's (or a loopback
 * name: the hop from a proxy on this machine) is refused, and a state-changing request — whatever
 * its body type — must come from a page of this origin (`Origin`, or without it
 * `Sec-Fetch-Site: same-origin`). The origin is configuration (PUBLIC_BASE_URL or the development
 * loopback origin), never the request's own Host, which whoever sends the request chooses.
 */
export function originGuard(origin: string): MiddlewareHandler {
  const site = new URL(origin);
  const devLoopback = isLoopbackHost(site.hostname);
  return async (c, next) => {
    const path = c.req.path;
    if (path === "/v1" || path.startsWith("/v1/") || path.startsWith("/hooks/")) return next();
    const host = c.req.header("host") ?? "";
    let hostUrl: URL | null = null;
    try {
      hostUrl = new URL(`${site.protocol}//${host}`);
    } catch {
      hostUrl = null;
    }
    const hostOk = hostUrl !== null && (hostUrl.host === site.host || isLoopbackHost(hostUrl.hostname));
    if (!hostOk) return c.text(`Misdirected request: this site is ${origin}`, 421);
    if (SAFE_METHODS.has(c.req.method)) return next();
    const given = c.req.header("origin");
    let fromSite: boolean;
    if (given !== undefined) {
      try {
        fromSite = given !== "null" && sameSite(site, new URL(given), { loopbackAliases: devLoopback });
      } catch {
        fromSite = false;
      }
    } else {
      fromSite = c.req.header("sec-fetch-site") === "same-origin";
    }
    if (!fromSite) throw new HTTPException(403, { message: "cross-site request refused" });
    return next();
  };
}

/** A path of this site to go back to: resolved against the origin, refused ("/") if it leaves it. */
export function localPath(value: string | undefined, origin: string): string {
  if (!value) return "/";
  let target: URL;
  try {
    target = new URL(value, origin);
  } catch {
    return "/";
  }
  // `/\tevil.example`, `//evil.example`, `/\evil.example`: the parser's idea of them is what a browser does.
  if (target.origin !== new URL(origin).origin) return "/";
  return `${target.pathname}${target.search}${target.hash}`;
}
