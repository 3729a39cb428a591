/**
 * The chart preview: the engine's SVG at a zoom factor (1 = its real size in mm), fit to the
 * width until the user zooms (a tall chart stays readable), the whole chart in view after «Умістити»
 * (width and height), panned by dragging or scrolling, zoomed with Ctrl+wheel or the buttons.
 * Printing shows it at its real size (the print style reads --real-width/--real-height).
 */
const MIN_ZOOM = 0.05;
const MAX_ZOOM = 8;
const PX_PER_MM = 96 / 25.4;

/** How the zoom follows the preview's size: the width, the whole chart, or the user's own zoom. */
type Fitting = "width" | "whole" | null;

export interface Preview {
  show(svg: string): void;
  /** Nothing shown (the chart on screen belonged to another program). */
  clear(): void;
  zoomBy(factor: number): void;
  real(): void;
  fit(): void;
}

export function createPreview(container: HTMLElement, onZoom: (zoom: number) => void): Preview {
  let zoom = 1;
  let fitting: Fitting = "width";

  const svg = () => container.querySelector("svg");
  const sizeMm = (element: SVGSVGElement) => {
    const box = element.viewBox.baseVal;
    return { width: box.width, height: box.height };
  };

  function apply() {
    const element = svg();
    if (!element) return;
    const { width, height } = sizeMm(element);
    if (fitting) {
      // The container's padding (8 px each side) is not room for the chart.
      const across = (container.clientWidth - 16) / (width * PX_PER_MM);
      const down = (container.clientHeight - 16) / (height * PX_PER_MM);
      zoom = Math.min(1, Math.max(MIN_ZOOM, fitting === "whole" ? Math.min(across, down) : across));
    }
    element.style.width = `${width * zoom}mm`;
    element.style.height = `${height * zoom}mm`;
    element.style.setProperty("--real-width", `${width}mm`);
    element.style.setProperty("--real-height", `${height}mm`);
    onZoom(zoom);
  }

  function setZoom(next: number, anchor?: { x: number; y: number }) {
    const before = zoom;
    fitting = null;
    zoom = Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, next));
    // Keep the point under the pointer (or the centre) where it was.
    const ax = anchor?.x ?? container.clientWidth / 2;
    const ay = anchor?.y ?? container.clientHeight / 2;
    const contentX = (container.scrollLeft + ax) / before;
    const contentY = (container.scrollTop + ay) / before;
    apply();
    container.scrollLeft = contentX * zoom - ax;
    container.scrollTop = contentY * zoom - ay;
  }

  container.addEventListener(
    "wheel",
    (event) => {
      if (!event.ctrlKey && !event.metaKey) return;
      event.preventDefault();
      const rect = container.getBoundingClientRect();
      setZoom(zoom * Math.exp(-event.deltaY / 300), { x: event.clientX - rect.left, y: event.clientY - rect.top });
    },
    { passive: false },
  );

  let drag: { x: number; y: number; left: number; top: number; id: number } | null = null;
  container.addEventListener("pointerdown", (event) => {
    if (event.button !== 0 || event.pointerType === "touch") return; // touch scrolls natively
    drag = { x: event.clientX, y: event.clientY, left: container.scrollLeft, top: container.scrollTop, id: event.pointerId };
    container.setPointerCapture(event.pointerId);
    container.classList.add("dragging");
  });
  container.addEventListener("pointermove", (event) => {
    if (!drag || event.pointerId !== drag.id) return;
    container.scrollLeft = drag.left - (event.clientX - drag.x);
    container.scrollTop = drag.top - (event.clientY - drag.y);
  });
  const endDrag = () => {
    drag = null;
    container.classList.remove("dragging");
  };
  container.addEventListener("pointerup", endDrag);
  container.addEventListener("pointercancel", endDrag);
  container.addEventListener("keydown", (event) => {
    if (event.key === "+" || event.key === "=") setZoom(zoom * 1.25);
    else if (event.key === "-") setZoom(zoom / 1.25);
    else if (event.key === "0") setZoom(1);
  });
  new ResizeObserver(() => {
    if (fitting) apply();
  }).observe(container);

  apply();
  return {
    show(markup) {
      container.innerHTML = markup.replace(/^<\?xml[^>]*>\s*/, "");
      apply();
    },
    clear() {
      container.replaceChildren();
    },
    zoomBy: (factor) => setZoom(zoom * factor),
    real: () => setZoom(1),
    fit() {
      fitting = "whole";
      apply();
    },
  };
}
