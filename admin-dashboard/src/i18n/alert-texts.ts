// The texts of door and Pi alerts (the `alerts` resource and the home page's banner), spread into
// ru.ts: react-admin's resource name, fields and notices, and ours under `kort.alerts`. Each alert's
// own name is the contract's ALERT_TITLES (the Telegram message says the same).

export const alertResources = {
  alerts: {
    name: 'Тревога |||| Тревоги',
    empty: 'Тревог не было',
    fields: {
      id: 'Номер',
      state: 'Состояние',
      kind: 'Что случилось',
      title: 'Что случилось',
      detail: 'Подробности',
      site_id: 'Площадка',
      raised_at: 'Когда',
      acknowledged_at: 'Принята',
      acknowledged_by: 'Кем принята',
      resolved_at: 'Закончилась',
      offline: 'Без связи',
    },
    notifications: { updated: 'Тревога принята' },
  },
};

export const alertTexts = {
  alerts: {
    all: 'Все',
    state_open: 'Открыта',
    state_acknowledged: 'Принята',
    state_resolved: 'Закончилась',
    acknowledge: 'Принять',
    acknowledge_label: 'Принять тревогу «%{title}»',
    acknowledged_by: 'Принята: %{name}, %{time}',
    acknowledged_unknown: 'Принята, %{time}',
    not_acknowledged: 'Не принята',
    resolved_at: 'Закончилась %{time}',
    offline: 'без связи',
    offline_hint: 'Случилось, пока не было связи с сервером',
    banner_title: 'Тревоги на площадке: %{count}',
    banner_all: 'Все тревоги',
  },
};
