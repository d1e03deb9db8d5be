import type { EntityManager } from 'typeorm';

/**
 * Where a table owner's write runs: its own connection, or the transaction of a caller that
 * combines several owners' writes (a deletion cancels games and ends a rental with the account).
 */
export type Writer = Pick<EntityManager, 'query' | 'getRepository'>;
