/**
 * The API reference page (GET /v1/docs): Swagger UI, served from the swagger-ui-dist package
 * rather than a CDN, so the page works wherever the server does. The page runs no inline script (its
 * start is the file docs/init.js) under a Content-Security-Policy of its own: scripts and requests
 * to this origin only, no frames, no forms. Above it a line of its own: the way back to the site and
 * the document itself, and a viewport, so the page is usable on a phone (issue 24).
 */
import { Hono } from "hono";

const ASSETS = {
  "swagger-ui.css": "text/css; charset=utf-8",
  "swagger-ui-bundle.js": "text/javascript; charset=utf-8",
} as const;

/** The site's address goes into an attribute: escaped, though it comes from configuration. */
const attribute = (text: string) => text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

function page(siteUrl: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Skhema API reference</title>
<link rel="stylesheet" href="docs/swagger-ui.css">
<style>
  body { margin: 0; }
  .site-bar { font: 14px/1.4 sans-serif; padding: 10px 20px; border-bottom: 1px solid #ddd; display: flex; gap: 16px; flex-wrap: wrap; }
  .site-bar a { color: #1f4e8c; }
</style>
</head>
<body>
<nav class="site-bar"><a href="${attribute(siteUrl)}">← Skhema: the site, your account and API keys</a><a href="openapi.json">openapi.json</a></nav>
<div id="api"></div>
<script src="docs/swagger-ui-bundle.js"></script>
<script src="docs/init.js"></script>
</body>
</html>`;
}

/** Relative to the page (/v1/docs → /v1/openapi.json). */
const INIT = `window.ui = SwaggerUIBundle({ url: "openapi.json", dom_id: "#api", deepLinking: true });\n`;

/** Swagger UI sets style attributes (hence 'unsafe-inline' for styles only) and shows data: images. */
export const DOCS_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join("; ");

/** `siteUrl`: where the page's way back leads (config.origin, never the request's Host). */
export function referenceRoutes(siteUrl: string) {
  const app = new Hono();
  const html = page(`${siteUrl}/`);
  app.get("/docs", (c) => c.html(html, 200, { "Content-Security-Policy": DOCS_CSP }));
  app.get("/docs/init.js", (c) => c.body(INIT, 200, { "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": "no-cache" }));
  // The page's links are relative to /v1/; from /v1/docs/ they would miss.
  app.get("/docs/", (c) => c.redirect("../docs", 301));
  for (const [name, type] of Object.entries(ASSETS)) {
    // Read once, on the first request for it (the bundle is about 1.5 MB).
    let bytes: Promise<ArrayBuffer> | undefined;
    app.get(`/docs/${name}`, async (c) => {
      bytes ??= Bun.file(new URL(import.meta.resolve(`swagger-ui-dist/${name}`))).arrayBuffer();
      return c.body(await bytes, 200, { "Content-Type": type, "Cache-Control": "public, max-age=86400" });
    });
  }
  return app;
}
