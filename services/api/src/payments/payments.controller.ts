import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { HttpRequest } from '../common/http';
import { createPaymentBody, type PaymentCreated } from '@kort/contracts';
import { CurrentUser } from '../auth/current-user';
import { BodySchema, type Parsed } from '../common/request-schema';
import { OwnObject, Public, ServerCall } from '../common/route-policy';
import type { User } from '../users/user.entity';
import { PaymentNotices } from './payment-notices';
import { PaymentsService } from './payments.service';

/** The player's payment of a held game, and YooKassa's notifications (docs/decisions/0080-payments.md). */
@ApiTags('payments')
@Controller('payments')
export class PaymentsController {
  constructor(
    private readonly payments: PaymentsService,
    private readonly notices: PaymentNotices,
  ) {}

  /** Where to pay for the game: the same payment for the same game and method, however often asked. */
  @Post()
  @HttpCode(200)
  @OwnObject('game', 'booking_id')
  @BodySchema(createPaymentBody)
  pay(@CurrentUser() user: User, @Body() body: Parsed<typeof createPaymentBody>): Promise<PaymentCreated> {
    return this.payments.pay(user, body);
  }

  /**
   * YooKassa's HTTP notifications. Unsigned, so: only from its addresses (the request gate checks
   * them: notify-senders.ts), answered 200 at once, and acted on only through the object read back
   * by id (PaymentNotices).
   */
  @Post('yookassa')
  @HttpCode(200)
  @Public()
  @ServerCall('yookassa-address')
  @ApiOperation({ summary: "YooKassa's notification ({type: 'notification', event, object}); from its addresses only" })
  notification(@Req() request: HttpRequest): { ok: true } {
    this.notices.received(request.body);
    return { ok: true };
  }
}
