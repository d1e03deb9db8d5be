import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOkResponse, ApiResponse, ApiTags } from '@nestjs/swagger';
import { BookingError, type DetailResponse, messages, recieveBody } from '@kort/contracts';
import { KortError } from '../common/kort-error';
import { CurrentUser } from '../auth/current-user';
import { BodySchema } from '../common/request-schema';
import { ChangesState, OwnObject } from '../common/route-policy';
import type { User } from '../users/user.entity';
import { DoorService } from './door.service';

@ApiTags('door')
@Controller()
export class DoorController {
  constructor(private readonly door: DoorService) {}

  /** Shows a door code for the game on the door display; the code is not returned to the phone. */
  @Get('send/:gameId')
  @ChangesState()
  @OwnObject('game', 'gameId')
  @ApiOkResponse({
    description: `The code is on the door display: \`detail\` is "${messages.codeOnDisplay}".`,
    schema: { type: 'object', required: ['detail'], properties: { detail: { type: 'string' } } },
  })
  @ApiResponse({
    status: 503,
    description:
      "The site's agent is offline: the game's offline PIN for the keypad at the door (OfflinePinResponse). " +
      'Also 503, with `detail` only, when the service itself is unavailable.',
    schema: {
      type: 'object',
      required: ['detail'],
      properties: { detail: { type: 'string' }, offline_pin: { type: 'string', pattern: '^[0-9]{6}$' } },
    },
  })
  async send(@CurrentUser() user: User, @Param('gameId') gameId: string): Promise<DetailResponse> {
    await this.door.sendCode(user, gameNumber(gameId));
    return { detail: messages.codeOnDisplay };
  }

  /** The code typed or scanned at the door (the spec's spelling of the path). */
  @Post('recieve')
  @HttpCode(200)
  @OwnObject('door-code', 'qr_code')
  @BodySchema(recieveBody)
  async receive(@CurrentUser() user: User, @Body() body: { qr_code: string }): Promise<DetailResponse> {
    await this.door.openWithCode(user, body.qr_code);
    return { detail: messages.doorOpened };
  }

  @Get('end/:gameId')
  @ChangesState()
  @OwnObject('game', 'gameId')
  async end(@CurrentUser() user: User, @Param('gameId') gameId: string): Promise<DetailResponse> {
    await this.door.endGame(user, gameNumber(gameId));
    return { detail: messages.gameEnded };
  }
}

function gameNumber(raw: string): number {
  if (!/^\d{1,9}$/.test(raw)) throw new KortError(BookingError.GameNotFound);
  return Number(raw);
}
