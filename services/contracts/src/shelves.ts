import { z } from 'zod';
import { messages } from './messages';

/** Shelves 1-9 are rented by players; compartments 10 and 11 hold the club's equipment. */
export const PLAYER_SHELVES = [1, 2, 3, 4, 5, 6, 7, 8, 9] as const;
export const EQUIPMENT_SHELVES = [10, 11] as const;

/** One entry of GET /api/shelves/ (players never learn who rents a shelf). */
export const shelfViewSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  status: z.enum(['free', 'occupied', 'blocked']),
  is_blocked: z.boolean(),
});
export type ShelfView = z.infer<typeof shelfViewSchema>;
export type ShelfStatus = ShelfView['status'];

/** GET /api/current_shelf/: the caller's rental, or null; `is_open`: its lock as the agent last reported it. */
export const currentShelfSchema = z.object({
  name: z.string(),
  id: z.number().int(),
  id_reserve: z.number().int(),
  is_open: z.boolean(),
});
export type CurrentShelf = z.infer<typeof currentShelfSchema>;

/** One entry of GET /api/give_inventory/; `mine`: the caller holds it now. */
export const equipmentViewSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  status: z.enum(['free', 'on_loan', 'blocked']),
  is_blocked: z.boolean(),
  mine: z.boolean(),
});
export type EquipmentView = z.infer<typeof equipmentViewSchema>;

/** `{detail: …}` around a response schema, as every answer of the API is shaped. */
export const detailOf = <T extends z.ZodType>(schema: T) => z.object({ detail: schema });

const shelfNumber = z.coerce
  .number({ error: messages.shelfNotFound })
  .int({ error: messages.shelfNotFound })
  .min(1, { error: messages.shelfNotFound })
  .max(11, { error: messages.shelfNotFound });

export const reserveShelfQuery = z.object({ id: shelfNumber });
export const shelfIdQuery = z.object({ shelf_id: shelfNumber });
export const reservationQuery = z.object({
  // Rental ids are PostgreSQL integers: a larger number is no rental (and no query).
  reservation_id: z.coerce
    .number({ error: messages.rentalNotFound })
    .int({ error: messages.rentalNotFound })
    .positive({ error: messages.rentalNotFound })
    .max(2_147_483_647, { error: messages.rentalNotFound }),
});
