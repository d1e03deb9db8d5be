import { BeforeApplicationShutdown, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';

/** Tells the operator that a stop is orderly: requests finish, workers and connections close. */
@Injectable()
export class ShutdownLog implements BeforeApplicationShutdown, OnApplicationShutdown {
  private readonly logger = new Logger('Shutdown');

  beforeApplicationShutdown(signal?: string): void {
    this.logger.log({ signal }, 'stopping: finishing requests, closing queue workers and connections');
  }

  onApplicationShutdown(signal?: string): void {
    this.logger.log({ signal }, 'stopped');
  }
}
