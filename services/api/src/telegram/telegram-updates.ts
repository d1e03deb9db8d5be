import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Context } from 'grammy';
import type { Update } from 'grammy/types';
import type { Repository } from 'typeorm';
import { BookingError } from '@kort/contracts';
import { MyGames } from '../bookings/my-games';
import { Waitlist } from '../bookings/waitlist';
import { CourtsService } from '../club/courts.service';
import { Clock } from '../common/clock';
import { KortError } from '../common/kort-error';
import { PlayerChannels } from '../notifications/player-channels';
import { TelegramBot } from '../notifications/telegram-bot';
import { SiteTime } from '../time/site-time';
import { User } from '../users/user.entity';
import { TelegramLinks, type LinkResult } from './telegram-links';

export const botTexts = {
  help: [
    'Я бот клуба «Корт». Присылаю напоминания об играх, предложения из очереди, когда освобождается корт, и сообщения клуба.',
    '',
    '/games — ваши ближайшие игры',
    '/help — эта подсказка',
    '',
    'Коды двери я не присылаю: они появляются на экране у входа и в приложении.',
    'Подключить или отключить Telegram можно в приложении: «Аккаунт» → «Уведомления».',
  ].join('\n'),
  notLinked: 'Этот чат не подключён к профилю. Откройте приложение: «Аккаунт» → «Уведомления» → «Подключить Telegram».',
  linked: (name: string) =>
    `${name}, Telegram подключён! Сюда будут приходить напоминания об играх, предложения из очереди и сообщения клуба.\n\n/games — ближайшие игры, /help — помощь.`,
  refused: {
    'not-private': 'Подключить Telegram можно только в личном чате с ботом.',
    unknown:
      'Ссылка устарела или неверна. Получите новую в приложении: «Аккаунт» → «Уведомления» → «Подключить Telegram».',
    'used-here': 'Telegram уже подключён по этой ссылке.',
    'used-elsewhere': 'Эта ссылка уже использована. Получите новую в приложении: «Аккаунт» → «Уведомления».',
    'chat-taken': 'Этот Telegram уже подключён к другому профилю клуба. Сначала отключите его там.',
    'account-gone': 'Профиль не найден. Подключите Telegram заново из приложения.',
  } satisfies Record<Exclude<LinkResult, { linked: true }>['why'], string>,
  noGames: 'Ближайших игр нет. Забронировать корт можно в приложении.',
  confirmed: 'Игра подтверждена',
  late: 'Время вышло',
  offerGone: 'Предложение больше не действует',
  unknownCommand: 'Не понимаю. /help — что я умею.',
} as const;

const GAMES_SHOWN = 5;

/**
 * What the bot answers (grammY handlers on the shared Bot): /start with a link token links the
 * chat, /games lists the player's next games, /help says what the bot does, and an offer's
 * «Подтвердить» confirms the hold for the chat's own player while the hold lasts. The same
 * handlers serve the webhook and the poller. Nothing here ever says a door code or offline PIN.
 */
@Injectable()
export class TelegramUpdates implements OnModuleInit {
  private readonly logger = new Logger('Telegram');

  constructor(
    private readonly telegram: TelegramBot,
    private readonly links: TelegramLinks,
    private readonly channels: PlayerChannels,
    private readonly waitlist: Waitlist,
    private readonly myGames: MyGames,
    @InjectRepository(User) private readonly users: Repository<User>,
    private readonly clock: Clock,
    private readonly time: SiteTime,
    private readonly courts: CourtsService,
  ) {}

  onModuleInit(): void {
    const bot = this.telegram.bot;
    if (!bot) return;
    bot.command('start', (ctx) => this.start(ctx));
    bot.command('games', (ctx) => this.games(ctx));
    bot.command('help', (ctx) => ctx.reply(botTexts.help));
    bot.callbackQuery(/^confirm:(\d{1,9})$/, (ctx) => this.confirm(ctx, Number(ctx.match[1])));
    bot.on('callback_query:data', (ctx) => ctx.answerCallbackQuery({ text: botTexts.offerGone }));
    bot.on('message:text', (ctx) => ctx.reply(botTexts.unknownCommand));
    bot.catch((error) => {
      this.logger.error({ update: error.ctx.update.update_id, error: String(error.error) }, 'telegram update failed');
    });
  }

  /** An update from the webhook (the poller hands its own to grammY). */
  async handle(update: Update): Promise<void> {
    const bot = await this.telegram.init();
    await bot.handleUpdate(update);
  }

  private async start(ctx: Context): Promise<void> {
    const token = typeof ctx.match === 'string' ? ctx.match.trim() : '';
    if (!ctx.chat) return;
    if (!token) {
      const userId = await this.channels.playerOfChat(ctx.chat.id);
      await ctx.reply(userId ? botTexts.help : `${botTexts.notLinked}\n\n${botTexts.help}`);
      return;
    }
    const result = await this.links.redeem(ctx.chat, token);
    if (!result.linked) {
      await ctx.reply(botTexts.refused[result.why]);
      return;
    }
    const user = await this.users.findOneBy({ id: result.userId });
    await ctx.reply(botTexts.linked(user?.name ?? 'Здравствуйте'));
  }

  private async games(ctx: Context): Promise<void> {
    if (!ctx.chat) return;
    const userId = await this.channels.playerOfChat(ctx.chat.id);
    if (!userId) {
      await ctx.reply(botTexts.notLinked);
      return;
    }
    // Games of every site, each in its own site's time; the site named when there are several.
    const games = await this.myGames.liveGames(userId, this.clock.now(), GAMES_SHOWN);
    if (games.length === 0) {
      await ctx.reply(botTexts.noGames);
      return;
    }
    const lines = [];
    const severalSites = new Set(games.map((game) => game.siteName)).size > 1;
    for (const game of games) {
      const clock = this.time.of({ timezone: game.siteTimezone });
      const when = `${clock.longDate(game.startsAt)} (${clock.weekday(game.startsAt)}) в ${clock.time(game.startsAt)}`;
      const where = await this.courts.label(game.courtId);
      lines.push(`• ${when}, ${where}${severalSites ? `, ${game.siteName}` : ''}`);
    }
    await ctx.reply(['Ваши ближайшие игры:', ...lines].join('\n'));
  }

  /** «Подтвердить» under an offer: the chat's own player, the hold not over. */
  private async confirm(ctx: Context, entryId: number): Promise<void> {
    const chatId = ctx.chat?.id ?? ctx.from?.id;
    const userId = chatId === undefined ? null : await this.channels.playerOfChat(chatId);
    const user = userId ? await this.users.findOneBy({ id: userId }) : null;
    if (!user) {
      await ctx.answerCallbackQuery({ text: botTexts.notLinked, show_alert: true });
      return;
    }
    try {
      await this.waitlist.confirm(user, entryId);
    } catch (error) {
      if (error instanceof KortError && error.code === BookingError.HoldExpired) {
        await ctx.answerCallbackQuery({ text: botTexts.late, show_alert: true });
        await ctx.editMessageReplyMarkup({ reply_markup: undefined }).catch(() => undefined);
        return;
      }
      if (error instanceof KortError && error.code === BookingError.WaitlistNotFound) {
        await ctx.answerCallbackQuery({ text: botTexts.offerGone, show_alert: true });
        return;
      }
      throw error;
    }
    this.logger.log({ user: user.id, entry: entryId }, 'waitlist offer confirmed from telegram');
    await ctx.answerCallbackQuery({ text: botTexts.confirmed });
    await ctx.editMessageReplyMarkup({ reply_markup: undefined }).catch(() => undefined);
    await ctx.reply(`✅ ${botTexts.confirmed}. Она уже в «Моих играх».`);
  }
}
