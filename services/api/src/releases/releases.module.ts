import { Module } from '@nestjs/common';
import { DevicesModule } from '../devices/devices.module';
import { AgentReleasesController } from './agent-releases.controller';
import { AgentReleasesService } from './agent-releases.service';
import { EdgeReleasesController } from './edge-releases.controller';
import { RolloutTicker } from './rollout-ticker';

/**
 * Agent releases (tables agent_releases, agent_rollouts, agent_updates): signed bundles, staged
 * rollouts, each site's update reports, and the agents' downloads. Above the devices: it tells
 * agents through the /edge gateway and reads their outbox reports through OutboxService.onApplied.
 */
@Module({
  imports: [DevicesModule],
  controllers: [AgentReleasesController, EdgeReleasesController],
  providers: [AgentReleasesService, RolloutTicker],
})
export class ReleasesModule {}
