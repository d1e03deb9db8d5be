// The texts of shelves 1–9 («Ящик», the players' word for them) and the equipment compartments 10
// and 11 (named on their cards as players see them: the settings' «Ракетки», «Мячи»), spread into ru.ts.

export const shelfResources = {
  shelves: {
    name: 'Ящик |||| Ящики и инвентарь',
    fields: {
      id: 'Номер',
      kind: 'Вид',
      status: 'Состояние',
      is_blocked: 'Заблокирован',
      renter_name: 'Арендатор',
      rented_since: 'Арендован с',
      needs_clearing: 'Нужно освободить',
      relay_on: 'Замок открыт',
    },
  },
};

export const shelfTexts = {
  shelves: {
    shelf: 'Ящик %{number}',
    item: 'Инвентарь %{number}',
    item_number: 'Отсек %{number}',
    boxes_title: 'Ящики 1–9',
    equipment_title: 'Инвентарь',
    status_free: 'Свободен',
    status_occupied: 'Занят',
    status_blocked: 'Заблокирован',
    status_on_loan: 'Выдан',
    item_status_free: 'Свободен',
    item_status_occupied: 'Выдан',
    item_status_blocked: 'Заблокирован',
    item_status_on_loan: 'Выдан',
    lock_open: 'Замок открыт',
    lock_closed: 'Замок закрыт',
    renter: 'Арендатор: ',
    holder: 'Взял: ',
    no_renter: 'Никто не арендует',
    no_holder: 'На месте, никто не взял',
    needs_clearing: 'Нужно освободить',
    cleared: 'Отметить освобождённым',
    open: 'Открыть',
    close: 'Закрыть',
    block: 'Заблокировать',
    unblock: 'Разблокировать',
    since: 'с %{date}',
    no_data: 'Нет данных',
    loading: 'Загрузка…',
  },
};
