/**
 * The service worker: after the first visit the playground loads and draws with the network off.
 * On install it stores the app shell (the page, the built scripts and styles) and the assets the
 * first example needs; every other asset (another language's grammar — the C++ and C# ones are
 * several MB — a font, the PNG rasterizer) is stored the first time the page asks for it.
 * The page itself is fetched from the network first (it may have changed) and served from the
 * cache only when the network fails.
 */

/** Filled in by site/build.ts: what to store on install, and a version that changes with any built file. */
declare const PRECACHE: string[];
declare const VERSION: string;

interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface SwFetchEvent extends ExtendableEvent {
  request: Request;
  respondWith(response: Promise<Response>): void;
}
const worker = self as unknown as {
  addEventListener(type: "install" | "activate", listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: "fetch", listener: (event: SwFetchEvent) => void): void;
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void> };
  location: Location;
};

const CACHE = `skhema-${VERSION}`;
/** Pages that work offline: the playground only (the account needs the server anyway). */
const OFFLINE_PAGES = new Set(["/"]);

worker.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      await cache.addAll(PRECACHE);
      await worker.skipWaiting();
    })(),
  );
});

worker.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (name.startsWith("skhema-") && name !== CACHE) await caches.delete(name);
      await worker.clients.claim();
    })(),
  );
});

async function cacheFirst(request: Request): Promise<Response> {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(request, { ignoreSearch: true });
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

async function networkFirst(request: Request): Promise<Response> {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(request, response.clone());
    return response;
  } catch (error) {
    const cached = await cache.match(request, { ignoreSearch: true });
    if (cached) return cached;
    throw error;
  }
}

worker.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== worker.location.origin) return;
  if (url.pathname.startsWith("/static/") || url.pathname.startsWith("/assets/")) event.respondWith(cacheFirst(request));
  else if (request.mode === "navigate" && OFFLINE_PAGES.has(url.pathname)) event.respondWith(networkFirst(request));
});
