import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { DeviceStatus } from '@kort/contracts';
import { CurrentUser } from '../auth/current-user';
import { AdminOnly, ChangesState } from '../common/route-policy';
import type { User } from '../users/user.entity';
import { CurrentSite } from '../sites/current-site';
import type { SiteRecord } from '../sites/sites.service';
import { CommandsService } from './commands.service';
import { DevicesService } from './devices.service';

/**
 * The admin's light and door at the dashboard's chosen site: each answers with the
 * state that site's agent confirmed.
 */
@ApiTags('devices')
@Controller()
@AdminOnly()
export class DevicesController {
  constructor(
    private readonly devices: DevicesService,
    private readonly commands: CommandsService,
  ) {}

  @Get('get_device_status')
  deviceStatus(@CurrentSite() site: SiteRecord): Promise<DeviceStatus> {
    return this.devices.status(site);
  }

  @Get('turn_on_light')
  @ChangesState()
  turnOnLight(@CurrentUser() admin: User, @CurrentSite() site: SiteRecord): Promise<DeviceStatus> {
    return this.run(site, admin, 'light.on', 'light');
  }

  @Get('turn_off_light')
  @ChangesState()
  turnOffLight(@CurrentUser() admin: User, @CurrentSite() site: SiteRecord): Promise<DeviceStatus> {
    return this.run(site, admin, 'light.off', 'light');
  }

  /** Held open until close_door (the player's door.open is a short pulse). */
  @Get('open_door')
  @ChangesState()
  openDoor(@CurrentUser() admin: User, @CurrentSite() site: SiteRecord): Promise<DeviceStatus> {
    return this.run(site, admin, 'door.hold', 'door');
  }

  @Get('close_door')
  @ChangesState()
  closeDoor(@CurrentUser() admin: User, @CurrentSite() site: SiteRecord): Promise<DeviceStatus> {
    return this.run(site, admin, 'door.close', 'door');
  }

  private async run(
    site: SiteRecord,
    admin: User,
    action: 'light.on' | 'light.off' | 'door.hold' | 'door.close',
    device: 'light' | 'door',
  ): Promise<DeviceStatus> {
    // A light switched on by hand goes off by itself after LIGHT_MANUAL_MAX_MIN (the agent's rule).
    const params = action === 'light.on' ? { manual: true } : undefined;
    const relays = await this.commands.run({ site, action, device, requestedBy: admin.id, params });
    // The ack carries every relay as the agent left it, this instant: the answer, with no read.
    return {
      light_on: relays.light ?? false,
      door_open: relays.door ?? false,
      online: true,
      last_seen: new Date().toISOString(),
    };
  }
}
