/**
 * The API reference page (GET /v1/docs): Swagger UI, served from the swagger-ui-dist package
 * rather than a CDN, so the page works wherever the server does. The page runs no inline script (its
 * start is the file docs/init.js) under a Content-Security-Policy of its own: scripts and requests
 * to this origin only, no frames, no forms.
 */
import { Hono } from "hono";

const ASSETS = {
  "swagger-ui.css": "text/css; charset=utf-8",
  "swagger-ui-bundle.js": "text/javascript; charset=utf-8",
} as const;

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Skhema API reference</title>
<link rel="stylesheet" href="docs/swagger-ui.css">
</head>
<body>
<div id="api"></div>
<script src="docs/swagger-ui-bundle.js"></script>
<script src="docs/init.js"></script>
</body>
</html>`;

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

export function referenceRoutes() {
  const app = new Hono();
  app.get("/docs", (c) => c.html(PAGE, 200, { "Content-Security-Policy": DOCS_CSP }));
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
