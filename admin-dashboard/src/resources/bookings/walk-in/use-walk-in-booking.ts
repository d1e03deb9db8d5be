import { BookingError } from '@kort/contracts';
import { useState } from 'react';
import { useCreate, useNotify, useRefresh, useTranslate } from 'react-admin';
import { codeOf, messageOf } from '../../../providers/http-client';
import type { BookingRecord, UserRecord } from '../../../lib/records';
import { useGuestFields, type GuestFields } from './use-guest-fields';

/** Refusals an admin may book past, with a reason: the club's own limits, not the slot's rules. */
const OVERRIDABLE = new Set<string>([BookingError.QuotaReached, BookingError.PausedForNoShows]);

export interface WalkInSlot {
  courtId: number;
  courtName: string;
  /** The hour's start, with the club's offset ('2026-11-27T18:00:00+03:00'). */
  startsAt: string;
  /** The hour as the dialog and the notice say it ('пт, 27 ноября, 18:00'). */
  label: string;
}

/** A player with an account, or a guest without one (a name and a phone). */
export type WalkInWho = 'player' | 'guest';

export interface WalkInBooking {
  who: WalkInWho;
  setWho: (who: WalkInWho) => void;
  guest: GuestFields;
  /** Someone to book for: a player chosen, or a guest's fields filled in (checked on booking). */
  chosen: boolean;
  player: UserRecord | null;
  choose: (player: UserRecord | null) => void;
  /** The API's refusal, in its Russian words; null before a try or after a change. */
  refusal: string | null;
  /** The refusal is a limit of the club's that an override may pass. */
  canOverride: boolean;
  override: boolean;
  setOverride: (on: boolean) => void;
  reason: string;
  setReason: (reason: string) => void;
  pending: boolean;
  submit: () => void;
}

/**
 * POST /api/admin/bookings for the chosen player at the slot: quotas first; after a quota's refusal
 * the admin may tick the override and give a reason (the action log keeps it). Or for a guest by
 * name and phone: no quotas, so no override; a field's problem is said under it and nothing is sent.
 */
export function useWalkInBooking(slot: WalkInSlot, onBooked: () => void): WalkInBooking {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [create, { isPending }] = useCreate<BookingRecord>();
  const [player, setPlayer] = useState<UserRecord | null>(null);
  const [refusal, setRefusal] = useState<{ text: string; overridable: boolean } | null>(null);
  const [override, setOverride] = useState(false);
  const [reason, setReason] = useState('');
  const [who, setWhoState] = useState<WalkInWho>('player');
  const guest = useGuestFields();

  const setWho = (next: WalkInWho) => {
    setWhoState(next);
    setRefusal(null);
    setOverride(false);
  };

  const choose = (next: UserRecord | null) => {
    setPlayer(next);
    setRefusal(null);
    setOverride(false);
  };

  const submit = () => {
    if (who === 'guest' && !guest.check()) return;
    const target =
      who === 'guest'
        ? guest.guest && { body: { guest: guest.guest }, name: guest.guest.name }
        : player && { body: { user_id: player.id }, name: player.name };
    if (!target) return;
    const data = {
      ...target.body,
      court_id: slot.courtId,
      time_start: slot.startsAt,
      ...(who === 'player' && override && { override: { reason: reason.trim() } }),
    };
    void create(
      'bookings',
      { data },
      {
        onSuccess: () => {
          notify(translate('kort.walk_in.done', { name: target.name, court: slot.courtName, time: slot.label }), {
            type: 'success',
          });
          refresh();
          onBooked();
        },
        onError: (error) => {
          const code = codeOf(error);
          setRefusal({ text: messageOf(error), overridable: code !== null && OVERRIDABLE.has(code) });
        },
      },
    );
  };

  return {
    who,
    setWho,
    guest,
    chosen: who === 'guest' || player !== null,
    player,
    choose,
    refusal: refusal?.text ?? null,
    canOverride: refusal?.overridable === true || override,
    override,
    setOverride,
    reason,
    setReason,
    pending: isPending,
    submit,
  };
}
