import { useEffect, useState } from 'react';
import { toString as qrSvg } from 'qrcode';
import './qrCode.css';

/**
 * A QR code of `text`, drawn in the browser as SVG (qrcode's own markup: paths only, from the text), on white
 * with a quiet zone so phone cameras read it in either colour scheme. `label` names it for screen readers.
 */
export function QrCode({
  text,
  label,
  size = 220,
  className,
}: {
  text: string;
  label: string;
  size?: number;
  className?: string;
}) {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let cancelled = false;
    qrSvg(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2, width: size })
      .then((drawn) => {
        if (!cancelled) setSvg(drawn);
      })
      .catch(() => {
        if (!cancelled) setSvg(null);
      });
    return () => {
      cancelled = true;
    };
  }, [text, size]);
  return (
    <div
      className={className ? `qr-code ${className}` : 'qr-code'}
      role="img"
      aria-label={label}
      style={{ width: size, height: size }}
      dangerouslySetInnerHTML={svg ? { __html: svg } : undefined}
    />
  );
}
