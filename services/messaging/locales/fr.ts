import type { MailCatalog } from './en';

export const fr: MailCatalog = {
  product: 'Ticket Shop',
  greeting: 'Bonjour,',
  greetingNamed: 'Bonjour {name},',
  linkFallback: 'Si le bouton ne fonctionne pas, copiez cette adresse dans votre navigateur :',
  expiresHours: 'Le lien est valable {count, plural, one {# heure} other {# heures}}, une seule fois.',
  expiresDays: 'Le lien est valable {count, plural, one {# jour} other {# jours}}, une seule fois.',
  footer: 'Ce message a été envoyé par {product}. Si vous ne l’attendiez pas, vous pouvez l’ignorer.',
  confirmEmailSubject: 'Confirmez votre adresse e-mail',
  confirmEmailIntro: 'Veuillez confirmer que {email} est bien votre adresse e-mail.',
  confirmEmailButton: 'Confirmer l’adresse e-mail',
  emailChangeSubject: 'Confirmez votre nouvelle adresse e-mail',
  emailChangeIntro:
    'Vous avez demandé à remplacer l’adresse e-mail de votre compte par {email}. Confirmez le changement pour l’utiliser.',
  emailChangeButton: 'Confirmer la nouvelle adresse',
  emailChangeIgnore: 'Si vous n’avez rien demandé, ignorez cet e-mail : votre adresse ne change pas.',
  resetPasswordSubject: 'Réinitialisez votre mot de passe',
  resetPasswordIntro:
    'Quelqu’un a demandé à réinitialiser le mot de passe de {email}. Choisissez un nouveau mot de passe avec le bouton ci-dessous.',
  resetPasswordButton: 'Choisir un nouveau mot de passe',
  resetPasswordIgnore: 'Si vous n’avez rien demandé, ignorez cet e-mail : votre mot de passe ne change pas.',
  invitationSubject: '{inviter} vous invite à rejoindre {account}',
  invitationIntro:
    '{inviter} vous invite à rejoindre {account} en tant {role, select, ADMIN {qu’administrateur} other {qu’organisateur}}.',
  invitationButton: 'Accepter l’invitation',
  passwordChangedSubject: 'Votre mot de passe a été modifié',
  passwordChangedIntro: 'Le mot de passe de {email} vient d’être modifié.',
  passwordChangedWarning:
    'Si ce n’était pas vous, choisissez immédiatement un nouveau mot de passe et prévenez votre administrateur.',
  passwordChangedButton: 'Choisir un nouveau mot de passe',
  signUpAttemptSubject: 'Quelqu’un a tenté de s’inscrire avec votre adresse e-mail',
  signUpAttemptIntro:
    'Quelqu’un vient de tenter de créer un nouveau compte {product} avec {email}. Cette adresse a déjà un compte : rien n’a été créé, et rien de votre compte ne lui a été montré.',
  signUpAttemptYou:
    'Si c’était vous, connectez-vous avec votre mot de passe. Si vous l’avez oublié, choisissez-en un nouveau : {resetLink}',
  signUpAttemptButton: 'Se connecter',
  signUpAttemptIgnore:
    'Si ce n’était pas vous, vous pouvez ignorer cet e-mail : personne ne peut utiliser votre compte sans votre mot de passe.',
  orderConfirmationSubject: 'Votre commande {reference} pour {event}',
  orderConfirmationIntro: 'Merci pour votre commande {reference} pour {event}. Total : {total}.',
  orderAwaitingPaymentIntro:
    'Votre commande {reference} pour {event} est réservée et attend votre paiement de {total}.',
  orderPaymentInstructions: 'Comment payer : {instructions}',
  orderTicketsFollow: 'Chaque participant reçoit son propre billet par e-mail.',
  orderConfirmationButton: 'Voir votre commande',
  orderEventWhen: '{event} commence le {when}.',
  eventTime: '{dateTime} ({timeZone})',
  summaryTitle: 'Votre commande',
  summaryLine: '{quantity} × {title}',
  summaryDiscount: 'Remise ({code})',
  summaryDiscountWithoutCode: 'Remise',
  summarySubtotal: 'Sous-total',
  summaryAddedTaxes: 'Taxes supplémentaires',
  summaryRounding: 'Arrondi',
  summaryTotal: 'Total',
  summaryIncludedTax: 'Dont {name}',
  orderCancelledSubject: 'Votre commande {reference} pour {event} a été annulée',
  orderCancelledIntro:
    'L’organisateur a annulé votre commande {reference} pour {event}. Ses billets ne sont plus valables. Si de l’argent vous est remboursé, vous recevrez un e-mail séparé.',
  orderCancelledButton: 'Voir votre commande',
  ticketSubject: 'Votre billet pour {event}',
  ticketIntro: 'Voici votre billet « {ticket} » pour {event} le {when}. Présentez le code QR à l’entrée.',
  ticketCalendar: 'Le fichier de calendrier joint ajoute l’événement à votre agenda.',
  ticketButton: 'Ouvrir votre billet',
  ticketQrAlt: 'Code QR de votre billet',
  orderNotificationSubject: 'Nouvelle commande {reference} pour {event}',
  orderNotificationIntro: '{buyer} a passé la commande {reference} pour {event} : {total}.',
  orderNotificationButton: 'Voir la commande',
  orderRefundSubject: 'Votre remboursement pour la commande {reference}',
  orderRefundIntro:
    'Nous avons remboursé {amount} de votre commande {reference} pour {event}. Il peut falloir quelques jours pour que cela apparaisse sur votre relevé.',
  orderLatePaymentRefundIntro:
    'Votre paiement pour la commande {reference} pour {event} est arrivé après l’expiration de votre réservation, et les billets n’étaient plus disponibles. Nous remboursons la totalité du montant de {amount} ; aucun billet n’a été émis.',
  orderRefundButton: 'Voir votre commande',
  eventMessageFooter:
    "Vous recevez ce message au sujet de {event} parce que vous avez un billet ou une commande pour cet événement. Il a été envoyé par l'organisateur via {product}.",
  eventMessageCopyNote: 'Une copie du message que vous avez envoyé au sujet de {event}.',
  eventMessageTestNote: "Un test de votre message au sujet de {event} : vous seul l'avez reçu.",
};
