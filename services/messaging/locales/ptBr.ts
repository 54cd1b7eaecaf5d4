import type { MailCatalog } from './en';

export const ptBr: MailCatalog = {
  product: 'Ticket Shop',
  greeting: 'Olá,',
  greetingNamed: 'Olá, {name},',
  linkFallback: 'Se o botão não funcionar, copie este endereço no seu navegador:',
  expiresHours: 'O link vale por {count, plural, one {# hora} other {# horas}} e só pode ser usado uma vez.',
  expiresDays: 'O link vale por {count, plural, one {# dia} other {# dias}} e só pode ser usado uma vez.',
  footer: 'Esta mensagem foi enviada por {product}. Se você não a esperava, pode ignorá-la.',
  confirmEmailSubject: 'Confirme seu endereço de e-mail',
  confirmEmailIntro: 'Confirme que {email} é o seu endereço de e-mail.',
  confirmEmailButton: 'Confirmar endereço de e-mail',
  emailChangeSubject: 'Confirme seu novo endereço de e-mail',
  emailChangeIntro:
    'Você pediu para trocar o e-mail da sua conta para {email}. Confirme a troca para começar a usá-lo.',
  emailChangeButton: 'Confirmar novo endereço',
  emailChangeIgnore: 'Se você não pediu isso, ignore este e-mail: seu endereço continua o mesmo.',
  resetPasswordSubject: 'Redefina sua senha',
  resetPasswordIntro:
    'Alguém pediu para redefinir a senha de {email}. Escolha uma nova senha com o botão abaixo.',
  resetPasswordButton: 'Escolher nova senha',
  resetPasswordIgnore: 'Se você não pediu isso, ignore este e-mail: sua senha continua a mesma.',
  invitationSubject: '{inviter} convidou você para {account}',
  invitationIntro:
    '{inviter} convidou você para participar de {account} como {role, select, ADMIN {administrador} other {organizador}}.',
  invitationButton: 'Aceitar convite',
  passwordChangedSubject: 'Sua senha foi alterada',
  passwordChangedIntro: 'A senha de {email} acabou de ser alterada.',
  passwordChangedWarning: 'Se não foi você, escolha uma nova senha agora mesmo e avise seu administrador.',
  passwordChangedButton: 'Escolher nova senha',
  signUpAttemptSubject: 'Alguém tentou se cadastrar com o seu endereço de e-mail',
  signUpAttemptIntro:
    'Alguém acabou de tentar criar uma nova conta {product} com {email}. Este endereço já tem uma conta: nada foi criado e nada da sua conta foi mostrado.',
  signUpAttemptYou:
    'Se foi você, faça login com a sua senha. Se você a esqueceu, escolha uma nova: {resetLink}',
  signUpAttemptButton: 'Fazer login',
  signUpAttemptIgnore:
    'Se não foi você, pode ignorar este e-mail: ninguém consegue usar a sua conta sem a sua senha.',
  orderConfirmationSubject: 'Seu pedido {reference} para {event}',
  orderConfirmationIntro: 'Obrigado pelo seu pedido {reference} para {event}. Total: {total}.',
  orderAwaitingPaymentIntro:
    'Seu pedido {reference} para {event} está reservado e aguarda seu pagamento de {total}.',
  orderPaymentInstructions: 'Como pagar: {instructions}',
  orderTicketsFollow: 'Cada participante recebe o próprio ingresso por e-mail.',
  orderConfirmationButton: 'Ver seu pedido',
  ticketSubject: 'Seu ingresso para {event}',
  ticketIntro: 'Aqui está seu ingresso "{ticket}" para {event} em {when}. Mostre o QR code na entrada.',
  ticketCalendar: 'O arquivo de calendário anexo adiciona o evento à sua agenda.',
  ticketButton: 'Abrir seu ingresso',
  ticketQrAlt: 'QR code do seu ingresso',
  orderNotificationSubject: 'Novo pedido {reference} para {event}',
  orderNotificationIntro: '{buyer} fez o pedido {reference} para {event}: {total}.',
  orderNotificationButton: 'Ver o pedido',
  orderRefundSubject: 'Seu reembolso do pedido {reference}',
  orderRefundIntro:
    'Reembolsamos {amount} do seu pedido {reference} para {event}. Pode levar alguns dias para aparecer no seu extrato.',
  orderLatePaymentRefundIntro:
    'Seu pagamento do pedido {reference} para {event} chegou depois que sua reserva expirou, e os ingressos não estavam mais disponíveis. Estamos reembolsando o valor total de {amount}; nenhum ingresso foi emitido.',
  orderRefundButton: 'Ver seu pedido',
  eventMessageFooter:
    'Você recebe esta mensagem sobre {event} porque tem um ingresso ou um pedido para este evento. Ela foi enviada pelo organizador por meio de {product}.',
  eventMessageCopyNote: 'Uma cópia da mensagem que você enviou sobre {event}.',
  eventMessageTestNote: 'Um teste da sua mensagem sobre {event}: só você a recebeu.',
};
