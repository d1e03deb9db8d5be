import { Module } from '@nestjs/common';
import { HealthController } from './health.controller';

/** `GET /api/health/`: PostgreSQL, Redis and the queues, and whether this replica takes work. */
@Module({ controllers: [HealthController] })
export class HealthModule {}
