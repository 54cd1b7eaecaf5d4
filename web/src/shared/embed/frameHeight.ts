/**
 * Inside the embeddable widget's iframe: tells the organizer's page (web/public/widget.js) how tall the app's
 * content is, whenever it changes, also after an in-place checkout navigates on, so the frame neither scrolls
 * nor leaves a gap; and that a new page is showing, so the loader brings the frame's top into view (a buyer who
 * completed a long form at the bottom of the frame sees the confirmation, not its end). `<html data-framed>`
 * lets the styles drop every height taken from the frame's own (base.css): otherwise a page once grown would
 * keep the frame that tall. Outside a frame it does nothing. Neither message is a secret: any parent may
 * receive them.
 */
export function reportFrameHeight(root: HTMLElement, onNavigation: (navigated: () => void) => void): void {
  if (window.parent === window) return;
  document.documentElement.dataset.framed = '';
  let last = -1;
  const report = () => {
    const height = Math.ceil(root.getBoundingClientRect().height);
    if (height === last) return;
    last = height;
    window.parent.postMessage({ type: 'ticket-shop:height', height }, '*');
  };
  new ResizeObserver(report).observe(root);
  report();
  onNavigation(() => window.parent.postMessage({ type: 'ticket-shop:navigated' }, '*'));
}
