/**
 * Inside the embeddable widget's iframe: tells the organizer's page (web/public/widget.js) how tall the app's
 * content is, whenever it changes, also after an in-place checkout navigates on, so the frame neither scrolls
 * nor leaves a gap. Outside a frame it does nothing. The height is not a secret: any parent may receive it.
 */
export function reportFrameHeight(root: HTMLElement): void {
  if (window.parent === window) return;
  let last = -1;
  const report = () => {
    const height = Math.ceil(root.getBoundingClientRect().height);
    if (height === last) return;
    last = height;
    window.parent.postMessage({ type: 'ticket-shop:height', height }, '*');
  };
  new ResizeObserver(report).observe(root);
  report();
}
