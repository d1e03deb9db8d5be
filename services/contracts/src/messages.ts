/**
 * Russian texts shown to people, shared by the API and both web apps so that a message the server
 * sends and the one the client falls back to can never drift apart. The spec's error catalogue is
 * the source of the texts marked (spec); the others fill gaps the spec leaves open (see
 * docs/decisions.md).
 */
export const messages = {
  // Generic
  networkTrouble: 'Неполадки сети, попробуйте позже', // (spec)
  noConnection: 'Нет соединения, возможно ошибка сети.', // (spec) the network-failure screen
  networkError: 'Ошибка сети', // (spec) ending a game
  genericError: 'Ошибка', // (spec)
  ok: 'Готово',
  notAuthenticated: 'Войдите в аккаунт',
  forbidden: 'Недостаточно прав',
  csrfFailed: 'Сессия устарела, обновите страницу и повторите действие',
  badJson: 'Некорректный JSON в запросе',
  bodyTooLarge: 'Слишком большой запрос',
  notFound: 'Не найдено',
  tooManyRequests: 'Слишком много запросов. Попробуйте позже',
  serverError: 'Внутренняя ошибка сервера. Мы уже разбираемся',
  serviceUnavailable: 'Сервис временно недоступен. Попробуйте позже',

  // Login and registration
  checkEmail: 'Проверьте почту', // (spec) errors.phone_number
  emailInvalid: 'Введите корректный e-mail',
  emailUnknown: 'Пользователь с таким e-mail не найден',
  emailTaken: 'Пользователь с таким e-mail уже зарегистрирован',
  phoneInvalid: 'Телефон должен быть в формате +7 и 10 цифр',
  nameRequired: 'Введите имя пользователя', // (spec)
  nameTooLong: 'Имя не должно быть длиннее 25 символов',
  nameUnsafe: 'В имени есть недопустимые символы',
  authFailed: 'Неверный e-mail или пароль',
  tooManyLogins: 'Слишком много попыток входа. Попробуйте через 15 минут',
  accountInactive: 'Аккаунт не подтверждён. Мы отправили код на почту',
  accountInactiveCodeLimit: 'Аккаунт не подтверждён. Код уже отправлен, проверьте почту',
  accountBlocked: 'Аккаунт заблокирован. Обратитесь к администратору клуба',
  accountDeleted: 'Аккаунт удалён',
  codeSent: 'Код отправлен на почту',
  loggedIn: 'Вы вошли',
  loggedOut: 'Вы вышли из аккаунта',

  // Passwords
  passwordsDoNotMatch: 'Пароли не совпадают', // (spec)
  passwordRequirements: 'Пароль не соответствует требованиям', // (spec) errors.password2
  passwordHint: 'Минимум 8 символов, включая одну строчную, заглавную буквы, одну цифру, спец. символ', // (spec)
  passwordRequired: 'Введите пароль',
  passwordTooShort: 'Пароль должен содержать минимум 8 символов',
  passwordTooLong: 'Пароль должен быть не длиннее 128 символов',
  passwordWeak: 'Пароль должен содержать строчную и заглавную буквы, цифру и спец. символ',
  newPasswordsBad: 'Новые пароли не совпадают или не соответствуют требованиям', // (spec) 400
  resetCodeExpired: 'Истек срок действия кода подтверждения', // (spec) 403
  passwordEmpty: 'Пароль не может быть нулевым', // (spec) 422
  newPasswordsDoNotMatch: 'Новые пароли не совпадают', // (spec) 423
  passwordChanged: 'Пароль успешно изменён', // (spec)

  // One-time codes
  codeInvalid: 'Неверный или истекший код', // (spec) activation 400
  codeTooManyTries: 'Слишком много неверных попыток. Попробуйте через час', // (spec) activation 403
  verifyCodeInvalid: 'Неверный или истекший код подтверждения', // (spec) verify 403
  codeSendLimit: 'Слишком много запросов кода. Попробуйте через час',
  codeVerified: 'Код подтверждён',
  accountActivated: 'Аккаунт подтверждён',

  // Profile and rules
  profileDeleted: 'Профиль успешно удалён', // (spec)
  rulesNotAccepted: 'Примите правила клуба',
  rulesAccepted: 'Правила приняты',
  roleAdmin: 'Администратор',
  siteNotFound: 'Площадка не найдена',
  siteNotYours: 'Эта площадка вам не назначена',
  siteNoneAssigned: 'Вам ещё не назначена ни одна площадка. Обратитесь к владельцу',
  siteOwnersOnly: 'Это может только владелец',
  siteSlugTaken: 'Площадка с таким коротким именем уже есть',
  siteNameUnsafe: 'В названии площадки есть недопустимые символы',
  siteAddressUnsafe: 'В адресе площадки есть недопустимые символы',
  rolePlayer: 'Игрок',
  roleOwner: 'Владелец',
  adminRoleInvalid: 'Роль — игрок, администратор или владелец',
  adminSiteIdsInvalid: 'Площадки — список их идентификаторов',
  cannotChangeOwnRole: 'Свою роль изменить нельзя',
  roleSportSchool: 'Спортивная школа',

  // Bookings
  courtBooked: 'Корт забронирован', // (spec)
  bookingLimit: 'Ограничение по количеству бронирований', // (spec) 418
  gameCancelled: 'Игра успешно отменена', // (spec)
  cancelTooLate: 'Нельзя отменить бронирование менее чем за 1 час', // (spec) 409
  slotTaken: 'Это время на корте уже занято, выберите другое',
  playerNotBookable: 'Этому игроку нельзя забронировать игру: аккаунт заблокирован, удалён или не подтверждён',
  adminBookingOverQuota:
    'У игрока уже столько игр, сколько разрешают ограничения клуба. Забронировать сверх них можно, указав причину',
  /** The walk-in's quota refusal, naming the limit reached (adminQuotaText). */
  adminOverQuotaTail: 'Забронировать сверх ограничения можно, указав причину',
  adminOverrideReason: 'Укажите причину, по которой игра бронируется сверх ограничений (до 200 символов)',
  adminOverrideReasonUnsafe: 'В причине брони сверх ограничений есть недопустимые символы',
  /** POST /api/admin/bookings with both a player and a guest, or neither. */
  adminBookingWho: 'Укажите игрока или гостя без аккаунта: одно из двух',
  guestNameRequired: 'Введите имя гостя',
  guestNameTooLong: 'Имя гостя не должно быть длиннее 25 символов',
  guestNameUnsafe: 'В имени гостя есть недопустимые символы',
  guestPhoneRequired: 'Введите телефон гостя',
  /** The action log's detail of a game booked for a guest (the name and phone stay out of the log). */
  adminGuestBooked: 'Гость без аккаунта',
  bookingInPast: 'Нельзя забронировать время, которое уже началось',
  bookingHours: 'Игры начинаются с 06:00 до 23:00',
  bookingBeyondHorizon: 'Записаться можно не больше чем на 90 дней вперёд',
  bookingPausedForNoShows: 'Запись приостановлена из-за неявок',
  noShowForgiven: 'Неявка прощена',
  waitlistJoined: 'Вы в очереди. Если корт освободится, мы напишем',
  waitlistCourtFree: 'В это время есть свободный корт: запишитесь сразу',
  waitlistAlready: 'Вы уже в очереди или играете в это время',
  waitlistNotFound: 'Такого места в очереди нет',
  waitlistLeft: 'Вы вышли из очереди',
  holdExpired: 'Время на подтверждение истекло, корт передан следующему в очереди',
  holdConfirmed: 'Корт забронирован',
  noShowNotFound: 'Такой неявки нет',
  bookingOnTheHour: 'Игра начинается ровно в начале часа',
  playersCount: 'В игре участвуют 2 игрока',
  unknownCourt: 'Такого корта нет',
  courtMismatch: 'Номер корта в адресе и в запросе не совпадают',
  gameNotFound: 'Игра не найдена',
  dateInvalid: 'Укажите дату в формате ГГГГ-ММ-ДД',
  hourInvalid: 'Укажите час от 0 до 23',
  monthInvalid: 'Укажите месяц от 1 до 12 и год',
  timeStartInvalid: 'Укажите время начала с часовым поясом, например 2026-11-22T18:00:00+03:00',
  calendarLinkOff: 'Ссылка на календарь отключена',
  slotClosed: 'В это время корт закрыт',
  courtInactive: 'Этот корт сейчас не принимает бронирования',
  clubClosedHours: 'Клуб в это время не работает',
  noCourtOpen: 'Нет открытых кортов',

  // Door, light and devices
  doorOpened: 'Дверь открыта!', // (spec)
  wrongDoorCode: 'Неверный код', // (spec)
  gameEnded: 'Игра успешно завершена', // (spec)
  gameNotStarted: 'Вы ещё не начали игру', // (spec) 418
  /** 425's text when no start time is given (the door call names the game's start). */
  doorNotOpenYet: 'Дверь откроется незадолго до начала игры',
  codeOnDisplay: 'Код показан на экране у двери',
  gameOver: 'Игра уже закончилась',
  /** The club cancelling a waitlist offer not confirmed yet (409). */
  heldOfferNotCancelled:
    'Корт предложен игроку из очереди и ждёт его подтверждения: это ещё не игра. Если игрок не подтвердит, предложение истечёт само',
  agentOffline: 'Оборудование корта не на связи. Попробуйте позже или обратитесь к администратору',
  offlinePin: 'Нет связи с оборудованием корта. Введите этот код на экране у двери',
  deviceTimeout: 'Оборудование корта не ответило вовремя. Попробуйте ещё раз',
  deviceFailed: 'Оборудование корта сообщило об ошибке',
  lightOn: 'Свет включён',
  lightOff: 'Свет выключен',
  doorHeldOpen: 'Дверь открыта',
  doorClosed: 'Дверь закрыта',

  // Shelves and equipment
  storageOff: 'Временно не работает', // (spec)
  boxOpened: 'Ящик открыт', // (spec)
  boxClosed: 'Ящик закрыт', // (spec)
  shelfRented: 'Ящик арендован',
  rentalEnded: 'Аренда ящика завершена',
  shelfTaken: 'Этот ящик уже занят',
  alreadyRenting: 'У вас уже есть арендованный ящик',
  shelfBlocked: 'Ящик заблокирован администратором',
  shelfUnblocked: 'Ящик разблокирован',
  shelfNotFound: 'Такого ящика нет',
  rentalNotFound: 'Аренда не найдена',
  notYourShelf: 'Это не ваш ящик',
  noGameToday: 'Инвентарь можно взять только в день игры',
  equipmentOnLoan: 'Этот инвентарь уже выдан',

  // Admin: players (the spec's admin calls) and the dashboard's REST resources (docs/admin-api.md)
  userNotFound: 'Нет такого пользователя', // (spec)
  nobodyPlaying: 'Никто не играет', // (spec) the app's text for an empty get_current_players
  userRestored: 'Пользователь восстановлен', // (spec)
  userDeleted: 'Пользователь удалён', // (spec) an admin block
  userIdRequired: 'Укажите id пользователя числом',
  searchEmailRequired: 'Укажите e-mail для поиска',
  cannotBlockSelf: 'Нельзя заблокировать самого себя',
  userSelfDeleted: 'Пользователь сам удалил профиль: блокировать нечего',
  staffOwnersOnly: 'Администраторов и владельцев блокирует, восстанавливает и меняет только владелец',
  sportSchoolOwnersOnly: 'Отметку «Спортивная школа» меняет только владелец: она снимает ограничения на всех площадках',
  blockedElsewhere: 'Эту блокировку снимает владелец или администратор площадки, где её поставили',
  adminNeedsSite: 'Назначьте администратору хотя бы одну площадку',
  userPurged: 'Данные пользователя уже стёрты, восстановить его нельзя',
  bookingAlreadyCancelled: 'Игра уже отменена',
  gameCancelledByClub: 'Игра отменена, игроку отправлено письмо',
  deviceNotFound: 'Такого устройства нет',
  commandNotFound: 'Команда не найдена',
  actionNotFound: 'Такой записи в журнале нет',
  settingNotFound: 'Такой настройки нет',
  settingValueRequired: 'Укажите значение настройки строкой',
  settingStorageValue: 'Значение storage_enabled: true или false',
  settingRulesEmpty: 'Правила не могут быть пустыми',
  settingRulesTooLong: 'Правила должны быть не длиннее 20000 символов',
  settingContactsTooLong: 'Контакты должны быть не длиннее 2000 символов',
  settingEquipmentName: 'Название инвентаря: от 1 до 60 символов',
  settingEquipmentNameUnsafe: 'В названии инвентаря есть недопустимые символы',
  settingRulesUnsafe: 'В правилах есть недопустимые символы',
  settingContactsUnsafe: 'В контактах есть недопустимые символы',
  settingWholeNumber: 'Значение должно быть целым числом',
  settingHoursOrder: 'Клуб должен открываться раньше, чем закрывается',
  courtNotFound: 'Такого корта нет',
  priceNotFound: 'Такой цены нет',
  priceNameRequired: 'Назовите цену: от 1 до 60 символов («Вечер будней»)',
  priceNameUnsafe: 'В названии цены есть недопустимые символы',
  priceHours: 'Часы цены — от 0 до 24 по времени площадки',
  priceHoursOrder: 'Цена должна кончаться позже, чем начинается',
  priceAmount: 'Цена — сумма в рублях с копейками, например 1500.00 (не больше 999 999,99)',
  priceCourt: 'Корт цены — номер корта этой площадки или «все корты»',
  priceWeekdays: 'Выберите дни недели цены: от 1 (пн) до 7 (вс)',
  priceAudience: 'Для кого цена: для всех или для спортивной школы',
  priceSortOrder: 'Порядок цены — целое число от 0 до 10000',
  courtNameRequired: 'Введите название корта: от 1 до 40 символов',
  courtNameUnsafe: 'В названии корта есть недопустимые символы',
  courtNameTaken: 'Корт с таким названием уже есть',
  courtHasHistory: 'У корта есть игры в истории: его можно только отключить',
  /** After the court's name: why its games were cancelled («Корт 2 закрыт для бронирования»). */
  courtTakenOut: 'закрыт для бронирования',
  courtSortOrder: 'Порядок: целое число от 0 до 1000',
  closureNotFound: 'Такого закрытия нет',
  closureOver: 'Закрытие уже прошло и остаётся в истории',
  closureReasonRequired: 'Укажите причину: от 1 до 200 символов, её увидят игроки',
  closureReasonUnsafe: 'В причине закрытия есть недопустимые символы',
  closureWholeHours: 'Закрытие начинается и заканчивается в начале часа',
  closureOrder: 'Конец закрытия должен быть позже начала',
  closurePast: 'Закрытие не может начинаться в прошлом',
  closureTooLong: 'Закрытие не может быть длиннее года',
  seriesNotFound: 'Такого расписания нет',
  seriesNotSchool: 'Расписание создаётся только для аккаунта спортивной школы',
  seriesWeekdays: 'Выберите дни недели: от понедельника (1) до воскресенья (7)',
  seriesHour: 'Час занятия должен быть в часы работы клуба',
  seriesDates: 'Период: начало не раньше сегодняшнего дня, конец не раньше начала и не позже чем через год',
  seriesPast: 'Время уже прошло',
  seriesGameThere: 'Корт занят игрой',
  seriesInactiveCourt: 'Корт не принимает бронирования',
  adminFieldBoolean: 'Значение должно быть true или false',
  adminSortInvalid: 'Параметр sort: ожидается ["поле", "ASC" или "DESC"]',
  adminSortField: 'Параметр sort: по этому полю нельзя сортировать',
  adminRangeInvalid: 'Параметр range: ожидается [начало, конец], целые числа от 0, конец не меньше начала',
  adminRangeTooLarge: 'Параметр range: не больше 1000 записей за запрос',
  adminFilterInvalid: 'Параметр filter: ожидается JSON-объект',
  adminFilterUnknown: 'Параметр filter: неизвестное поле',
  adminFilterValue: 'Параметр filter: неверное значение поля',
  statsBusy: 'Отчёты ещё считаются, повторите через несколько секунд',
  telegramOff: 'В клубе не подключён Telegram-бот',
  telegramUnavailable: 'Telegram сейчас не отвечает. Попробуйте через минуту',
  webhookRefused: 'Неверный секрет вебхука',
  pushOff: 'В клубе не включены уведомления на устройстве',
  pushEndpointRefused: 'Этот адрес подписки не принимается: нужен сервис уведомлений браузера (https)',
  telegramUnlinked: 'Telegram отключён',
  pushSubscribed: 'Уведомления на этом устройстве включены',
  pushUnsubscribed: 'Уведомления на этом устройстве отключены',
  settingReceiptsValue: 'Чеки: true (отправлять через ЮKassa) или false (самозанятый отправляет сам)',
  settingTaxSystem: 'Система налогообложения — код ЮKassa от 1 до 6 или пусто (как в магазине)',
  paymentGame: 'Укажите игру, за которую платите',
  paymentMethod: 'Способ оплаты — банковская карта (bank_card) или СБП (sbp)',
  paymentNotDue: 'Эта игра не ждёт оплаты',
  paymentAlreadyPaid: 'Игра уже оплачена',
  paymentHoldExpired: 'Время на оплату вышло, игра снята. Забронируйте час снова',
  paymentUnavailable: 'ЮKassa сейчас не отвечает. Попробуйте через минуту — второй раз деньги не спишутся',
  paymentRefused: 'ЮKassa отклонила оплату этим способом: выберите другой способ или обратитесь в клуб',
  paymentConfirmOfferFirst: 'Сначала подтвердите место из очереди, затем оплатите игру',
  paymentsOff: 'В клубе не подключена оплата',
  paymentNotFound: 'Такого платежа нет',
  paymentNotifyRefused: 'Уведомления принимаются только с адресов ЮKassa',
  doorNotPaid: 'Игра не оплачена: дверь откроется после оплаты',
  refundAmount: 'Сумма возврата — рубли с копейками больше нуля, например 500.00',
  refundReason: 'Укажите причину возврата: от 1 до 200 символов',
  refundTooMuch: 'Вернуть можно не больше, чем осталось от платежа',
  refundNotPaid: 'Платёж не прошёл: возвращать нечего',
} as const;

export type MessageKey = keyof typeof messages;
