import { z } from 'zod';
import { messages } from './messages';
import type { TextRule } from './visible-text';
import { visibleText } from './visible-text-schema';

/**
 * Many clubs on one install. A site is one club: its courts, hours, rules, contacts, shelves, agent
 * and admins. A player has one account for every site and acts on their current one; an admin acts
 * on the site the dashboard chose (`?site_id=` on every admin call).
 */

/** The site every install starts with (the migration moves a one-club install's data into it). */
export const DEFAULT_SITE_ID = 'default';

/** A site's slug (and the id it is created with): lowercase Latin letters, digits and dashes. */
export const SITE_SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?$/;

/** GET /api/sites/ (public): `{detail: SiteSummary[]}`, in the order the owner created them. */
export interface SiteSummary {
  id: string;
  name: string;
  slug: string;
  /** IANA zone: the site's days, weeks, quotas, reminders and the dial follow it. */
  timezone: string;
}

/** One entry of GET /api/sites/ (public): a site and how many of its courts take bookings. */
export interface SiteListing extends SiteSummary {
  /** The sign-in screen's words and plan follow it («Бронируйте корт 1 или 2»). */
  courts: number;
}

/** A record of the admin REST resource `sites` (an owner sees every site, an admin the ones they run). */
export const adminSiteSchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  timezone: z.string(),
  address: z.string(),
  /** Whether the site's agent is connected now. */
  online: z.boolean(),
  last_seen_at: z.string().nullable(),
  /** Whether the site has an agent token (the token itself is shown once, when issued). */
  has_agent_token: z.boolean(),
  /** The version the site's agent last said it runs (null before it ever connected). */
  agent_version: z.string().nullable(),
  created_at: z.string(),
});
export type AdminSite = z.infer<typeof adminSiteSchema>;
export const agentTokenSchema = z.object({ token: z.string() });

const isZone = (zone: string): boolean => {
  try {
    new Intl.DateTimeFormat('ru-RU', { timeZone: zone });
    return zone.includes('/') || zone === 'UTC';
  } catch {
    return false;
  }
};

/** A site's name and address: players choose their club by them (visible-text.ts). */
export const siteTextRules = {
  name: {
    kind: 'line',
    max: 100,
    required: 'Укажите название площадки',
    unsafe: messages.siteNameUnsafe,
    tooLong: 'Название площадки — не длиннее 100 символов',
  },
  address: {
    kind: 'prose',
    max: 300,
    optional: true,
    unsafe: messages.siteAddressUnsafe,
    tooLong: 'Адрес — не длиннее 300 символов',
  },
} as const satisfies Record<string, TextRule>;

const siteName = visibleText(siteTextRules.name);
const siteSlug = z
  .string({ error: 'Укажите короткое имя площадки' })
  .trim()
  .toLowerCase()
  .regex(SITE_SLUG_PATTERN, 'Короткое имя — латинские буквы, цифры и дефис, до 40 символов');
const siteZone = z
  .string({ error: 'Укажите часовой пояс' })
  .trim()
  .refine(isZone, 'Часовой пояс — как в базе IANA, например Europe/Moscow');
const siteAddress = visibleText(siteTextRules.address);

/** POST /api/admin/sites (owners): a new site; its slug becomes its id and never changes. */
export const siteCreateBody = z.object({
  name: siteName,
  slug: siteSlug,
  timezone: siteZone,
  address: siteAddress.default(''),
});
/** PUT /api/admin/sites/{id} (owners). */
export const siteUpdateBody = z.object({
  name: siteName.optional(),
  timezone: siteZone.optional(),
  address: siteAddress.optional(),
});
/** POST /api/site/ (a signed-in player): the site every later call acts on. */
export const siteChoiceBody = z.object({
  site_id: z.string({ error: 'Выберите площадку' }).trim().min(1, 'Выберите площадку').max(64),
});

export type SiteCreateBody = z.input<typeof siteCreateBody>;
export type SiteUpdateBody = z.input<typeof siteUpdateBody>;
export type SiteChoiceBody = z.input<typeof siteChoiceBody>;

/** POST /api/admin/sites/{id}/agent-token: the new token, shown this once. */
export type AgentTokenAnswer = z.infer<typeof agentTokenSchema>;
