import type { MailCatalog } from './en';

export const es: MailCatalog = {
  product: 'Ticket Shop',
  greeting: 'Hola:',
  greetingNamed: 'Hola, {name}:',
  linkFallback: 'Si el botón no funciona, copia esta dirección en tu navegador:',
  expiresHours: 'El enlace es válido durante {count, plural, one {# hora} other {# horas}} y una sola vez.',
  expiresDays: 'El enlace es válido durante {count, plural, one {# día} other {# días}} y una sola vez.',
  footer: 'Este mensaje lo ha enviado {product}. Si no lo esperabas, puedes ignorarlo.',
  confirmEmailSubject: 'Confirma tu dirección de correo electrónico',
  confirmEmailIntro: 'Confirma que {email} es tu dirección de correo electrónico.',
  confirmEmailButton: 'Confirmar dirección de correo',
  emailChangeSubject: 'Confirma tu nueva dirección de correo electrónico',
  emailChangeIntro:
    'Has pedido cambiar la dirección de correo de tu cuenta a {email}. Confirma el cambio para empezar a usarla.',
  emailChangeButton: 'Confirmar la nueva dirección',
  emailChangeIgnore: 'Si no lo has pedido tú, ignora este correo: tu dirección no cambia.',
  resetPasswordSubject: 'Restablece tu contraseña',
  resetPasswordIntro:
    'Alguien ha pedido restablecer la contraseña de {email}. Elige una contraseña nueva con el botón de abajo.',
  resetPasswordButton: 'Elegir una contraseña nueva',
  resetPasswordIgnore: 'Si no lo has pedido tú, ignora este correo: tu contraseña no cambia.',
  invitationSubject: '{inviter} te ha invitado a unirte a {account}',
  invitationIntro:
    '{inviter} te ha invitado a unirte a {account} como {role, select, ADMIN {administrador} other {organizador}}.',
  invitationButton: 'Aceptar la invitación',
  passwordChangedSubject: 'Tu contraseña ha cambiado',
  passwordChangedIntro: 'Se acaba de cambiar la contraseña de {email}.',
  passwordChangedWarning:
    'Si no has sido tú, elige una contraseña nueva ahora mismo y avisa a tu administrador.',
  passwordChangedButton: 'Elegir una contraseña nueva',
  signUpAttemptSubject: 'Alguien intentó registrarse con tu dirección de correo',
  signUpAttemptIntro:
    'Alguien acaba de intentar crear una cuenta nueva de {product} con {email}. Esta dirección ya tiene una cuenta, así que no se ha creado nada y no se le ha mostrado nada de tu cuenta.',
  signUpAttemptYou:
    'Si fuiste tú, inicia sesión con tu contraseña. Si la has olvidado, elige una nueva: {resetLink}',
  signUpAttemptButton: 'Iniciar sesión',
  signUpAttemptIgnore:
    'Si no fuiste tú, puedes ignorar este correo: nadie puede usar tu cuenta sin tu contraseña.',
  orderConfirmationSubject: 'Tu pedido {reference} para {event}',
  orderConfirmationIntro: 'Gracias por tu pedido {reference} para {event}. Total: {total}.',
  orderAwaitingPaymentIntro:
    'Tu pedido {reference} para {event} está reservado y pendiente de tu pago de {total}.',
  orderPaymentInstructions: 'Cómo pagar: {instructions}',
  orderTicketsFollow: 'Cada asistente recibe su propia entrada por correo electrónico.',
  orderConfirmationButton: 'Ver tu pedido',
  orderEventWhen: '{event} empieza el {when}.',
  eventTime: '{dateTime} ({timeZone})',
  summaryTitle: 'Tu pedido',
  summaryLine: '{quantity} × {title}',
  summaryDiscount: 'Descuento ({code})',
  summaryDiscountWithoutCode: 'Descuento',
  summarySubtotal: 'Subtotal',
  summaryAddedTaxes: 'Impuestos adicionales',
  summaryRounding: 'Redondeo',
  summaryTotal: 'Total',
  summaryIncludedTax: 'Incluye {name}',
  orderCancelledSubject: 'Tu pedido {reference} para {event} se ha cancelado',
  orderCancelledIntro:
    'El organizador ha cancelado tu pedido {reference} para {event}. Sus entradas ya no son válidas. Si se te reembolsa dinero, recibirás un correo electrónico aparte.',
  orderCancelledButton: 'Ver tu pedido',
  ticketSubject: 'Tu entrada para {event}',
  ticketIntro:
    'Aquí tienes tu entrada «{ticket}» para {event} el {when}. Muestra el código QR en la entrada.',
  ticketCalendar: 'El archivo de calendario adjunto añade el evento a tu calendario.',
  ticketButton: 'Abrir tu entrada',
  ticketQrAlt: 'Código QR de tu entrada',
  orderNotificationSubject: 'Nuevo pedido {reference} para {event}',
  orderNotificationIntro: '{buyer} ha realizado el pedido {reference} para {event}: {total}.',
  orderNotificationButton: 'Ver el pedido',
  orderRefundSubject: 'Su reembolso del pedido {reference}',
  orderRefundIntro:
    'Hemos reembolsado {amount} de su pedido {reference} para {event}. Puede tardar unos días en aparecer en su extracto.',
  orderLatePaymentRefundIntro:
    'Su pago del pedido {reference} para {event} llegó después de que su reserva hubiera caducado, y las entradas ya no estaban disponibles. Le reembolsamos el importe completo de {amount}; no se emitió ninguna entrada.',
  orderRefundButton: 'Ver su pedido',
  eventMessageFooter:
    'Recibes este mensaje sobre {event} porque tienes una entrada o un pedido para este evento. Lo ha enviado el organizador a través de {product}.',
  eventMessageCopyNote: 'Una copia del mensaje que enviaste sobre {event}.',
  eventMessageTestNote: 'Una prueba de tu mensaje sobre {event}: solo tú lo has recibido.',
  pdfTicketTitle: 'Entrada',
  pdfOrderTitle: 'Entradas del pedido {reference}',
  pdfAttendee: 'Asistente',
  pdfTicketType: 'Entrada',
  pdfWhen: 'Cuándo',
  pdfWhere: 'Dónde',
  pdfOnline: 'En línea',
  pdfOrder: 'Pedido',
  pdfTicketNumber: 'Número de entrada',
  pdfShowCode:
    'Muestra este código QR en la entrada. Cada entrada permite el acceso de una persona una sola vez.',
};
