import { BullModule } from '@nestjs/bullmq';
import { Global, Module } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { QUEUE_OPTIONS, QUEUES } from './queues';

/** Connection and key prefix of every queue (also used by QueueEvents listeners). */
export function bullOptions(config: AppConfig) {
  const url = new URL(config.redisUrl);
  return {
    prefix: `${config.redisPrefix}bull`,
    connection: {
      host: url.hostname,
      port: Number(url.port || 6379),
      username: url.username || undefined,
      password: url.password ? decodeURIComponent(url.password) : undefined,
      db: url.pathname.length > 1 ? Number(url.pathname.slice(1)) : 0,
      tls: url.protocol === 'rediss:' ? {} : undefined,
    },
  };
}

const queues = (Object.keys(QUEUES) as (keyof typeof QUEUES)[]).map((key) =>
  BullModule.registerQueue({ name: QUEUES[key], defaultJobOptions: QUEUE_OPTIONS[key] }),
);

/** BullMQ on the API's Redis; queue names and policies come from queues.ts. */
@Global()
@Module({
  imports: [
    BullModule.forRootAsync({
      inject: [AppConfig],
      useFactory: (config: AppConfig) => bullOptions(config),
    }),
    ...queues,
  ],
  exports: queues,
})
export class QueuesModule {}
