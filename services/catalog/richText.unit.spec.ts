import { describe, expect, it } from 'vitest';
import { plainText, sanitizeOptionalRichText, sanitizeRichText } from './richText';

describe('rich text is sanitised on the server', () => {
  it('removes scripts, event handlers and javascript: URLs, keeping the formatting', () => {
    const dirty =
      '<p onclick="steal()">Hello <strong>world</strong><script>alert(1)</script>' +
      '<a href="javascript:alert(1)">bad</a> <a href="https://example.test" target="_blank">good</a>' +
      '<img src="https://example.test/x.png" onerror="alert(1)"><iframe src="https://evil.test"></iframe><style>*{}</style></p>';
    const clean = sanitizeRichText(dirty);
    expect(clean).not.toMatch(/script|onclick|onerror|javascript:|iframe|style/i);
    expect(clean).toContain('<strong>world</strong>');
    expect(clean).toContain(
      '<a href="https://example.test" target="_blank" rel="noopener noreferrer">good</a>',
    );
    expect(clean).toContain('<img src="https://example.test/x.png" />');
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
