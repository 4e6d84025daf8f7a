/** The id of the element dialogs and toasts render into, beside the page's root (#root). */
const OVERLAY_LAYER_ID = 'overlays';

/**
 * Where dialogs and toasts render: an element beside the page's root, made on first use, rather than
 * `document.body`. React listens for every event on each container a portal renders into; on the body,
 * which every tap on the page passes through, it would take each of a tap's events a second time
 * only to find it is not its portal's (docs/performance.md#tap-latency). A sibling of #root sees
 * only its own taps. Beside the page, not in it, so a dialog making the page inert leaves toasts
 * and dialogs alive.
 */
export function overlayLayer(doc: Document = document): HTMLElement {
  const found = doc.getElementById(OVERLAY_LAYER_ID);
  if (found) return found;
  const layer = doc.createElement('div');
  layer.id = OVERLAY_LAYER_ID;
  doc.body.append(layer);
  return layer;
}
