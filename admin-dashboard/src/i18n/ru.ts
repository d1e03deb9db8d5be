import { messages } from '@kort/contracts';
import russianMessages from 'ra-language-russian';
import type { TranslationMessages } from 'react-admin';
import { alertResources, alertTexts } from './alert-texts';
import { clubResources, clubTexts } from './club-texts';
import { deskTexts } from './desk-texts';
import { noticeResources, noticeTexts } from './notice-texts';
import { paymentResources, paymentTexts } from './payment-texts';
import { releaseResources, releaseTexts } from './release-texts';
import { settingsTexts } from './settings-texts';
import { shelfResources, shelfTexts } from './shelf-texts';
import { siteResources, siteTexts } from './site-texts';
import { statsTexts } from './stats-texts';

/**
 * Every text of the dashboard: react-admin's own (ra-language-russian, plus the two keys it lacks),
 * the resources' names and fields, and ours under `kort.*`. Texts the API also sends come from
 * @kort/contracts, so the dashboard and the server can never word them differently.
 */
/**
 * Russian quotes are «ёлочки»: ra-language-russian's titles ('Игрок "Анна"'), its delete and sort
 * texts get them instead of straight quotes (test/i18n.test.ts checks no text keeps one).
 */
function withGuillemets<T>(texts: T): T {
  if (typeof texts === 'string') return texts.replace(/"([^"]*)"/g, '«$1»') as T;
  if (typeof texts !== 'object' || texts === null) return texts;
  return Object.fromEntries(Object.entries(texts).map(([key, value]) => [key, withGuillemets(value)])) as T;
}

const russian = withGuillemets(russianMessages);

interface Texts {
  [key: string]: Texts | string | undefined;
}
/** Each resource's texts from every file that has some (its name and fields, its notices). */
function mergeResources(...parts: Record<string, Texts>[]): Record<string, Texts> {
  const merged: Record<string, Texts> = {};
  for (const part of parts)
    for (const [name, texts] of Object.entries(part)) merged[name] = { ...merged[name], ...texts };
  return merged;
}

export const ru: TranslationMessages = {
  ...russian,
  ra: {
    ...russian.ra,
    guesser: {
      empty: {
        title: 'Нет данных для показа',
        message: 'Проверьте, что сервер отдаёт данные',
      },
    },
    // A list with nothing in it is empty; only filters the admin set can have hidden something.
    navigation: {
      ...russian.ra.navigation,
      no_results: noticeTexts.lists.empty,
      no_filtered_results: noticeTexts.lists.nothing_matched,
      clear_filters: noticeTexts.lists.clear_filters,
    },
  },
  resources: mergeResources(
    {
      users: {
        name: 'Игрок |||| Игроки',
        fields: {
          id: 'Номер',
          email: 'E-mail',
          name: 'Имя',
          phone_number: 'Телефон',
          role: 'Роль',
          site_ids: 'Площадки',
          is_sport_school: 'Спортивная школа',
          confirmed_at: 'Подтверждён',
          blocked: 'Заблокирован администратором',
          deleted_at: 'Удалён',
          deletion_kind: 'Кем удалён',
          rules_accepted_at: 'Правила приняты',
          purged: 'Данные стёрты',
          created_at: 'Зарегистрирован',
          status: 'Состояние',
          paused_until: 'Запись приостановлена до',
          paid: 'Оплатил',
          refunded: 'Возвращено',
          q: 'Поиск',
        },
      },
      bookings: {
        name: 'Игра |||| Игры',
        fields: {
          id: 'Номер',
          user_id: 'Игрок',
          user_name: 'Игрок',
          user_email: 'E-mail',
          guest_name: 'Гость',
          guest_phone: 'Телефон гостя',
          court_id: 'Корт',
          starts_at: 'Начало',
          ends_at: 'Конец',
          cancelled_at: 'Отменена',
          started_at: 'Начата',
          ended_at: 'Завершена',
          no_show_at: 'Неявка',
          waiting: 'В очереди',
          held_until: 'Предложена до',
          status: 'Состояние',
          series_id: 'Расписание школы',
          day: 'День',
        },
      },
      actions: {
        name: 'Действие |||| Журнал действий',
        fields: {
          at: 'Когда',
          action: 'Действие',
          target_label: 'Кого или что',
          admin_name: 'Кто',
          detail: 'Подробности',
        },
      },
      commands: {
        name: 'Команда |||| Журнал команд',
        fields: {
          id: 'Номер',
          action: 'Действие',
          device: 'Устройство',
          requested_by: 'Кто',
          requested_by_name: 'Кто',
          requested_at: 'Когда',
          deadline: 'Срок',
          status: 'Состояние',
          error: 'Ошибка',
          finished_at: 'Выполнена',
          origin: 'Источник',
          offline: 'Без связи',
          booking_id: 'Игра',
          deliveries: 'Доставок',
          door_outcome: 'Что увидел датчик двери',
          from: 'С',
          to: 'По',
        },
      },
      settings: {
        name: 'Настройка |||| Настройки',
        fields: { id: 'Настройка', value: 'Значение' },
      },
    },
    clubResources,
    alertResources,
    paymentResources,
    siteResources,
    releaseResources,
    shelfResources,
    noticeResources,
  ),
  kort: {
    menu: {
      home: 'Главная',
      boxes: 'Ящики 1–9',
      equipment: 'Инвентарь',
    },
    auth: {
      title: 'Корт: вход для администратора',
      email: 'E-mail',
      password: 'Пароль',
      sign_in: 'Войти',
      not_admin: 'Эта панель только для администраторов клуба',
      not_admin_hint: 'Вы вошли как игрок. Бронировать игры и открывать дверь можно в приложении игрока.',
      to_player_app: 'Перейти в приложение игрока',
      other_account: 'Войти другим аккаунтом',
      not_confirmed: 'Аккаунт не подтверждён. Введите код из письма в приложении игрока, затем войдите здесь',
      confirm_in_player_app: 'Подтвердить в приложении игрока',
    },
    home: {
      players: 'Игроков',
      players_hint: 'Подтвердили почту, не удалены',
      games_today: 'Игр сегодня',
      no_shows_week: 'Неявок за неделю',
      no_shows_week_hint: 'Игры этой недели, на которые не пришли',
      current_players: 'Сейчас играют',
      nobody_playing: 'Никто не играет',
      quick: 'Быстрые действия',
      find_player: 'Найти игрока',
      find: 'Найти',
      book_walk_in: 'Записать игрока на корт',
    },
    devices: {
      title: 'Свет и дверь',
      light: 'Свет',
      door: 'Дверь',
      light_is_on: 'Включён',
      light_is_off: 'Выключен',
      door_is_open: 'Открыта',
      door_is_closed: 'Закрыта',
      turn_on: 'Включить свет',
      turn_off: 'Выключить свет',
      open: 'Открыть дверь',
      close: 'Закрыть дверь',
      sensor_closed: 'Датчик: дверь закрыта',
      sensor_open: 'Датчик: дверь открыта',
      sensor_none: 'Датчика двери нет',
      agent_online: 'Оборудование на связи',
      agent_offline: 'Оборудование не на связи',
      last_seen: 'Последний сигнал: %{time}',
      never_seen: 'Сигналов ещё не было',
      live: 'Обновляется сам',
      live_lost: 'Нет связи с сервером, переподключаемся…',
      unknown: 'Состояние ещё не известно',
      last_offline: 'Прошлый перерыв связи: %{period}',
      light_off_in_game: 'Свет выключен, а на корте идёт игра. Включите свет.',
      last_known: 'последнее известное',
      offline_since: 'Нет связи с оборудованием с %{time}',
      offline_never: 'Оборудование ещё ни разу не выходило на связь',
      offline_hint:
        'Свет и дверь показаны такими, какими были при последнем сигнале. Кнопки не работают, пока связь не вернётся: команда не дойдёт до оборудования.',
      buttons_off: 'Кнопки недоступны: нет связи с оборудованием',
      driver: {
        'gpio-chardev': 'Реле: GPIO (/dev/gpiochip)',
        'gpio-sysfs': 'Реле: GPIO (sysfs)',
        simulated: 'Имитация оборудования',
        simulated_hint:
          'Команды проходят, но замок, свет и ящики на самом деле не двигаются. На оборудовании клуба так быть не должно: сообщите тому, кто его настраивал.',
      },
      door_events: 'События двери',
      no_door_events: 'Событий двери пока не было',
    },
    users: {
      role_player: messages.rolePlayer,
      role_admin: messages.roleAdmin,
      role_owner: messages.roleOwner,
      state: 'Состояние',
      active: 'Активен',
      unconfirmed: 'Не подтверждён',
      blocked: 'Заблокирован',
      paused: 'Запись приостановлена',
      self_deleted: 'Удалил себя сам',
      purged: 'Удалил себя сам, данные стёрты',
      status_active: 'Активные',
      status_unconfirmed: 'Не подтвердили почту',
      status_blocked: 'Заблокированные',
      status_self_deleted: 'Удалившие себя',
      status_purged: 'Данные стёрты',
      all: 'Все',
      yes: 'Да',
      no: 'Нет',
      not_found: messages.userNotFound,
      not_found_among: 'Искали среди: %{filters}.',
      search_everyone: 'Искать среди всех',
      block: 'Заблокировать',
      restore: 'Снять блокировку',
      block_confirm: 'Заблокировать',
      restore_confirm: 'Снять блокировку',
      block_title: 'Заблокировать игрока «%{name}»?',
      block_content: 'Игрок не сможет войти, бронировать игры и открывать дверь, пока блокировку не снимут.',
      block_games: 'Будут отменены его игры (%{smart_count}):',
      block_no_games: 'Предстоящих игр нет: отменять нечего.',
      block_other_sites: 'Блокировка действует на всех площадках, и запись о ней появится в их журналах.',
      block_other_cancelled: 'На других площадках будут отменены игры: %{smart_count}.',
      block_other_on_now: 'Идут там сейчас: %{smart_count}, дверь для них больше не откроется.',
      block_game_on_now: 'Идёт сейчас, не отменяется, но дверь для неё больше не откроется',
      block_shelf: 'Аренда ящика %{number} закончится (с %{since}); ящик нужно будет освободить.',
      block_no_shelf: 'Ящик не арендует.',
      block_not_undone: 'Снятие блокировки не вернёт отменённые игры и аренду.',
      block_effects_loading: 'Проверяем игры и аренду игрока…',
      block_effects_failed:
        'Не удалось узнать игры и аренду игрока: %{reason}. Блокировка всё равно отменит его будущие игры и аренду ящика.',
      restore_title: 'Снять блокировку с игрока «%{name}»?',
      restore_content: 'Игрок снова сможет входить и бронировать игры.',
      restore_not_restored:
        'Игры, отменённые при блокировке, и аренда ящика не восстанавливаются: при желании игрок забронирует и арендует заново.',
      // The spec's alerts for a block and its undoing, kept word for word.
      blocked_done: 'Игрок заблокирован',
      blocked_at: 'Заблокирован',
      self_deleted_at: 'Удалил профиль',
      restored_done: 'Блокировка снята',
      sport_school_hint: 'Без ограничения на число игр',
      sport_school_owners_hint: 'Без ограничения на число игр на всех площадках; меняет только владелец',
      tab_profile: 'Профиль',
      tab_games: 'Игры',
      tab_rental: 'Аренда',
      tab_door: 'Открывания двери',
      no_games: 'Игр нет',
      no_rental: 'Ящик и инвентарь не арендует',
      no_door: 'Дверь не открывал',
      tab_no_shows: 'Неявки',
      no_shows_title: 'Неявки',
      no_no_shows: 'Неявок не было',
      no_shows_hint:
        'Игры, на которые игрок не пришёл: корт освобождался. Прощённая неявка не считается для паузы записи.',
      no_show_forgiven: 'Прощена',
      forgive: 'Простить',
      forgive_title: 'Простить неявку?',
      forgive_content: '%{game}. Неявка перестанет считаться для паузы записи; это попадёт в журнал действий.',
      paused_until: 'Запись приостановлена до %{date}',
      paused_hint: 'Из-за неявок игрок не может записываться на новые игры.',
    },
    ...clubTexts,
    ...alertTexts,
    ...deskTexts,
    ...statsTexts,
    ...siteTexts,
    ...releaseTexts,
    ...paymentTexts,
    ...settingsTexts,
    ...noticeTexts,
    ...shelfTexts,
    actions: {
      user_block: 'Игрок заблокирован',
      user_restore: 'Блокировка снята',
      user_sport_school_on: 'Спортивная школа: включена',
      user_sport_school_off: 'Спортивная школа: выключена',
      shelf_block: 'Ящик заблокирован',
      shelf_unblock: 'Ящик разблокирован',
      shelf_cleared: 'Ящик освобождён',
      booking_cancel: 'Игра отменена клубом',
      booking_forgive_no_show: 'Неявка прощена',
      booking_no_show_release: 'Неявка: корт освобождён',
      setting_update: 'Настройка изменена',
      court_create: 'Корт добавлен',
      court_update: 'Корт изменён',
      court_deactivate: 'Корт отключён',
      court_activate: 'Корт снова принимает бронирования',
      court_delete: 'Корт удалён',
      closure_create: 'Закрытие добавлено',
      closure_delete: 'Закрытие удалено',
      series_create: 'Расписание школы создано',
      series_delete: 'Расписание школы завершено',
      booking_create: 'Игра забронирована клубом',
      user_role: 'Роль изменена',
      price_create: 'Цена добавлена',
      price_update: 'Цена изменена',
      price_delete: 'Цена удалена',
      payment_refund: 'Деньги возвращены игроку',
      alert_acknowledge: 'Тревога принята',
    },
    commands: {
      actions: {
        door_open: 'Дверь: открыть на время',
        door_hold: 'Дверь: открыть',
        door_close: 'Дверь: закрыть',
        light_on: 'Свет: включить',
        light_off: 'Свет: выключить',
        shelf_open: 'Ящик: открыть',
        shelf_close: 'Ящик: закрыть',
        display_show: 'Экран: показать код',
        display_clear: 'Экран: очистить',
        // What the court's agent decided or saw by itself (origin 'agent').
        door_entry: 'Вход по коду с экрана у двери',
        door_entry_offline: 'Вход без связи',
        'door_pin-wrong': 'Неверный код на экране у двери',
        'door_keypad-locked': 'Экран у двери заблокирован',
        door_opened: 'Дверь открыли',
        'door_not-opened': 'Замок открыт, но дверь не открыли',
        // DOOR_HELD_OPEN_MS, written out: importing it would pull the contract's zod schemas into
        // the first screen (test/command-list.test.tsx checks the two agree).
        'door_held-open': 'Дверь открыта дольше 60 секунд',
        door_sensor: 'Датчик двери сработал',
        light_on_agent: 'Свет: включён по игре',
        light_off_agent: 'Свет: выключен по расписанию',
        agent_offline: 'Нет связи с агентом',
        alarm_raised: 'Тревога агента',
        alarm_cleared: 'Тревога агента закончилась',
        update_installed: 'Агент обновился',
        update_refused: 'Агент отказался от обновления',
        'update_rolled-back': 'Обновление агента откачено',
      },
      offline: 'без связи',
      origin_agent: 'Агент',
      game: 'Игра №%{id}',
      status_queued: 'В очереди',
      status_delivered: 'Доставлена',
      status_done: 'Выполнена',
      status_failed: 'Ошибка',
      status_expired: 'Просрочена',
      device_door: 'Дверь',
      device_light: 'Свет',
      device_shelf: 'Ящик %{number}',
      system: 'Система',
    },
    errors: {
      load_failed: 'Не удалось загрузить данные',
      retry: 'Повторить',
    },
  },
};
