import { SetMetadata } from '@nestjs/common';

export const PUBLIC_ROUTE = 'kort:public';
export const ADMIN_ROUTE = 'kort:admin';
export const CHANGES_STATE = 'kort:changes-state';

/** No session needed (login, registration, recovery, rules text, health). */
export const Public = () => SetMetadata(PUBLIC_ROUTE, true);

/** Admin sessions only; a player gets 403. */
export const AdminOnly = () => SetMetadata(ADMIN_ROUTE, true);

/**
 * Marks a GET that changes state (the spec has many: logout, del_account, send, …) so that it
 * needs the CSRF header like any POST: a cross-site link or image must never change anything.
 */
export const ChangesState = () => SetMetadata(CHANGES_STATE, true);
