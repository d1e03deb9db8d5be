import type { OutgoingMail } from './mail-sender';

/** The Russian letters Kort sends. Codes appear here and nowhere else (never in logs). */
export const letters = {
  /** A notice that is one paragraph (payments' notices): its title is the subject. */
  plain: (to: string, subject: string, body: string): OutgoingMail => ({
    to,
    subject,
    text: ['Здравствуйте!', '', body, '', 'Корт'].join('\n'),
  }),

  activationCode: (to: string, code: string): OutgoingMail => ({
    to,
    subject: `Код подтверждения: ${code}`,
    text: [
      'Здравствуйте!',
      '',
      `Ваш код для подтверждения регистрации: ${code}`,
      '',
      'Код действует 10 минут. Если вы не регистрировались, просто проигнорируйте это письмо.',
      '',
      'Корт',
    ].join('\n'),
  }),

  passwordResetCode: (to: string, code: string): OutgoingMail => ({
    to,
    subject: `Код для восстановления пароля: ${code}`,
    text: [
      'Здравствуйте!',
      '',
      `Ваш код для восстановления пароля: ${code}`,
      '',
      'Код действует 10 минут. Если вы не запрашивали восстановление, просто проигнорируйте это письмо: пароль останется прежним.',
      '',
      'Корт',
    ].join('\n'),
  }),

  gameReminder: (to: string, game: { date: string; weekday: string; time: string; court: string }): OutgoingMail => ({
    to,
    subject: `Напоминание: игра в ${game.time}, ${game.court}`,
    text: [
      'Здравствуйте!',
      '',
      `Напоминаем об игре: ${game.date} (${game.weekday}) в ${game.time}, ${game.court}.`,
      '',
      'Дверь откроется по коду, который появится на экране у входа за 15 минут до начала.',
      'Если планы изменились, отмените игру в приложении не позднее чем за 1 час до начала.',
      '',
      'Корт',
    ].join('\n'),
  }),

  noShow: (to: string, game: { date: string; time: string; afterMin: number }): OutgoingMail => ({
    to,
    subject: `Неявка: игра ${game.date} в ${game.time}`,
    text: [
      'Здравствуйте!',
      '',
      `Ваша игра ${game.date} в ${game.time} отмечена как неявка: дверь не открыли в течение ${game.afterMin} минут после начала, и корт освобождён для других игроков.`,
      '',
      'Если планы меняются, отменяйте игру в приложении не позднее чем за 1 час до начала: после нескольких неявок запись приостанавливается на несколько дней.',
      'Если вы были на корте, напишите клубу: администратор может отменить отметку.',
      '',
      'Корт',
    ].join('\n'),
  }),

  waitlistOffer: (
    to: string,
    slot: { date: string; time: string; court: string; holdMinutes: number },
  ): OutgoingMail => ({
    to,
    subject: `Корт освободился: ${slot.time}, ${slot.court}`,
    text: [
      'Здравствуйте!',
      '',
      `Корт освободился: ${slot.date}, ${slot.time}, ${slot.court}. Вы первый в очереди.`,
      `Мы держим его для вас ${slot.holdMinutes} минут: подтвердите игру в приложении, в разделе «Мои игры».`,
      'Если не подтвердить, корт перейдёт следующему в очереди.',
      '',
      'Корт',
    ].join('\n'),
  }),

  waitlistSkipped: (to: string, slot: { date: string; time: string; court: string; reason: string }): OutgoingMail => ({
    to,
    subject: `Очередь: ${slot.court} в ${slot.time} передан следующему`,
    text: [
      'Здравствуйте!',
      '',
      `Корт освободился (${slot.date}, ${slot.time}, ${slot.court}), но записать вас не получилось: ${slot.reason}.`,
      'Корт передан следующему в очереди.',
      '',
      'Корт',
    ].join('\n'),
  }),

  waitlistClosed: (to: string, slot: { date: string; time: string; reason: string }): OutgoingMail => ({
    to,
    subject: `Очередь: ${slot.date}, ${slot.time} — клуб закрыт`,
    text: [
      'Здравствуйте!',
      '',
      `Вы стояли в очереди на ${slot.date}, ${slot.time}. В это время клуб закрыт: ${slot.reason}.`,
      'Место в очереди снято. Выберите другое время в приложении.',
      '',
      'Корт',
    ].join('\n'),
  }),

  /** The club cancelled the game: from the dashboard, or with a reason (a closure, a court switched off). */
  gameCancelledByClub: (
    to: string,
    name: string,
    game: { date: string; weekday: string; time: string; court: string },
    reason?: string,
  ): OutgoingMail => ({
    to,
    subject: `Игра отменена клубом: ${game.date}, ${game.time}`,
    text: [
      `${name}, здравствуйте!`,
      '',
      `Администратор клуба отменил вашу игру: ${game.date} (${game.weekday}) в ${game.time}, ${game.court}.`,
      ...(reason ? [`Причина: ${reason}.`] : []),
      '',
      'Приносим извинения. Вы можете забронировать другое время в приложении;',
      'если у вас есть вопросы, свяжитесь с администратором клуба (контакты есть в профиле).',
      '',
      'Корт',
    ].join('\n'),
  }),

  accountDeleted: (to: string, name: string): OutgoingMail => ({
    to,
    subject: 'Ваш профиль удалён',
    text: [
      `${name}, здравствуйте!`,
      '',
      'Ваш профиль удалён. Через 10 дней все ваши данные будут стёрты безвозвратно.',
      'Если вы удалили профиль по ошибке, до этого срока его может восстановить администратор клуба.',
      '',
      'Корт',
    ].join('\n'),
  }),
};
