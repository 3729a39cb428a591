/**
 * Where the render worker's script is. From the sources it is render-worker.ts beside this file;
 * the bundled server (scripts/bundle.ts) builds it as its own entry, dist/render-worker.js, and
 * defines SKHEMA_RENDER_WORKER to that name — Bun's bundler does not follow `new Worker(new URL(…))`.
 */
declare const SKHEMA_RENDER_WORKER: string | undefined;

export const renderWorkerUrl = (): URL => new URL(typeof SKHEMA_RENDER_WORKER === "string" ? SKHEMA_RENDER_WORKER : "./render-worker.ts", import.meta.url);
