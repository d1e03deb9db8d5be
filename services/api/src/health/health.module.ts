import { Module } from '@nestjs/common';
import { HealthController } from './health.controller';
import { HealthService } from './health.service';

/** `GET /api/health/`: PostgreSQL, Redis and the queues, and whether this replica takes work. */
@Module({ controllers: [HealthController], providers: [HealthService] })
export class HealthModule {}
