/** Small DOM helpers shared by the site's client modules. */

/** The element with this id; a missing one is a bug in the page, reported at once. */
export function byId<T extends HTMLElement>(id: string): T {
  const element = document.getElementById(id);
  if (!element) throw new Error(`the page has no #${id}`);
  return element as T;
}

/** The value of a JSON data island (`<script type="application/json" id=…>`). */
export function readData<T>(id: string): T {
  return JSON.parse(byId(id).textContent ?? "null") as T;
}

/** Lets the browser save bytes or text as a file. */
export function saveFile(name: string, contentType: string, data: string | Uint8Array): void {
  const blob = new Blob([data as BlobPart], { type: contentType });
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
