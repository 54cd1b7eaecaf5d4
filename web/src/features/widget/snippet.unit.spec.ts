import { describe, expect, it } from 'vitest';
import { checkoutModeOf, widgetFramePath, widgetSnippet } from './snippet';

describe('widget snippet', () => {
  it('names the event and the checkout mode, and loads the loader from the platform', () => {
    expect(widgetSnippet('https://tickets.example', 'ev_1', 'in-place')).toBe(
      '<div data-ticket-shop-widget data-event-id="ev_1" data-checkout="in-place"></div>\n' +
        '<script async src="https://tickets.example/widget.js"></script>',
    );
  });
  it('escapes what it writes into attributes', () => {
    expect(widgetSnippet('https://x.example', 'ev_"><script>', 'new-tab')).toContain(
      'data-event-id="ev_&quot;&gt;&lt;script&gt;"',
    );
  });
  it('builds the frame path and reads the mode, new tab unless in place', () => {
    expect(widgetFramePath('ev 1', 'new-tab')).toBe('/widget/ev%201?checkout=new-tab');
    expect(checkoutModeOf('in-place')).toBe('in-place');
    expect(checkoutModeOf('anything')).toBe('new-tab');
    expect(checkoutModeOf(null)).toBe('new-tab');
  });
});
