import { Global, Module } from '@nestjs/common';
import { EventOutbox } from './event-outbox';

/** The outbox of what follows a commit (event-outbox.ts), for every module that writes facts. */
@Global()
@Module({ providers: [EventOutbox], exports: [EventOutbox] })
export class EventsModule {}
