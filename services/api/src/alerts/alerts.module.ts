import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { AdminAlertsController } from './admin-alerts.controller';
import { AgentOfflineCheck } from './agent-offline-check';
import { AlertMessages } from './alert-messages';
import { AlertsProcessor } from './alerts.processor';
import { AlertsService } from './alerts.service';

/**
 * Door and Pi alerts (table alerts, docs/decisions/0103-alerts.md): the agents' alarms the outbox
 * applies, the API's own `agent.offline`, their Telegram messages, and the dashboard's `alerts`.
 * The devices module calls it (the outbox, an agent's connect, the /live push); it calls no device.
 */
@Module({
  imports: [AuditModule],
  controllers: [AdminAlertsController],
  providers: [AlertsService, AlertMessages, AgentOfflineCheck, AlertsProcessor],
  exports: [AlertsService],
})
export class AlertsModule {}
