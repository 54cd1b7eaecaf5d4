import { QrCode } from '../../shared/ui/QrCode';

/**
 * A ticket's QR code, drawn from the signed payload the API gives (services/admission/ticketCodes.ts): the
 * scanner checks the signature offline. `label` names it for screen readers.
 */
export function TicketCode({ code, label, size = 220 }: { code: string; label: string; size?: number }) {
  return <QrCode text={code} label={label} size={size} className="ticket-code" />;
}
