import { describe, expect, it } from 'vitest';
import { inlineImages } from './outbox';

describe("an outbox mail's preview", () => {
  const png = Buffer.from([0x89, 0x50, 0x4e, 0x47]);

  it('shows an inline image by its data: URL instead of the cid: a browser cannot load', () => {
    const html = '<p><img src="cid:ticket-qr" alt="QR"></p><p>cid:ticket-qr stays as text</p>';
    expect(
      inlineImages(html, [
        { filename: 'ticket-qr.png', contentType: 'image/png', content: png, contentId: 'ticket-qr' },
      ]),
    ).toBe('<p><img src="data:image/png;base64,iVBORw==" alt="QR"></p><p>cid:ticket-qr stays as text</p>');
  });

  it('leaves files that are not inline images alone', () => {
    const html = '<img src="cid:ticket-qr">';
    const calendar = { filename: 'event.ics', contentType: 'text/calendar', content: Buffer.from('BEGIN') };
    expect(inlineImages(html, [calendar])).toBe(html);
    const unnamed = { filename: 'x.png', contentType: 'image/png', content: png };
    expect(inlineImages(html, [unnamed])).toBe(html);
  });
});
