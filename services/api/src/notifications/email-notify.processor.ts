import { Processor } from '@nestjs/bullmq';
import { Clock } from '../common/clock';
import { MailSender } from '../mail/mail-sender';
import { MetricsService } from '../metrics/metrics.service';
import { NOTIFY_CONCURRENCY, QUEUES } from '../queues/queues';
import type { Notice } from './notices';
import { NoticeTexts } from './notice-texts';
import { Deliveries, NotifyWorker, type Outcome, type Player } from './notify-worker';

/** Notices by e-mail, the channel every player has. */
@Processor(QUEUES.notifyEmail, { concurrency: NOTIFY_CONCURRENCY.email })
export class EmailNotifyProcessor extends NotifyWorker {
  protected readonly channel = 'email';

  constructor(
    deliveries: Deliveries,
    clock: Clock,
    metrics: MetricsService,
    private readonly texts: NoticeTexts,
    private readonly mail: MailSender,
  ) {
    super(deliveries, clock, metrics);
  }

  protected async deliver(player: Player, notice: Notice): Promise<Outcome> {
    await this.mail.send(await this.texts.letter(notice, player.email, player.name));
    return { sent: true };
  }
}
