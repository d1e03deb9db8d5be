import { Global, Module } from '@nestjs/common';
import { DomainEvents } from './domain-events';
import { EventOutbox } from './event-outbox';

/**
 * What follows a commit, for every module that writes facts: the domain events' one dispatcher
 * (domain-events.ts) and the outbox of the follow-ups that must survive a crash (event-outbox.ts).
 */
@Global()
@Module({ providers: [DomainEvents, EventOutbox], exports: [DomainEvents, EventOutbox] })
export class EventsModule {}
