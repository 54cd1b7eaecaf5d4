import type { MailCatalog } from './en';

export const de: MailCatalog = {
  product: 'Ticket Shop',
  greeting: 'Hallo,',
  greetingNamed: 'Hallo {name},',
  linkFallback: 'Falls die Schaltfläche nicht funktioniert, kopieren Sie diese Adresse in Ihren Browser:',
  expiresHours: 'Der Link gilt {count, plural, one {# Stunde} other {# Stunden}} lang und nur einmal.',
  expiresDays: 'Der Link gilt {count, plural, one {# Tag} other {# Tage}} lang und nur einmal.',
  footer:
    'Diese Nachricht wurde von {product} gesendet. Wenn Sie sie nicht erwartet haben, können Sie sie ignorieren.',
  confirmEmailSubject: 'Bestätigen Sie Ihre E-Mail-Adresse',
  confirmEmailIntro: 'Bitte bestätigen Sie, dass {email} Ihre E-Mail-Adresse ist.',
  confirmEmailButton: 'E-Mail-Adresse bestätigen',
  emailChangeSubject: 'Bestätigen Sie Ihre neue E-Mail-Adresse',
  emailChangeIntro:
    'Sie möchten die E-Mail-Adresse Ihres Kontos in {email} ändern. Bestätigen Sie die Änderung, um sie zu verwenden.',
  emailChangeButton: 'Neue Adresse bestätigen',
  emailChangeIgnore:
    'Wenn Sie das nicht angefordert haben, ignorieren Sie diese E-Mail: Ihre Adresse bleibt unverändert.',
  resetPasswordSubject: 'Setzen Sie Ihr Passwort zurück',
  resetPasswordIntro:
    'Jemand möchte das Passwort für {email} zurücksetzen. Wählen Sie mit der Schaltfläche unten ein neues Passwort.',
  resetPasswordButton: 'Neues Passwort wählen',
  resetPasswordIgnore:
    'Wenn Sie das nicht angefordert haben, ignorieren Sie diese E-Mail: Ihr Passwort bleibt unverändert.',
  invitationSubject: '{inviter} hat Sie zu {account} eingeladen',
  invitationIntro:
    '{inviter} hat Sie eingeladen, {account} als {role, select, ADMIN {Admin} other {Veranstalter}} beizutreten.',
  invitationButton: 'Einladung annehmen',
  passwordChangedSubject: 'Ihr Passwort wurde geändert',
  passwordChangedIntro: 'Das Passwort für {email} wurde soeben geändert.',
  passwordChangedWarning:
    'Wenn Sie das nicht waren, wählen Sie sofort ein neues Passwort und informieren Sie Ihre Administration.',
  passwordChangedButton: 'Neues Passwort wählen',
  signUpAttemptSubject: 'Jemand wollte sich mit Ihrer E-Mail-Adresse registrieren',
  signUpAttemptIntro:
    'Soeben wollte jemand mit {email} ein neues {product}-Konto anlegen. Zu dieser Adresse gibt es bereits ein Konto: Es wurde nichts angelegt, und über Ihr Konto wurde nichts angezeigt.',
  signUpAttemptYou:
    'Wenn Sie das waren, melden Sie sich mit Ihrem Passwort an. Falls Sie es vergessen haben, wählen Sie ein neues: {resetLink}',
  signUpAttemptButton: 'Anmelden',
  signUpAttemptIgnore:
    'Wenn Sie das nicht waren, können Sie diese E-Mail ignorieren: Ohne Ihr Passwort kann niemand Ihr Konto nutzen.',
  orderConfirmationSubject: 'Ihre Bestellung {reference} für {event}',
  orderConfirmationIntro: 'Vielen Dank für Ihre Bestellung {reference} für {event}. Gesamtbetrag: {total}.',
  orderAwaitingPaymentIntro:
    'Ihre Bestellung {reference} für {event} ist reserviert und wartet auf Ihre Zahlung von {total}.',
  orderPaymentInstructions: 'So bezahlen Sie: {instructions}',
  orderTicketsFollow: 'Jede teilnehmende Person erhält ihr eigenes Ticket per E-Mail.',
  orderConfirmationButton: 'Bestellung ansehen',
  orderEventWhen: '{event} beginnt am {when}.',
  eventTime: '{dateTime} ({timeZone})',
  summaryTitle: 'Ihre Bestellung',
  summaryLine: '{quantity} × {title}',
  summaryDiscount: 'Rabatt ({code})',
  summaryDiscountWithoutCode: 'Rabatt',
  summarySubtotal: 'Zwischensumme',
  summaryAddedTaxes: 'Zusätzliche Steuern',
  summaryRounding: 'Rundung',
  summaryTotal: 'Gesamt',
  summaryIncludedTax: 'Enthält {name}',
  orderCancelledSubject: 'Ihre Bestellung {reference} für {event} wurde storniert',
  orderCancelledIntro:
    'Der Veranstalter hat Ihre Bestellung {reference} für {event} storniert. Ihre Tickets sind nicht mehr gültig. Wenn Ihnen Geld erstattet wird, erhalten Sie dazu eine eigene E-Mail.',
  orderCancelledButton: 'Bestellung ansehen',
  ticketSubject: 'Ihr Ticket für {event}',
  ticketIntro: 'Hier ist Ihr Ticket „{ticket}“ für {event} am {when}. Zeigen Sie den QR-Code am Eingang vor.',
  ticketCalendar: 'Mit der angehängten Kalenderdatei tragen Sie die Veranstaltung in Ihren Kalender ein.',
  ticketButton: 'Ticket öffnen',
  ticketQrAlt: 'QR-Code Ihres Tickets',
  orderNotificationSubject: 'Neue Bestellung {reference} für {event}',
  orderNotificationIntro: '{buyer} hat die Bestellung {reference} für {event} aufgegeben: {total}.',
  orderNotificationButton: 'Bestellung ansehen',
  orderRefundSubject: 'Ihre Erstattung für Bestellung {reference}',
  orderRefundIntro:
    'Wir haben {amount} Ihrer Bestellung {reference} für {event} erstattet. Es kann einige Tage dauern, bis der Betrag auf Ihrem Konto erscheint.',
  orderLatePaymentRefundIntro:
    'Ihre Zahlung für die Bestellung {reference} für {event} ist eingegangen, nachdem Ihre Reservierung abgelaufen war, und die Tickets waren nicht mehr verfügbar. Wir erstatten den vollen Betrag von {amount}; es wurden keine Tickets ausgestellt.',
  orderRefundButton: 'Bestellung ansehen',
  eventMessageFooter:
    'Sie erhalten diese Nachricht zu {event}, weil Sie dafür ein Ticket oder eine Bestellung haben. Sie wurde vom Veranstalter über {product} gesendet.',
  eventMessageCopyNote: 'Eine Kopie der Nachricht, die Sie zu {event} gesendet haben.',
  eventMessageTestNote: 'Ein Test Ihrer Nachricht zu {event}: Nur Sie haben ihn erhalten.',
  invoiceTitle: 'Rechnung',
  creditNoteTitle: 'Stornorechnung',
  invoiceNumberLabel: 'Nummer',
  invoiceDateLabel: 'Datum',
  invoiceSellerLabel: 'Verkäufer',
  invoiceBuyerLabel: 'Rechnungsempfänger',
  invoiceVatIdLabel: 'USt-IdNr.',
  invoiceDescriptionLabel: 'Beschreibung',
  invoiceQuantityLabel: 'Menge',
  invoiceNetLabel: 'Netto',
  invoiceTaxLabel: 'Steuer',
  invoiceGrossLabel: 'Brutto',
  invoiceTotalLabel: 'Gesamt',
  creditNoteCancels: 'Storniert Rechnung {number}',
};
