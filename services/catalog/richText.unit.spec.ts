import { describe, expect, it } from 'vitest';
import { plainText, sanitizeMailRichText, sanitizeOptionalRichText, sanitizeRichText } from './richText';

const upload = `/uploads/${'a1'.repeat(32)}.png`;

describe('rich text is sanitised on the server', () => {
  it('removes scripts, event handlers and javascript: URLs, keeping the formatting', () => {
    const dirty =
      '<p onclick="steal()">Hello <strong>world</strong><script>alert(1)</script>' +
      '<a href="javascript:alert(1)">bad</a> <a href="https://example.test" target="_blank">good</a>' +
      `<img src="${upload}" onerror="alert(1)"><iframe src="https://evil.test"></iframe><style>*{}</style></p>`;
    const clean = sanitizeRichText(dirty);
    expect(clean).not.toMatch(/script|onclick|onerror|javascript:|iframe|style/i);
    expect(clean).toContain('<strong>world</strong>');
    expect(clean).toContain(
      '<a href="https://example.test" target="_blank" rel="noopener noreferrer">good</a>',
    );
    expect(clean).toContain(`<img src="${upload}" />`);
  });

  it('keeps on pages only images the platform stores itself: no tracking pixel reaches a buyer', () => {
    const html =
      '<p>Before<img src="https://tracker.example/pixel.gif?buyer=1" width="1" height="1">' +
      '<img src="http://tracker.example/p.png"><img src="//tracker.example/p.png">' +
      '<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw="><img src="/uploads/../secrets.png">' +
      `<img src="${upload}?track=1"><img src="/api/public/events"><img>` +
      `<img src="${upload}" alt="Stage" width="600" height="300">After</p>`;
    expect(sanitizeRichText(html)).toBe(
      `<p>Before<img src="${upload}" alt="Stage" width="600" height="300" />After</p>`,
    );
    expect(sanitizeOptionalRichText('<img src="https://tracker.example/pixel.gif">')).toBeNull();
  });

  it('keeps https images in what only goes out by email', () => {
    const html = '<p>Hi<img src="https://cdn.example/banner.png" alt="Banner"><script>x</script></p>';
    expect(sanitizeMailRichText(html)).toBe(
      '<p>Hi<img src="https://cdn.example/banner.png" alt="Banner" /></p>',
    );
  });

  it('stores nothing as null', () => {
    expect(sanitizeOptionalRichText('<script>x</script>  ')).toBeNull();
    expect(sanitizeOptionalRichText(null)).toBeNull();
    expect(sanitizeOptionalRichText(undefined)).toBeUndefined();
  });

  it('gives plain text for meta descriptions', () => {
    expect(plainText('<p>Jazz &amp; soul</p><p>all night<br>long</p>')).toBe('Jazz & soul all night long');
  });
});
