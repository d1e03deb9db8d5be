import { Body, Controller, HttpCode, Logger, Post, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { HttpRequest } from '../common/http';
import { createPaymentBody, PaymentError, type PaymentCreated } from '@kort/contracts';
import { CurrentUser } from '../auth/current-user';
import { KortError } from '../common/kort-error';
import { BodySchema, type Parsed } from '../common/request-schema';
import { OwnObject, Public, ServerCall } from '../common/route-policy';
import { AppConfig } from '../config/app-config';
import type { User } from '../users/user.entity';
import { NotifySenders } from './notify-senders';
import { PaymentNotices } from './payment-notices';
import { PaymentsService } from './payments.service';

/** The player's payment of a held game, and YooKassa's notifications (docs/decisions/0080-payments.md). */
@ApiTags('payments')
@Controller('payments')
export class PaymentsController {
  private readonly logger = new Logger('Payments');
  private readonly senders: NotifySenders;

  constructor(
    private readonly payments: PaymentsService,
    private readonly notices: PaymentNotices,
    config: AppConfig,
  ) {
    this.senders = new NotifySenders(config.yookassaNotifyFrom);
  }

  /** Where to pay for the game: the same payment for the same game and method, however often asked. */
  @Post()
  @HttpCode(200)
  @OwnObject('game', 'booking_id')
  @BodySchema(createPaymentBody)
  pay(@CurrentUser() user: User, @Body() body: Parsed<typeof createPaymentBody>): Promise<PaymentCreated> {
    return this.payments.pay(user, body);
  }

  /**
   * YooKassa's HTTP notifications. Unsigned, so: only from its addresses (YOOKASSA_NOTIFY_FROM, the
   * client address as TRUST_PROXY reveals it), answered 200 at once, and acted on only through the
   * object read back by id (PaymentNotices).
   */
  @Post('yookassa')
  @HttpCode(200)
  @Public()
  @ServerCall()
  @ApiOperation({ summary: "YooKassa's notification ({type: 'notification', event, object}); from its addresses only" })
  notification(@Req() request: HttpRequest): { ok: true } {
    if (!this.senders.allows(request.ip)) {
      this.logger.warn({ ip: request.ip }, 'YooKassa notification refused: not from its addresses');
      throw new KortError(PaymentError.NotifyRefused);
    }
    this.notices.received(request.body);
    return { ok: true };
  }
}
