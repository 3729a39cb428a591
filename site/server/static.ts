/**
 * The built client (site/dist, made by site/build.ts) and the engine's assets, served as files.
 * Names are checked against a plain pattern (static) or the asset manifest, so no path can
 * leave its folder.
 */
import { readFile, stat } from "node:fs/promises";
import { Hono } from "hono";
import { assetFileUrl, isAssetName } from "../../hosts/asset-manifest.ts";
import { SITE_DIST as DIST } from "./paths.ts";


const SAFE_NAME = /^[A-Za-z0-9_-][A-Za-z0-9_.-]*$/;

const TYPES: Record<string, string> = {
  js: "text/javascript; charset=utf-8",
  css: "text/css; charset=utf-8",
  svg: "image/svg+xml",
  wasm: "application/wasm",
  ttf: "font/ttf",
  json: "application/json",
};

async function fileResponse(url: URL, headers: Headers, cacheControl: string): Promise<Response> {
  const info = await stat(url).catch(() => null);
  if (!info?.isFile()) return new Response("not found", { status: 404 });
  // Weak validator from size and time: cheap, and changes whenever a build rewrites the file.
  const etag = `W/"${info.size.toString(36)}-${Math.floor(info.mtimeMs).toString(36)}"`;
  const type = TYPES[url.pathname.split(".").pop() ?? ""] ?? "application/octet-stream";
  const common = { ETag: etag, "Cache-Control": cacheControl, "X-Content-Type-Options": "nosniff" };
  if (headers.get("if-none-match") === etag) return new Response(null, { status: 304, headers: common });
  return new Response(await readFile(url), { headers: { ...common, "Content-Type": type } });
}

export function staticRoutes() {
  const app = new Hono();
  // Revalidated on every use (a cheap 304): a new build is picked up at once. The service worker
  // keeps its own copies for offline use.
  app.get("/static/:name", (c) => {
    const name = c.req.param("name");
    if (!SAFE_NAME.test(name)) return c.notFound();
    return fileResponse(new URL(`static/${name}`, DIST), c.req.raw.headers, "no-cache");
  });
  // The service worker must be served from the root to control every page.
  app.get("/sw.js", (c) => fileResponse(new URL("sw.js", DIST), c.req.raw.headers, "no-cache"));
  app.get("/assets/:name", (c) => {
    const name = c.req.param("name");
    if (!isAssetName(name)) return c.notFound();
    return fileResponse(assetFileUrl(name), c.req.raw.headers, "public, max-age=86400");
  });
  return app;
}
