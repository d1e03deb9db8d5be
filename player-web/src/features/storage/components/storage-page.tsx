import { messages } from '@kort/contracts';
import type { ShelfView } from '@kort/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { queryKeys } from '../../../lib/query-keys';
import { ui } from '../../../lib/messages';
import { useCurrentShelf } from '../api/current-shelf';
import { useEquipment } from '../api/equipment';
import { useGameToday } from '../api/game-today';
import { useRentShelf } from '../api/rent-shelf';
import { useShelfLock } from '../api/shelf-lock';
import { useShelves } from '../api/shelves';
import { useStorageOpen } from '../api/storage-open';
import { useStorageAction } from '../hooks/use-storage-action';
import './storage.css';

/**
 * /box_reserve: the storage system. Shelves 1-9 are rented one per player; the club's equipment
 * (10 and 11) is taken for the day's game and returned by closing its compartment. While an admin
 * has storage switched off it reads "Временно не работает" (the spec's text), and nothing else is
 * asked for.
 */
export function StoragePage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const storageOpen = useStorageOpen();
  const on = storageOpen.data === true;
  const mine = useCurrentShelf(on);
  const shelves = useShelves(on);
  const equipment = useEquipment(on);
  const gameToday = useGameToday(on);
  const rent = useRentShelf();
  const open = useShelfLock('open');
  const close = useShelfLock('close');
  const act = useStorageAction();
  // The free shelf the player tapped: renting it is asked first.
  const [toRent, setToRent] = useState<ShelfView | null>(null);
  const busy = rent.isPending || open.isPending || close.isPending;
  const parts = [mine, shelves, equipment, gameToday];

  if (storageOpen.isError || (on && parts.some((part) => part.isError)))
    return (
      <main className="page">
        <h1>{ui.storage.title}</h1>
        <p role="alert" className="error">
          {messages.networkTrouble}
        </p>
        <button type="button" onClick={() => void queryClient.invalidateQueries({ queryKey: queryKeys.storage.all })}>
          {ui.retry}
        </button>
      </main>
    );
  if (storageOpen.data === undefined || (on && parts.some((part) => part.data === undefined)))
    return (
      <main className="page">
        <h1>{ui.storage.title}</h1>
        <p role="status">{ui.loading}</p>
      </main>
    );
  if (!on)
    return (
      <main className="page">
        <h1>{ui.storage.title}</h1>
        <p className="notice">{messages.storageOff}</p>
      </main>
    );

  const myShelf = mine.data ?? null;
  const today = gameToday.data ?? false;
  return (
    <main className="page">
      <h1>{ui.storage.title}</h1>
      <div className="storage-layout">
        <section aria-labelledby="shelves-title">
          <h2 id="shelves-title">{ui.storage.shelves}</h2>
          {myShelf ? (
            <div className="your-shelf">
              <p>{ui.storage.yourShelf(myShelf.name)}</p>
              <Link to="/box_reserve/user_reserved" className="button">
                {ui.storage.yourShelfLink}
              </Link>
            </div>
          ) : (
            <>
              <p className="muted">{ui.storage.chooseFree}</p>
              <RentalTerms />
            </>
          )}
          <ul className="shelf-grid">
            {(shelves.data ?? []).map((shelf) => {
              const isMine = myShelf?.id === shelf.id;
              const canRent = !myShelf && shelf.status === 'free';
              const state = isMine ? ui.storage.mine : ui.storage.shelfState[shelf.status];
              return (
                <li key={shelf.id} className={`shelf ${isMine ? 'mine' : shelf.status}`}>
                  <button
                    type="button"
                    disabled={(!canRent && !isMine) || busy}
                    aria-label={ui.storage.shelfLabel(shelf.name, isMine ? ui.storage.mineLower : state, canRent)}
                    onClick={() => (isMine ? void navigate('/box_reserve/user_reserved') : setToRent(shelf))}
                  >
                    <span className="shelf-number">{shelf.name}</span>
                    <span className="shelf-state">{state}</span>
                  </button>
                </li>
              );
            })}
          </ul>
        </section>
        <section aria-labelledby="equipment-title">
          <h2 id="equipment-title">{ui.storage.equipment}</h2>
          <p className="muted">{today ? ui.storage.equipmentHint : messages.noGameToday}</p>
          <ul className="equipment">
            {(equipment.data ?? []).map((item) => (
              <li key={item.id} className={`equipment-item is-${item.mine ? 'mine' : item.status}`}>
                {/* What the compartment holds, as the club named it in the dashboard's settings. */}
                <h3 className="equipment-name">{item.name}</h3>
                <p className="equipment-state">{item.mine ? ui.storage.withYou : ui.storage.itemState[item.status]}</p>
                {item.mine ? (
                  <button type="button" disabled={busy} onClick={() => act(close, item.id)}>
                    {ui.storage.returnItem}
                  </button>
                ) : (
                  <button
                    type="button"
                    disabled={!today || item.status !== 'free' || busy}
                    onClick={() => act(open, item.id)}
                  >
                    {ui.storage.takeItem}
                  </button>
                )}
              </li>
            ))}
          </ul>
        </section>
      </div>
      <ConfirmDialog
        open={toRent !== null}
        title={ui.storage.rentQuestion(toRent?.name ?? '')}
        confirmLabel={ui.storage.rent}
        tone="primary"
        disabled={busy}
        onConfirm={() =>
          toRent &&
          act(rent, toRent.id, {
            after: () => void navigate('/box_reserve/user_reserved'),
            settled: () => setToRent(null),
          })
        }
        onCancel={() => setToRent(null)}
        cancelLabel={ui.cancel}
      >
        <RentalTerms heading={false} />
      </ConfirmDialog>
    </main>
  );
}

/** The rental's terms, before a shelf is chosen (under its heading) and in the question to rent. */
function RentalTerms({ heading = true }: { heading?: boolean }) {
  return (
    <div className="rental-terms">
      {heading && <h3>{ui.storage.termsTitle}</h3>}
      <ul>
        {ui.storage.terms.map((term) => (
          <li key={term}>{term}</li>
        ))}
      </ul>
    </div>
  );
}
