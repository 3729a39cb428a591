/**
 * The account pages' small behaviours: copy the new key or the payment code, confirm before revoking
 * a key or sending a gift, and follow a
 * pending payment until it is credited (polling its status; the page reloads when it changes).
 */
for (const button of document.querySelectorAll<HTMLButtonElement>("button[data-copy]")) {
  button.addEventListener("click", async () => {
    const field = document.getElementById(button.dataset.copy ?? "");
    if (!field) return;
    // Selected too: without clipboard permission the user copies it by hand (Ctrl+C).
    getSelection()?.selectAllChildren(field);
    try {
      await navigator.clipboard.writeText(field.textContent ?? "");
    } catch {
      return;
    }
    const label = button.textContent;
    button.textContent = button.dataset.copied ?? label;
    setTimeout(() => (button.textContent = label), 2000);
  });
}

/** A form asks before it is sent; `{field}` in its question is that field's value (the gift's e-mail and quantity). */
for (const form of document.querySelectorAll<HTMLFormElement>("form[data-confirm]")) {
  form.addEventListener("submit", (event) => {
    const fields = new FormData(form);
    const question = (form.dataset.confirm ?? "").replace(/\{(\w+)\}/g, (whole, name: string) => String(fields.get(name) ?? whole));
    if (!confirm(question)) event.preventDefault();
  });
}

/** Seconds between status checks of a pending payment. */
const POLL_SECONDS = 3;
/** Checks at most for an hour: a page left open does not poll forever. */
const MAX_POLLS = 1200;

const pending = document.querySelector<HTMLElement>("[data-payment-status]");
if (pending) {
  let polls = 0;
  const check = async () => {
    if (++polls > MAX_POLLS) return;
    try {
      const response = await fetch(pending.dataset.paymentStatus!, { headers: { accept: "application/json" }, cache: "no-store" });
      const { status } = (await response.json()) as { status: string };
      if (status !== "pending") {
        location.reload();
        return;
      }
    } catch {
      // offline for a moment: try again at the next tick
    }
    setTimeout(check, POLL_SECONDS * 1000);
  };
  setTimeout(check, POLL_SECONDS * 1000);
}
