import { Global, Module } from '@nestjs/common';
import { ChangeFeed } from './change-feed';

/** The change feed every feature builds its read caches on (cache/change-feed.ts). */
@Global()
@Module({ providers: [ChangeFeed], exports: [ChangeFeed] })
export class CacheModule {}
