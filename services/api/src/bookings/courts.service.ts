import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { ChangeFeed } from '../cache/change-feed';
import type { LocalCache } from '../cache/local-cache';
import { Court } from './court.entity';

/** The club's courts, read once into memory (they change only by migration or by hand). */
@Injectable()
export class CourtsService {
  private readonly cache: LocalCache<Court[]>;

  constructor(
    @InjectRepository(Court) private readonly courts: Repository<Court>,
    feed: ChangeFeed,
  ) {
    this.cache = feed.cache('courts', { maxEntries: 1 });
  }

  list(): Promise<Court[]> {
    return this.cache.get('all', () => this.courts.find({ order: { id: 'ASC' } }));
  }

  async exists(id: number): Promise<boolean> {
    return (await this.list()).some((court) => court.id === id);
  }

  async count(): Promise<number> {
    return (await this.list()).length;
  }
}
