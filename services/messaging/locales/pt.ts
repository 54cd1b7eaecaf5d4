import type { MailCatalog } from './en';

export const pt: MailCatalog = {
  product: 'Ticket Shop',
  greeting: 'Olá,',
  greetingNamed: 'Olá {name},',
  linkFallback: 'Se o botão não funcionar, copie este endereço para o seu navegador:',
  expiresHours: 'A ligação é válida durante {count, plural, one {# hora} other {# horas}} e só uma vez.',
  expiresDays: 'A ligação é válida durante {count, plural, one {# dia} other {# dias}} e só uma vez.',
  footer: 'Esta mensagem foi enviada por {product}. Se não a esperava, pode ignorá-la.',
  confirmEmailSubject: 'Confirme o seu endereço de e-mail',
  confirmEmailIntro: 'Confirme que {email} é o seu endereço de e-mail.',
  confirmEmailButton: 'Confirmar endereço de e-mail',
  emailChangeSubject: 'Confirme o seu novo endereço de e-mail',
  emailChangeIntro:
    'Pediu para alterar o endereço de e-mail da sua conta para {email}. Confirme a alteração para o começar a usar.',
  emailChangeButton: 'Confirmar novo endereço',
  emailChangeIgnore: 'Se não fez este pedido, ignore este e-mail: o seu endereço não muda.',
  resetPasswordSubject: 'Redefina a sua palavra-passe',
  resetPasswordIntro:
    'Alguém pediu para redefinir a palavra-passe de {email}. Escolha uma nova palavra-passe com o botão abaixo.',
  resetPasswordButton: 'Escolher nova palavra-passe',
  resetPasswordIgnore: 'Se não fez este pedido, ignore este e-mail: a sua palavra-passe não muda.',
  invitationSubject: '{inviter} convidou-o para {account}',
  invitationIntro:
    '{inviter} convidou-o a juntar-se a {account} como {role, select, ADMIN {administrador} other {organizador}}.',
  invitationButton: 'Aceitar convite',
  passwordChangedSubject: 'A sua palavra-passe foi alterada',
  passwordChangedIntro: 'A palavra-passe de {email} acabou de ser alterada.',
  passwordChangedWarning:
    'Se não foi o próprio, escolha já uma nova palavra-passe e avise o seu administrador.',
  passwordChangedButton: 'Escolher nova palavra-passe',
  signUpAttemptSubject: 'Alguém tentou registar-se com o seu endereço de e-mail',
  signUpAttemptIntro:
    'Alguém acabou de tentar criar uma nova conta {product} com {email}. Este endereço já tem uma conta: nada foi criado e nada da sua conta lhe foi mostrado.',
  signUpAttemptYou:
    'Se foi o próprio, inicie sessão com a sua palavra-passe. Se a esqueceu, escolha uma nova: {resetLink}',
  signUpAttemptButton: 'Iniciar sessão',
  signUpAttemptIgnore:
    'Se não foi o próprio, pode ignorar este e-mail: ninguém pode usar a sua conta sem a sua palavra-passe.',
  orderConfirmationSubject: 'A sua encomenda {reference} para {event}',
  orderConfirmationIntro: 'Obrigado pela sua encomenda {reference} para {event}. Total: {total}.',
  orderAwaitingPaymentIntro:
    'A sua encomenda {reference} para {event} está reservada e aguarda o seu pagamento de {total}.',
  orderPaymentInstructions: 'Como pagar: {instructions}',
  orderTicketsFollow: 'Cada participante recebe o seu próprio bilhete por e-mail.',
  orderConfirmationButton: 'Ver a sua encomenda',
  orderEventWhen: '{event} começa em {when}.',
  eventTime: '{dateTime} ({timeZone})',
  summaryTitle: 'A sua encomenda',
  summaryLine: '{quantity} × {title}',
  summaryDiscount: 'Desconto ({code})',
  summaryDiscountWithoutCode: 'Desconto',
  summarySubtotal: 'Subtotal',
  summaryAddedTaxes: 'Impostos adicionais',
  summaryRounding: 'Arredondamento',
  summaryTotal: 'Total',
  summaryIncludedTax: 'Inclui {name}',
  orderCancelledSubject: 'A sua encomenda {reference} para {event} foi cancelada',
  orderCancelledIntro:
    'O organizador cancelou a sua encomenda {reference} para {event}. Os respetivos bilhetes deixaram de ser válidos. Se lhe for reembolsado dinheiro, receberá um e-mail à parte.',
  orderCancelledButton: 'Ver a sua encomenda',
  ticketSubject: 'O seu bilhete para {event}',
  ticketIntro: 'Aqui está o seu bilhete «{ticket}» para {event} em {when}. Mostre o código QR à entrada.',
  ticketCalendar: 'O ficheiro de calendário anexo adiciona o evento ao seu calendário.',
  ticketButton: 'Abrir o seu bilhete',
  ticketQrAlt: 'Código QR do seu bilhete',
  orderNotificationSubject: 'Nova encomenda {reference} para {event}',
  orderNotificationIntro: '{buyer} fez a encomenda {reference} para {event}: {total}.',
  orderNotificationButton: 'Ver a encomenda',
  orderRefundSubject: 'O seu reembolso da encomenda {reference}',
  orderRefundIntro:
    'Reembolsámos {amount} da sua encomenda {reference} para {event}. Pode demorar alguns dias a aparecer no seu extrato.',
  orderLatePaymentRefundIntro:
    'O seu pagamento da encomenda {reference} para {event} chegou depois de a sua reserva ter expirado, e os bilhetes já não estavam disponíveis. Vamos reembolsar o montante total de {amount}; não foi emitido nenhum bilhete.',
  orderRefundButton: 'Ver a sua encomenda',
  eventMessageFooter:
    'Recebe esta mensagem sobre {event} porque tem um bilhete ou uma encomenda para este evento. Foi enviada pelo organizador através de {product}.',
  eventMessageCopyNote: 'Uma cópia da mensagem que enviou sobre {event}.',
  eventMessageTestNote: 'Um teste da sua mensagem sobre {event}: mais ninguém a recebeu.',
};
