import { SetMetadata } from '@nestjs/common';
import { messages } from '@kort/contracts';

export const PUBLIC_ROUTE = 'kort:public';
export const ADMIN_ROUTE = 'kort:admin';
export const CHANGES_STATE = 'kort:changes-state';
export const OWN_OBJECT = 'kort:own-object';
export const SHARED_OBJECT = 'kort:shared-object';
export const SERVER_CALL = 'kort:server-call';
export const OWNERS_ONLY = 'kort:owners-only';

/** No session needed (login, registration, recovery, rules text, health). */
export const Public = () => SetMetadata(PUBLIC_ROUTE, true);

/**
 * How another server proves itself: Telegram by its webhook secret header, YooKassa by its
 * addresses, a site's agent by its token. The feature that knows the credential registers its
 * check (common/server-credentials.ts).
 */
export type ServerCredential = 'telegram-secret' | 'yookassa-address' | 'agent-token';

/**
 * Called by another server, never a browser: no session and no CSRF cookie exist to check, so the
 * request gate checks the caller's own credential first, before any session or input is read, and
 * the handler runs only for a caller that proved itself.
 */
export const ServerCall = (credential: ServerCredential) => SetMetadata(SERVER_CALL, credential);

/** The OpenAPI security scheme of an agent's own HTTP calls: its site's token as a bearer, the site in X-Kort-Site. */
export const AGENT_TOKEN_SCHEME = 'agentToken';

/** Admin sessions only; a player gets 403. */
export const AdminOnly = () => SetMetadata(ADMIN_ROUTE, true);

/**
 * On an @AdminOnly route: owners only (creating and editing sites, agent tokens); a site's admin
 * gets 403 «Это может только владелец» from the request gate, before the input is read. The
 * authorization matrix (test/authz-matrix.test.ts) holds every site admin to that refusal.
 */
export const OwnersOnly = () => SetMetadata(OWNERS_ONLY, true);

/**
 * Marks a GET that changes state (the spec has many: logout, del_account, send, …) so that it
 * needs the CSRF header like any POST: a cross-site link or image must never change anything.
 */
export const ChangesState = () => SetMetadata(CHANGES_STATE, true);

/**
 * The objects that belong to one player, and what anyone else who names one gets: the answer for
 * an object that does not exist, so another player's ids are never confirmed (docs/decisions.md).
 * Admins included: they reach players' objects through the admin routes, not these. A secret
 * link is the credential itself (calendar apps send no cookies): whoever holds it may read.
 */
export const OWNED_OBJECTS = {
  game: { refusal: { status: 404, detail: messages.gameNotFound } },
  'door-code': { refusal: { status: 400, detail: messages.wrongDoorCode } },
  shelf: { refusal: { status: 404, detail: messages.notYourShelf } },
  rental: { refusal: { status: 404, detail: messages.rentalNotFound } },
  'calendar-feed': { secretLink: true },
  'waitlist-place': { refusal: { status: 404, detail: messages.waitlistNotFound } },
} as const satisfies Record<string, { refusal: { status: number; detail: string } } | { secretLink: true }>;

export type OwnedKind = keyof typeof OWNED_OBJECTS;

/**
 * Club objects any player may name: a court to book, a shelf to rent, a login provider, a site to
 * play at; and an agent release any site's agent may download.
 */
export type SharedKind = 'court' | 'shelf' | 'provider' | 'site' | 'release';

export interface ObjectDeclaration<Kind extends string> {
  kind: Kind;
  /** The path parameters, query or body fields that name the object. */
  fields: string[];
}

/**
 * The route acts on an object of the caller's own, named by these path, query or body fields (a
 * game by id, a rented shelf, a rental). Metadata only: the service checks the owner; the
 * authorization matrix (test/authz-matrix.test.ts) holds every other caller to the refusal above.
 */
export const OwnObject = (kind: OwnedKind, ...fields: [string, ...string[]]) =>
  SetMetadata(OWN_OBJECT, { kind, fields } satisfies ObjectDeclaration<OwnedKind>);

/** The route names a club object that belongs to no player (metadata only, like OwnObject). */
export const SharedObject = (kind: SharedKind, ...fields: [string, ...string[]]) =>
  SetMetadata(SHARED_OBJECT, { kind, fields } satisfies ObjectDeclaration<SharedKind>);
