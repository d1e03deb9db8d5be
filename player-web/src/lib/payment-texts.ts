/**
 * The texts of paying for a game (the prices on the booking screens, the payment step, the money of
 * a game in My games and on its card): part of the player app's one messages module, `ui` of
 * ./messages, which spreads them in. Amounts come already written («1 500 ₽», lib/money.ts).
 */
export const paymentTexts = {
  payment: {
    // The booking screens
    /** A court's price beside its name, when the courts cost differently at that hour. */
    free: 'бесплатно',
    /** Under the date and hour of the court step, when every court costs the same. */
    hourPrice: (amount: string) => `Стоимость: ${amount}`,
    /** The summary's row: «К оплате: 1 500 ₽». */
    due: 'К оплате',
    dueHint: 'После подтверждения игру нужно будет оплатить картой или через СБП, иначе бронь снимется.',

    // The payment step and the payment dialog
    title: 'Оплата игры',
    /** 'Игра ждёт оплаты ещё 14:32' */
    holdLeft: (minutes: number, seconds: number) =>
      `Игра ждёт оплаты ещё ${minutes}:${String(seconds).padStart(2, '0')}`,
    holdOver: 'Время на оплату вышло: игра снята. Забронируйте час снова',
    byCard: 'Оплатить картой',
    bySbp: 'Оплатить через СБП',
    /** While POST /api/payments/ is on its way, and then while the bank's page opens. */
    opening: 'Открываем страницу оплаты…',
    later: 'Оплатить позже',
    laterHint: (until: string) => `Оплатить можно и позже в «Моих играх» — до ${until}.`,
    toMyGames: 'К моим играм',

    // A game's money in My games and on its card
    pay: 'Оплатить',
    /** 'Оплатить игру 25 ноября 2026, 18:00': the button's name beside a card. */
    payFor: (game: string) => `Оплатить игру ${game}`,
    pendingUntil: (time: string) => `Ждёт оплаты до ${time}`,
    paid: (amount: string) => `Оплачено ${amount}`,
    refunded: (amount: string) => `Возвращено ${amount}`,
    partlyRefunded: (paid: string, refunded: string) => `Оплачено ${paid}, возвращено ${refunded}`,

    // The cancel question of a paid game: what the cancellation returns
    refundAll: (amount: string) => `Вернём ${amount} тем же способом, которым вы платили.`,
    refundPart: (amount: string, paid: string) =>
      `Вернём ${amount} из ${paid}: по правилам клуба при поздней отмене возвращается только часть.`,
    refundNone: 'По правилам клуба деньги не вернутся: до игры осталось слишком мало времени.',

    // My games after the bank's page (/profile?payment=<game>)
    checking: 'Проверяем оплату…',
    checkingHint: 'Это займёт несколько секунд.',
    paidTitle: 'Оплачено',
    /** '25 ноября 2026, 18:00, корт 2 — 1 500 ₽' */
    paidWhat: (game: string, amount: string) => `${game} — ${amount}`,
    goneTitle: 'Игры нет в списке',
    goneHint: 'Скорее всего, время на оплату вышло и бронь снята. Если деньги всё же списались, свяжитесь с клубом.',
    slowTitle: 'Оплата ещё не подтверждена',
    slowHint: (until: string | null) =>
      'Если вы оплатили, банк подтвердит платёж в течение нескольких минут: обновите страницу позже. ' +
      (until ? `Если нет — нажмите «Оплатить» на карточке игры до ${until}.` : 'Если нет — оплатите игру снова.'),
  },
} as const;
