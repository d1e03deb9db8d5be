import { monthsNominative, plural } from '@kort/contracts';
import { hourRange } from './format';

/** '1 игра', '2 игры', '5 игр' */
const games = (count: number) => `${count} ${plural(count, 'игра', 'игры', 'игр')}`;

/**
 * The booking screens' texts (the calendar, the dial and its list of hours, the courts, the summary):
 * part of the player app's one messages module, `ui` of ./messages, which spreads them in.
 */
export const bookingTexts = {
  reserve: {
    chooseDate: 'Выберите дату',
    chooseTime: 'Выберите время',
    chooseCourt: 'Выберите корт',
    /** 'ср, 25 ноября, 18:00–19:00' above the courts. */
    dateAndHour: (day: string, hour: number) => `${day}, ${hourRange(hour)}`,
    courtTaken: ' — занят',
    /** A court a closure keeps closed at that hour, under its name: 'Закрыт: Ремонт покрытия'. */
    courtClosed: (reason: string) => `Закрыт: ${reason}`,
    /**
     * Why the player's own quotas refuse a day (GET /api/booking_limits/), by the club's quotas
     * (`quota_per_day`, `quota_per_week`): the spec's 1 and 2 read 'Уже есть игра в этот день' and
     * 'Две игры на этой неделе'.
     */
    limits: {
      day: (perDay: number) => (perDay === 1 ? 'Уже есть игра в этот день' : `Уже ${games(perDay)} в этот день`),
      week: (perWeek: number) =>
        perWeek === 1
          ? 'Уже есть игра на этой неделе'
          : perWeek === 2
            ? 'Две игры на этой неделе'
            : `Уже ${games(perWeek)} на этой неделе`,
    },
    /** Desktop: the dial's column before a date is chosen. */
    chooseDateFirst: 'Выберите дату в календаре, и здесь появится свободное время.',
    summaryTitle: 'Проверьте бронирование',
    summary: { date: 'Дата', time: 'Время', court: 'Корт' },
    confirm: 'Подтвердить бронирование',
    /** The plain list of hours beside the dial; a row of a day the player's quotas refuse says why. */
    hourList: {
      label: 'Часы списком',
      /** A taken hour open for the line. Not the join button's words: a row is not that button. */
      takenLine: 'занято, можно в очередь',
    },
    /** The dial's centre: the club's time before an hour is chosen, the chosen hour after. */
    dialNow: 'сейчас',
    /** A desktop's third column: what is chosen so far. */
    choice: {
      title: 'Ваша бронь',
      noDate: 'Дата не выбрана',
      noHour: 'Время не выбрано',
      hint: 'Выберите дату и время, затем нажмите «Далее», чтобы выбрать корт.',
      /** The chosen hour is taken on every court: what the action beside the dial does instead. */
      lineHint: 'В это время все корты заняты: можно встать в очередь.',
    },
    /** /reserve while new bookings are paused for no-shows, or while the player has their games ahead. */
    blocked: {
      /** The heading while the games ahead are full; the reason (games.limit) follows it. */
      full: 'Новую игру пока не забронировать',
      contactsHint: 'Если это ошибка или нужно записаться раньше, свяжитесь с клубом:',
      toMyGames: 'К моим играм',
    },
  },
  calendar: {
    previousMonth: 'Предыдущий месяц',
    nextMonth: 'Следующий месяц',
    /** Month names in the nominative, for the calendar's title ("Ноябрь 2026"). */
    months: monthsNominative,
    /** Column headers, Monday first: what is shown and what a screen reader says. */
    weekdays: [
      { short: 'пн', full: 'понедельник' },
      { short: 'вт', full: 'вторник' },
      { short: 'ср', full: 'среда' },
      { short: 'чт', full: 'четверг' },
      { short: 'пт', full: 'пятница' },
      { short: 'сб', full: 'суббота' },
      { short: 'вс', full: 'воскресенье' },
    ],
    /** Added to a full day's name for a screen reader. */
    noFreeTime: '. Нет свободного времени',
    legend: 'нет свободного времени',
    /** Added to a full day's name while its taken hours take a place in line. */
    noFreeTimeWaitlist: '. Нет свободного времени, можно встать в очередь',
    /** Added to the name of a day past the booking horizon. */
    beyondHorizon: '. Запись на этот день ещё не открыта',
    /** Added to a day's name when the player's quotas refuse it: '. Уже есть игра в этот день'. */
    limited: (reason: string) => `. ${reason}`,
  },
  dial: {
    /** The inner ring's other half, 0:00-6:00: drawn so the morning is not a half ring, never offered. */
    night: 'ночь',
    /** What a screen reader hears of an hour, by its state. */
    states: {
      free: 'свободно',
      taken: 'занято',
      closed: 'закрыто',
      past: 'прошло',
      mine: 'ваша игра',
      limited: 'недоступно',
    },
    /** A taken hour the player may join the line for, and one they are in line for already. */
    takenWaitlist: 'занято, можно встать в очередь',
    takenQueued: 'занято, вы в очереди',
    legendLabel: 'Обозначения',
    legend: { taken: 'Занято', free: 'Свободно', mine: 'Ваша игра', closed: 'Закрыто', past: 'Прошло' },
    /** Under the dial, for each reason of the closed hours inside the club's hours: 'Закрыто: Турнир'. */
    closedBecause: (reason: string) => `Закрыто: ${reason}`,
    datePassed: 'Эта дата уже прошла',
    noFreeTime: 'На эту дату свободного времени нет',
    noFreeTimeWaitlist: 'Свободного времени нет: выберите занятый час, чтобы встать в очередь',
    /** The parts of what a screen reader hears about the hours that are not offered. */
    summary: {
      now: (hour: number, minute: number) =>
        `Сейчас ${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}.`,
      mine: (hours: string) => `Ваша игра: ${hours}.`,
      datePassed: 'Эта дата уже прошла.',
      taken: (hours: string) => `Занято: ${hours}.`,
      /** 'Закрыто: 14:00, 15:00 (Турнир).' */
      closed: (hours: string, reason: string) => `Закрыто: ${hours} (${reason}).`,
      past: (hours: string) => `Прошло: ${hours}.`,
      limited: (reason: string) => `${reason}: забронировать нельзя.`,
    },
  },
} as const;
