// The front desk's texts (booking for a walk-in or a caller, the week of the courts, the club's
// contacts asked for on first sign-in), spread into ru.ts under `kort.*`.

export const deskTexts = {
  walk_in: {
    open: 'Записать',
    open_label: 'Записать игрока: %{court}, %{time}',
    title: 'Записать игрока на корт',
    player: 'Игрок',
    player_hint: 'Имя, e-mail или телефон',
    no_players: 'Никого не нашли',
    type_to_search: 'Начните вводить имя, e-mail или телефон',
    searching: 'Ищем…',
    what_happens: 'Игра появится в списке игр игрока, как если бы он забронировал её сам.',
    book: 'Забронировать',
    book_override: 'Забронировать сверх ограничений',
    cancel: 'Отмена',
    override: 'Забронировать сверх ограничений клуба',
    override_hint: 'Ограничения не проверяются; место, часы работы и закрытия проверяются всегда.',
    reason: 'Причина',
    reason_hint: 'Попадёт в журнал действий',
    reason_needed: 'Укажите причину',
    done: 'Корт забронирован: %{name}, %{court}, %{time}',
  },
  week: {
    view: 'Вид',
    day: 'День',
    week: 'Неделя',
    previous: 'Предыдущая неделя',
    next: 'Следующая неделя',
    this_week: 'Эта неделя',
    of_courts: 'Игры недели по дням',
    open_day: 'Открыть день: %{day}',
    free: 'Свободно',
  },
  contacts_prompt: {
    title: 'Укажите контакты клуба',
    intro:
      'Игроки видят телефон и e-mail клуба в своём профиле. Сейчас там примеры из установки: «%{value}». Замените их настоящими.',
    phone: 'Телефон клуба',
    email: 'E-mail клуба',
    phone_invalid: 'Введите номер: +7 и 10 цифр',
    email_invalid: 'Введите e-mail, например club@example.ru',
    save: 'Сохранить контакты',
    later: 'Позже',
    saved: 'Контакты клуба сохранены: игроки видят их в профиле',
  },
};
