/**
 * The storage screens' texts (shelves and the club's equipment): part of the player app's one messages
 * module, `ui` of ./messages, which spreads them in. One word for a shelf on every screen: «ящик», as
 * the spec's own toasts say («Ящик открыт», «Ящик закрыт»).
 */
export const storageTexts = {
  storage: {
    title: 'Ящики и инвентарь',
    shelves: 'Ящики для вещей',
    /** 'Ваш ящик: №4.', followed by the link to it. */
    yourShelf: (name: string) => `Ваш ящик: №${name}.`,
    yourShelfLink: 'Мой ящик',
    chooseFree: 'Выберите свободный ящик, чтобы арендовать его.',
    shelfState: { free: 'Свободен', occupied: 'Занят', blocked: 'Заблокирован' },
    mine: 'Ваш',
    mineLower: 'ваш',
    /** 'Ящик 1: Свободен, арендовать' */
    shelfLabel: (name: string, state: string, canRent: boolean) =>
      `Ящик ${name}: ${state}${canRent ? ', арендовать' : ''}`,
    equipment: 'Инвентарь клуба',
    equipmentHint: 'Возьмите инвентарь на сегодняшнюю игру и верните после.',
    itemState: { free: 'Свободно', on_loan: 'Выдано другому игроку', blocked: 'Недоступно' },
    withYou: 'У вас',
    takeItem: 'Взять (открыть ящик)',
    returnItem: 'Вернуть (закрыть ящик)',
    myShelf: 'Мой ящик',
    shelfNumberLabel: (name: string) => `Ящик номер ${name}`,
    openShelf: 'Открыть ящик',
    closeShelf: 'Закрыть ящик',
    endRental: 'Завершить аренду',
    endRentalQuestion: 'Завершить аренду ящика?',
    /** The lock of my shelf as the club's equipment last reported it (current_shelf's is_open). */
    lock: { open: 'Замок открыт', closed: 'Замок закрыт' },
    rent: 'Арендовать',
    rentQuestion: (name: string) => `Арендовать ящик №${name}?`,
    /** The rental's terms: said on the storage screen before a shelf is chosen, and again in the question. */
    termsTitle: 'Условия аренды',
    terms: [
      'Бесплатно, один ящик на игрока в этом клубе.',
      'Ящик ваш, пока вы сами не завершите аренду.',
      'Открывать и закрывать его можно в приложении, в разделе «Мой ящик».',
      'Администратор клуба может открыть или заблокировать ящик, если это нужно клубу.',
      'Не оставляйте в ящике деньги, документы и продукты.',
    ],
    endRentalWarning: 'Заберите свои вещи: после завершения аренды ящик закроется и станет доступен другим игрокам.',
  },
} as const;
