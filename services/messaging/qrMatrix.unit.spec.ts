import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { formatBits, qrMatrix, type QrLevel } from './qrMatrix';

/** Texts of every length a ticket code or a link can have, in the byte, alphanumeric and numeric modes. */
function texts(): string[] {
  const out: string[] = [];
  let seed = 7;
  const random = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32;
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.~:/?=&';
  for (let length = 1; length <= 400; length += 1 + Math.floor(random() * 6)) {
    out.push(Array.from({ length }, () => alphabet[Math.floor(random() * alphabet.length)]).join(''));
    out.push('7'.repeat(length));
    out.push('HTTPS://EXAMPLE.ORG/T/'.concat('A1'.repeat(length)).slice(0, length + 22));
  }
  return out;
}

describe('QR code modules', () => {
  it.each(['L', 'M', 'Q', 'H'] as QrLevel[])(
    'are those qrcode builds, mask choice included, at level %s',
    (level) => {
      const masks = new Set<number>();
      for (const text of texts()) {
        const theirs = QRCode.create(text, { errorCorrectionLevel: level });
        const ours = qrMatrix(text, level);
        masks.add(theirs.maskPattern as unknown as number);
        expect(ours.size, text).toBe(theirs.modules.size);
        if (!Buffer.from(ours.modules).equals(Buffer.from(theirs.modules.data)))
          throw new Error(`modules differ for ${text} (qrcode chose mask ${String(theirs.maskPattern)})`);
      }
      // The comparison covered symbols whose best mask is each of several patterns, not one fixed mask.
      expect(masks.size).toBeGreaterThanOrEqual(6);
    },
    // qrcode's own choice of mask, the slow thing qrMatrix replaces, is a second per level on a quiet machine.
    60_000,
  );

  it('write the format information of ISO/IEC 18004 annex C', () => {
    // Level M, mask 5 is the standard's worked example: 100000011001110.
    expect(formatBits('M', 5).toString(2).padStart(15, '0')).toBe('100000011001110');
    expect(formatBits('L', 0).toString(2).padStart(15, '0')).toBe('111011111000100');
  });
});
