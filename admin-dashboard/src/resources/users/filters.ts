/**
 * Who the players list shows when it opens: the active players, the very people the home page's
 * "Игроков" counts (GET /api/count_users/). Its own module: the home page links to the list with
 * it without loading the list.
 */
export const ACTIVE_PLAYERS = { role: 'player', status: 'active' } as const;
