import { daysText, plural, WAITLIST_HOLD_MINUTES } from '@kort/contracts';
import { bookingTexts } from './booking-texts';
import { storageTexts } from './storage-texts';
import { hourText } from './format';
import { HELD_PINS_HINT, heldPinText } from './held-pins';
import { paymentTexts } from './payment-texts';

/**
 * Every Russian text of the player app's screens: headings, labels, buttons, hints, the names a
 * screen reader hears. Texts the server and the app share (the spec's error catalogue, toasts
 * worded by the API, the password hint) are `messages` of @kort/contracts and are not repeated
 * here; refusals go through lib/errors.ts.
 */
export const ui = {
  // Shared words
  brand: 'Корт',
  loading: 'Загрузка…',
  wait: 'Подождите…',
  next: 'Далее',
  back: 'Назад',
  backToLogin: 'Назад ко входу',
  retry: 'Повторить',
  close: 'Закрыть',
  cancel: 'Отмена',
  no: 'Нет',
  today: 'Сегодня',
  rotatePhone: 'Поверните телефон вертикально',
  rotatePhoneWhy: 'Приложение сделано для телефона в вертикальном положении.',
  /** 'Корт 2' */
  court: (court: number | string) => `Корт ${court}`,
  /** The line above a code input: the letter went to this address. */
  codeSentTo: (email: string) => `Мы отправили код на ${email}`,
  /** One box of a 4-digit code input (1-4). */
  codeDigit: (position: number) => `Цифра ${position}`,
  closeToast: 'Закрыть уведомление',
  /** The line under a 4-digit code input: a new letter, once the countdown is over. */
  resendCode: 'Отправить код ещё раз',
  /** The same button while it waits: 'Отправить код ещё раз через 42 с'. */
  resendCodeIn: (seconds: number) => `Отправить код ещё раз через ${seconds} с`,

  fields: {
    email: 'E-mail',
    password: 'Пароль',
    passwordAgain: 'Пароль ещё раз',
    newPassword: 'Новый пароль',
    newPasswordAgain: 'Новый пароль ещё раз',
    phone: 'Телефон',
    name: 'Имя',
  },

  menu: {
    title: 'Меню',
    main: 'Главное меню',
    myGames: 'Мои игры',
    account: 'Профиль',
    storage: 'Ящики и инвентарь',
    logout: 'Выйти',
  },

  // Login, registration, activation, password recovery
  login: {
    title: 'Вход',
    /** The front door: what Kort is for, under the club's mark. */
    tagline: 'Запись на корт, дверь с телефона и ящик для вещей — в одном приложении клуба.',
    /** The first perk follows the club's courts (null: not known yet, or several clubs). */
    bookPerk: (courts: number | null) =>
      courts === 1
        ? 'Бронируйте корт на свободный час'
        : courts === 2
          ? 'Бронируйте корт 1 или 2 на свободный час'
          : courts && courts > 2
            ? `Бронируйте любой из ${courts} кортов на свободный час`
            : 'Бронируйте корт на свободный час',
    perks: ['Открывайте дверь клуба кодом или QR-кодом', 'Арендуйте ящик для вещей и берите инвентарь клуба'],
    emailRequired: 'Введите e-mail',
    emailMalformed: 'Проверьте адрес: нужен e-mail вида anna@mail.ru',
    /** Under the spec's «Проверьте почту» when no account has that address. */
    emailUnknownHint: 'Аккаунта с таким адресом нет. Проверьте, нет ли опечатки, или зарегистрируйтесь.',
    registerInstead: 'Зарегистрироваться',
    submit: 'Войти',
    /** Above the form when a door link (the door screen's QR) brought a signed-out player here. */
    toOpenDoor: 'Войдите, чтобы открыть дверь',
    recoverPassword: 'Восстановить пароль',
    /** After self-deletion (spec: data purged after 10 days; the club restores until then). */
    accountDeleted:
      'Профиль удалён. В течение 10 дней клуб может восстановить его: обратитесь к администратору клуба. ' +
      'Потом данные будут стёрты.',
    register: 'Регистрация',
    or: 'или',
    /** 'Войти через VK ID' */
    socialLogin: (provider: string) => `Войти через ${provider}`,
    yandexMark: 'Я',
  },
  register: {
    title: 'Регистрация',
    submit: 'Зарегистрироваться',
    /** «Зарегистрироваться» pressed with a consent box unticked. */
    consentsRequired: 'Отметьте оба согласия: без них зарегистрироваться нельзя',
  },
  activation: {
    title: 'Подтверждение',
    codeLabel: 'Код из письма',
    checking: 'Проверяем код…',
    noLetter: 'Письмо не пришло? Проверьте папку «Спам».',
  },
  recovery: {
    title: 'Восстановление пароля',
    getCode: 'Получить код',
    savePassword: 'Сохранить пароль',
    /** A new password's form sent with an empty field (recovery and «Сменить пароль»). */
    newPasswordRequired: 'Введите новый пароль',
    repeatPassword: 'Повторите пароль во втором поле',
  },

  // The club's rules and the consents
  rules: {
    title: 'Правила клуба',
    loadFailed: 'Не удалось загрузить правила. Проверьте соединение',
  },
  rulesAcceptance: {
    intro: 'Чтобы бронировать игры, примите правила клуба и согласие на обработку персональных данных.',
    tickBoth: 'Отметьте оба пункта',
    accept: 'Принять',
  },
  consents: {
    rulesLabel: 'Я принимаю',
    rulesLink: 'правила клуба',
    personalDataLabel: 'Я даю согласие на',
    personalDataLink: 'обработку персональных данных',
    personalDataTitle: 'Персональные данные',
    /** The personal-data consent the player gives at registration and on the rules screen. */
    personalDataText:
      'Я даю согласие на обработку моих персональных данных (e-mail, телефон, имя) для регистрации, ' +
      'бронирования игр и доступа в клуб. Данные не передаются третьим лицам; после удаления профиля ' +
      'они стираются через 10 дней.',
  },

  // My games and the game card
  games: {
    title: 'Мои игры',
    none: 'У вас пока нет игр. Забронируйте корт на удобное время.',
    book: 'Забронировать игру',
    /** Why the add-game button is off: the club's `quota_upcoming` games ahead already. */
    limit: (upcoming: number) =>
      upcoming === 1
        ? 'У вас уже есть предстоящая игра: больше забронировать нельзя, пока она не пройдёт или не будет отменена'
        : `У вас уже ${upcoming} ${plural(upcoming, 'предстоящая игра', 'предстоящие игры', 'предстоящих игр')}: ` +
          'больше забронировать нельзя, пока одна из них не пройдёт или не будет отменена',
    /** A game's state in the list and on its card (my-orders' `status`). */
    playing: 'Идёт игра',
    over: 'Игра завершена',
    /** Released: its door not opened in time after the start. */
    noShow: 'Неявка',
    /** A game the club cancelled (kept a week on My games), with the club's reason when it gave one. */
    clubCancelled: (reason: string | null) => (reason ? `Отменена клубом: ${reason}` : 'Отменена клубом'),
    contacts: 'Контакты клуба',
    /** The add-game button while new bookings are paused for no-shows (booking_limits' paused_until). */
    paused: (until: string) => `Запись приостановлена до ${until}`,
    pausedWhy: 'Так бывает после неявок на игры. Уже забронированные игры остаются в силе.',
    /** The paused player's block: the no-shows behind the pause, the club's rule, whom to call. */
    pausedBecause: (count: number) => (count === 1 ? 'Из-за неявки на игру:' : 'Из-за неявок на игры:'),
    pausedRule: (afterMin: number, limit: number, pauseDays: number) =>
      `Неявка — когда дверь не открыли в течение ${afterMin} ${plural(afterMin, 'минуты', 'минут', 'минут')} после ` +
      `начала игры. ${limit === 1 ? 'Одна неявка' : `${limit} ${plural(limit, 'неявка', 'неявки', 'неявок')}`} за 30 дней ` +
      `${limit === 1 ? 'приостанавливает' : 'приостанавливают'} запись на ${daysText(pauseDays)}. Уже забронированные игры остаются в силе.`,
    pausedContact: 'Если это ошибка, напишите или позвоните в клуб:',
    /** A game's place in a sentence or a list: '28 ноября 2026, 18:00, корт 2'. */
    gameLine: (when: string, court: string) => `${when}, ${court}`,
  },
  /** Places in line for hours taken on every court, and a freed court held for the player. */
  waitlist: {
    title: 'Очередь',
    join: 'Встать в очередь',
    /** Under the dial, for a taken hour: '18:00: все корты заняты'. */
    takenHour: (hour: number) => `${hourText(hour)}: все корты заняты`,
    joinHint: `Если корт освободится, мы напишем на почту и покажем его в «Моих играх»: на подтверждение будет ${WAITLIST_HOLD_MINUTES} минут.`,
    /** 'Вы в очереди: 2-й' */
    position: (position: number) => `Вы в очереди: ${position}-й`,
    leave: 'Выйти из очереди',
    /** 'Корт освободился: 12:00, корт 2' */
    /** 'Корт освободился: 12:00, корт 2' (the club's name where it named the court: '…, Грунт'). */
    offer: (time: string, court: number | null, name: string | null) =>
      `Корт освободился: ${time}${court === null ? '' : `, ${name && name !== `Корт ${court}` ? name : `корт ${court}`}`}`,
    /** 'Осталось 14:05': the hold's countdown. */
    holdLeft: (minutes: number, seconds: number) => `Осталось ${minutes}:${String(seconds).padStart(2, '0')}`,
    holdOver: 'Время на подтверждение вышло',
    confirm: 'Подтвердить',
    confirmOnMyGames: 'Подтвердите его в «Моих играх»',
    /** 'Очередь на 12 марта 2027, 12:00': a place's name for the buttons beside it. */
    placeName: (when: string) => `Очередь на ${when}`,
    leaveQuestion: 'Выйти из очереди?',
    leaveWarning: 'Ваше место займут следующие игроки: встав в очередь снова, вы окажетесь в её конце.',
    leaveOfferWarning: 'Корт, который держат для вас, передадут следующему в очереди.',
    leaveYes: 'Да, выйти',
  },
  game: {
    title: 'Игра',
    card: 'Карточка игры',
    /** When the door first opens: the club's door window before the start. */
    doorOpensToday: (time: string) => `Дверь откроется в ${time}`,
    /** A game on another day: its date is on the card just above. */
    doorOpensOnItsDay: (time: string) => `Дверь откроется в день игры, в ${time}`,
    /** The server's too-early refusal («Игра начнётся в 18:00. Пожалуйста, подождите») and when the door opens. */
    tooEarly: (refusal: string, time: string) => `${refusal.replace(/\.?$/, '.')} Дверь откроется в ${time}.`,
    openDoor: 'Открыть дверь',
    end: 'Завершить игру',
    cancel: 'Отменить игру',
    cancelClosed: 'Отменить игру можно не позже чем за час до начала',
    /** The card of a game released as a no-show. */
    noShowNow: (afterMin: number) =>
      `Дверь не открыли в течение ${afterMin} ${plural(afterMin, 'минуты', 'минут', 'минут')} после начала, и корт ` +
      'освободили для других игроков.',
    cancelQuestion: 'Точно хотите отменить игру?',
    /** '23 ноября 2026, 18:00, корт 2' */
    cancelWhat: (when: string, court: string) => `${when}, ${court}`,
    cancelYes: 'Да, отменить',
    endQuestion: 'Завершить игру?',
    endWarning: 'Дверь по этой игре больше не откроется, свет на корте выключится.',
    endYes: 'Да, завершить',
    /** The card of a game in progress and of one that is over. */
    playingNow: 'Игра идёт. Когда будете уходить, завершите её.',
    overNow: 'Игра завершена. Спасибо за игру!',
  },
  door: {
    title: 'Открыть дверь',
    hint: 'Введите код с экрана у двери или отсканируйте его QR-код.',
    codeLabel: 'Код с экрана',
    scan: 'Сканировать QR-код',
    cameraStarting: 'Включаем камеру…',
    opening: 'Открываем…',
    offlinePinTitle: 'Код для двери',
    /** The phone reached nothing: the PIN is its own copy, and the court may well be online. */
    offlinePinPhoneOffline: 'Телефон не в сети. Если на экране у двери клавиатура, введите на нём этот код',
    /** /game?door=<code> (the door screen's QR opened by a phone's camera) without a game whose door opens now. */
    noGameNow: 'Сейчас нет вашей игры, для которой открывается дверь',
    noGameNowHint: (minutes: number) =>
      `Дверь открывается за ${minutes} ${plural(minutes, 'минуту', 'минуты', 'минут')} до начала вашей игры. ` +
      'Время ваших игр — в «Моих играх».',
    toMyGames: 'Перейти в «Мои игры»',
  },
  scanner: {
    hint: 'Наведите камеру на QR-код на экране у двери',
    notDoorCode: 'Это не код двери',
    denied: 'Нет доступа к камере. Разрешите доступ или введите код вручную',
    unavailable: 'Камера недоступна. Введите код вручную',
    manual: 'Ввести код вручную',
    viewfinder: 'Камера',
  },

  // Booking: the calendar, the dial, the courts (booking-texts.ts)
  ...bookingTexts,

  // Paying for a game: prices, the payment step, a game's money (payment-texts.ts)
  ...paymentTexts,

  /** The network-failure screen around the spec's sentence: what to try, and the club to call. */
  failure: {
    tipsTitle: 'Что можно сделать',
    tips: [
      'Проверьте, что включён мобильный интернет или Wi-Fi и выключен режим полёта.',
      'Если связь слабая, перейдите туда, где сигнал лучше, и подождите минуту.',
      'Нажмите «Повторить».',
    ],
    callTitle: 'Не получается? Свяжитесь с клубом',
    /** Today's offline PINs the phone holds (lib/offline-pins.ts): «Код для двери без интернета: 089 234, Корт 3, 10:00». */
    heldPin: heldPinText,
    heldPinsHint: HELD_PINS_HINT,
    noContacts:
      'Если интернет работает, а приложение не открывается, попробуйте позже или позвоните администратору клуба.',
  },

  /** The screen instead of a page that failed to show (app/error-boundary.tsx). */
  crash: {
    title: 'Не удалось показать страницу',
    text: 'Возможно, приложение только что обновилось. Обновите страницу, чтобы продолжить.',
    reload: 'Обновить',
  },

  // The profile
  /** The install's clubs: the player's current one, chosen when there is more than one. */
  sites: {
    label: 'Площадка',
    /** What a screen reader hears of the chooser: 'Площадка: Корт на Лесной'. */
    button: (name: string) => `Площадка: ${name}`,
    chooseTitle: 'Выберите площадку',
    /** The mark of the current site in the list. */
    current: 'выбрана',
    /** The toast once the choice is saved: 'Площадка: Корт на Лесной'. */
    chosen: (name: string) => `Площадка: ${name}`,
  },

  account: {
    title: 'Профиль',
    noPhone: 'не указан',
    role: 'Роль',
    linkedLogins: 'Вход через',
    calendarTitle: 'Календарь игр',
    calendarLinkLabel: 'Ссылка на календарь',
    calendarOff: 'Отключить ссылку',
    copyLink: 'Скопировать ссылку',
    linkCopied: 'Ссылка скопирована',
    copyFailed: 'Не удалось скопировать. Выделите ссылку и скопируйте её вручную',
    calendarGet: 'Получить ссылку на календарь',
    /** The feed as a calendar subscription: the phone's calendar (webcal://) or Google Calendar. */
    calendarAdd: 'Добавить в календарь',
    calendarAddHint: 'Ваши игры появятся в календаре и будут обновляться сами.',
    calendarGoogle: 'Google Календарь',
    calendarMore: 'Ссылка для другого календаря',
    /** Editing the name and phone. */
    edit: 'Изменить',
    editTitle: 'Изменение профиля',
    save: 'Сохранить',
    saved: 'Профиль сохранён',
    phoneHint: 'Можно оставить пустым',
    securityTitle: 'Пароль',
    dangerTitle: 'Удаление профиля',
    changePassword: 'Сменить пароль',
    changePasswordTitle: 'Смена пароля',
    deleteProfile: 'Удалить профиль',
    deleteTitle: 'Удалить профиль?',
    deleteWarning:
      'Будущие игры будут отменены, аренда ящика завершена. Через 10 дней все ваши данные будут удалены без ' +
      'возможности восстановления.',
  },

  /**
   * /account «Уведомления»: the rest of the texts are `notificationTexts`,
   * `noticeKindNames`, `noticeChannelNames` and `channelOffTexts` of @kort/contracts.
   */
  notifications: {
    /** The matrix's first column and what a screen reader hears of it. */
    matrixCaption: 'Какие сообщения и куда присылать',
    kind: 'Сообщения',
    /** One box: 'Напоминания об играх: Telegram'. */
    choice: (kind: string, channel: string) => `${kind}: ${channel}`,
    /** Under a channel's name in the matrix while it is not linked. */
    linkTelegramFirst: 'Подключите Telegram ниже',
    enablePushFirst: 'Включите уведомления на устройстве ниже',
    loadFailed: 'Не удалось загрузить настройки уведомлений',
    telegramHint: 'Бот клуба будет присылать сообщения в Telegram.',
    openTelegram: 'Открыть Telegram',
    qr: 'QR-код ссылки на бот клуба в Telegram',
    qrHint: 'Или наведите камеру телефона на QR-код.',
    /** 'Ссылка действует до 18:40' */
    linkUntil: (time: string) => `Ссылка действует до ${time}`,
    linkExpired: 'Срок действия ссылки истёк. Получите новую.',
    waitingForBot: 'Ждём подтверждения от бота…',
    pushHint: 'Сообщения придут на этот телефон или компьютер, даже когда приложение закрыто.',
    enable: 'Включить',
    pushDismissed: 'Разрешение не дано. Нажмите «Включить» и выберите «Разрешить»',
    /** After the browser refused: it will not ask again, the player allows it in the site's settings. */
    pushHowToAllow:
      'Как разрешить: нажмите на значок замка или «i» слева от адреса сайта, откройте «Уведомления», ' +
      'выберите «Разрешить» и обновите страницу. Потом нажмите «Включить».',
    noKey: 'клуб не передал ключ',
    /** 'Не удалось подписаться на уведомления: Registration failed - push service error' */
    subscribeFailed: (reason: string) => `Не удалось подписаться на уведомления: ${reason}`,
    /** 'Подключено устройств: 2' */
    devices: (count: number) => `Подключено устройств: ${count}`,
  },

  // Storage: shelves and the club's equipment (storage-texts.ts)
  ...storageTexts,
} as const;
