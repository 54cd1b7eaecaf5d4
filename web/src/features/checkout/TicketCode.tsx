import { useEffect, useState } from 'react';
import { toString as qrSvg } from 'qrcode';

/**
 * A ticket's QR code, drawn in the browser as SVG from the signed payload the API gives (services/admission/
 * ticketCodes.ts): the scanner checks the signature offline. `label` names it for screen readers.
 */
export function TicketCode({ code, label, size = 220 }: { code: string; label: string; size?: number }) {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let cancelled = false;
    qrSvg(code, { type: 'svg', errorCorrectionLevel: 'M', margin: 2, width: size })
      .then((drawn) => {
        if (!cancelled) setSvg(drawn);
      })
      .catch(() => {
        if (!cancelled) setSvg(null);
      });
    return () => {
      cancelled = true;
    };
  }, [code, size]);
  return (
    <div
      className="ticket-code"
      role="img"
      aria-label={label}
      style={{ width: size, height: size }}
      // qrcode's own SVG markup (paths only), from the code's text.
      dangerouslySetInnerHTML={svg ? { __html: svg } : undefined}
    />
  );
}
