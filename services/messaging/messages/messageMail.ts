import { plainText } from '../../catalog/richText';
import { isSupportedLocale, mailCatalogs, type MailMessageKey, type SupportedLocale } from '../locales';
import { escapeHtml, mailSay, type RenderedMail } from '../templates';

/**
 * An organizer's message as a mail: their subject and (sanitised) rich text, in a frame written in the
 * recipient's language that says why they receive it. `note` marks the sender's copy and a test.
 */
export type MessageMailKind = 'recipient' | 'copy' | 'test';

const notes: Record<MessageMailKind, MailMessageKey | null> = {
  recipient: null,
  copy: 'eventMessageCopyNote',
  test: 'eventMessageTestNote',
};

export function renderEventMessage(
  locale: string,
  message: { subject: string; html: string; event: string; kind: MessageMailKind },
): RenderedMail {
  const chosen: SupportedLocale = isSupportedLocale(locale) ? locale : 'en';
  const words = mailSay(chosen);
  const product = words('product');
  const say = (key: MailMessageKey) => words(key, { product, event: message.event });
  const noteKey = notes[message.kind];
  const note = noteKey ? say(noteKey) : null;
  const footer = say('eventMessageFooter');
  const text = [...(note ? [note, '--'] : []), plainText(message.html), '--', footer].join('\n\n');
  const e = escapeHtml;
  const html = `<!doctype html>
<html lang="${e(mailCatalogs[chosen].tag)}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${e(message.subject)}</title></head>
<body style="margin:0;padding:24px;background:#f6f7f9;font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#1c2127">
<div style="max-width:560px;margin:0 auto;padding:32px;background:#ffffff;border:1px solid #dce0e5;border-radius:8px">
${note ? `<p style="margin:0 0 16px;padding:8px 12px;background:#fbf3e6;border-radius:4px;font-size:13px">${e(note)}</p>\n` : ''}<div style="line-height:1.5">${message.html}</div>
<p style="margin:24px 0 0;font-size:12px;color:#5f6b7c">${e(footer)}</p>
</div>
</body>
</html>
`;
  return { subject: message.subject, text, html };
}
