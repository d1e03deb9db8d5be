// What an admin is told after a change (react-admin's «Элемент обновлен» becomes what happened, per
// resource) and what a list with nothing in it says («Пока нет …», not that filters hid everything);
// merged into ru.ts.

/** `resources.<name>.notifications.*`, `.empty` and `.invite`: react-admin reads them before its generic texts. */
export const noticeResources = {
  users: { empty: 'Пока нет игроков', notifications: { updated: 'Игрок сохранён' } },
  bookings: { empty: 'Пока нет игр' },
  courts: {
    empty: 'Пока нет кортов',
    invite: 'Добавьте первый корт: игроки смогут его бронировать.',
    notifications: { created: 'Корт добавлен', updated: 'Корт сохранён', deleted: 'Корт удалён' },
  },
  closures: {
    empty: 'Пока нет закрытий',
    invite: 'Закройте корт или клуб на турнир или ремонт.',
    notifications: { created: 'Закрытие добавлено', deleted: 'Закрытие удалено: часы снова можно бронировать' },
  },
  series: {
    empty: 'Пока нет расписаний школ',
    invite: 'Забронируйте корт спортивной школе на весь период.',
    notifications: { created: 'Расписание школы создано', deleted: 'Расписание школы завершено' },
  },
  prices: {
    empty: 'Пока нет цен',
    invite: 'Без цен все часы бесплатны.',
    notifications: { created: 'Цена добавлена', updated: 'Цена сохранена', deleted: 'Цена удалена' },
  },
  payments: { empty: 'Пока нет платежей' },
  shelves: { notifications: { updated: 'Ящик сохранён' } },
  commands: { empty: 'Пока нет команд' },
  actions: { empty: 'Пока нет действий администраторов' },
  settings: { empty: 'Пока нет настроек', notifications: { updated: 'Настройка сохранена' } },
  sites: {
    empty: 'Пока нет площадок',
    invite: 'Добавьте площадку: у неё будут свои корты и свой агент.',
    notifications: { created: 'Площадка добавлена', updated: 'Площадка сохранена' },
  },
};

/** Ours, under `kort.*`: notices that name what changed, and a list's empty state. */
export const noticeTexts = {
  lists: {
    empty: 'Пока здесь ничего нет',
    nothing_matched: 'С этими фильтрами ничего не нашлось.',
    clear_filters: 'Показать все',
  },
  notices: {
    court_created: '%{name} добавлен',
    court_saved: '%{name}: изменения сохранены',
    court_activated: '%{name} снова принимает бронирования',
    court_deactivated:
      '%{name} отключён, %{smart_count} игра отменена |||| %{name} отключён, %{smart_count} игры отменены |||| %{name} отключён, %{smart_count} игр отменено',
    court_deactivated_no_games: '%{name} отключён, будущих игр на нём не было',
    closure_created: 'Закрытие «%{reason}» добавлено',
    closure_created_cancelling:
      'Закрытие «%{reason}» добавлено, %{smart_count} игра отменена |||| Закрытие «%{reason}» добавлено, %{smart_count} игры отменены |||| Закрытие «%{reason}» добавлено, %{smart_count} игр отменено',
    sport_school_on: '%{name} теперь спортивная школа: без ограничения на число игр',
    sport_school_off: '%{name} больше не спортивная школа: действуют обычные ограничения',
    shelf_admin_open: 'Ящик %{number} открыт',
    shelf_admin_close: 'Ящик %{number} закрыт',
    shelf_admin_block: 'Ящик %{number} заблокирован: арендовать его нельзя',
    shelf_admin_unblock: 'Ящик %{number} разблокирован',
    shelf_cleared: 'Ящик %{number} отмечен освобождённым',
    item_admin_open: '%{name}: отсек открыт',
    item_admin_close: '%{name}: отсек закрыт',
    item_admin_block: '%{name}: отсек заблокирован, взять нельзя',
    item_admin_unblock: '%{name}: отсек разблокирован',
    item_cleared: '%{name}: отсек отмечен освобождённым',
  },
};
