/** How the widget continues to the checkout: a new tab (the organizer's page stays), or inside the frame. */
export type WidgetCheckout = 'new-tab' | 'in-place';

/** The HTML an organizer pastes into their site (web/public/widget.js reads these attributes). */
export function widgetSnippet(origin: string, eventId: string, checkout: WidgetCheckout): string {
  const escape = (text: string) =>
    text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return [
    `<div data-ticket-shop-widget data-event-id="${escape(eventId)}" data-checkout="${checkout}"></div>`,
    `<script async src="${escape(origin)}/widget.js"></script>`,
  ].join('\n');
}

/** The frame's own address, as the loader builds it (and the settings page previews it). */
export function widgetFramePath(eventId: string, checkout: WidgetCheckout): string {
  return `/widget/${encodeURIComponent(eventId)}?checkout=${checkout}`;
}

export function checkoutModeOf(value: string | null): WidgetCheckout {
  return value === 'in-place' ? 'in-place' : 'new-tab';
}
