import { describe, expect, it } from 'vitest';
import { injectHead, publicEventPath } from './eventHead';

const index =
  '<!doctype html><html><head><meta charset="UTF-8" /><title>Ticket Shop</title></head><body></body></html>';

describe('the public event page head', () => {
  it('replaces the generic title with the SEO title, description, keywords, image and canonical link', () => {
    const html = injectHead(index, {
      title: 'Jazz "night" <live>',
      description: 'Music & more',
      keywords: 'jazz, berlin',
      imageUrl: 'https://shop.test/uploads/a.png',
      canonicalUrl: 'https://shop.test/event/ev_1/jazz',
      indexable: true,
    });
    expect(html).toContain('<title>Jazz &quot;night&quot; &lt;live&gt;</title>');
    expect(html).not.toContain('<title>Ticket Shop</title>');
    expect(html).toContain('<meta name="description" content="Music &amp; more" />');
    expect(html).toContain('<meta name="keywords" content="jazz, berlin" />');
    expect(html).toContain('<meta property="og:image" content="https://shop.test/uploads/a.png" />');
    expect(html).toContain('<link rel="canonical" href="https://shop.test/event/ev_1/jazz" />');
    expect(html).not.toContain('noindex');
  });

  it('tells robots not to index when the event does not allow it', () => {
    const html = injectHead(index, {
      title: 'Private',
      description: '',
      keywords: null,
      imageUrl: null,
      canonicalUrl: 'https://shop.test/e/ev_1/private',
      indexable: false,
    });
    expect(html).toContain('<meta name="robots" content="noindex, nofollow" />');
    expect(html).not.toContain('og:image');
  });

  it('keeps $ sequences in user text as they are, without corrupting the rest of the page', () => {
    const title = "Price $& $' $` $$ $1 $<name>";
    const html = injectHead(index, {
      title,
      description: "Only $' today",
      keywords: '$`',
      imageUrl: null,
      canonicalUrl: 'https://shop.test/e/ev_1/price',
      indexable: true,
    });
    expect(html).toContain(`<title>Price $&amp; $&#39; $\` $$ $1 $&lt;name&gt;</title>`);
    expect(html).toContain('<meta name="description" content="Only $&#39; today" />');
    expect(html).toContain('<meta name="keywords" content="$`" />');
    expect(html.startsWith('<!doctype html><html><head><meta charset="UTF-8" /><title>')).toBe(true);
    expect(html.endsWith('</head><body></body></html>')).toBe(true);
    expect(html.match(/<title>/g)).toHaveLength(1);
  });

  it('recognises both public event routes', () => {
    expect(publicEventPath.exec('/e/ev_abcd1234/some-slug')?.[1]).toBe('ev_abcd1234');
    expect(publicEventPath.exec('/event/ev_abcd1234/some-slug')?.[1]).toBe('ev_abcd1234');
    expect(publicEventPath.exec('/manage/event/ev_abcd1234')).toBeNull();
  });
});
