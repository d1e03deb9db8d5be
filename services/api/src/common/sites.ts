/**
 * The site every club row belongs to until an install runs several (the `sites` table: one edge
 * agent each). Its courts, closures and school terms carry this id.
 */
export const DEFAULT_SITE = 'default';
