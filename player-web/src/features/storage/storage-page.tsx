import { messages, type CurrentShelf, type EquipmentView, type ShelfView } from '@kort/contracts';
import { useCallback, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { closeShelf, currentShelf, equipment, hasGameToday, openShelf, rentShelf, shelves, storageOpen } from './api';
import { useStorageAction } from './storage-action';

const SHELF_STATE = { free: 'Свободна', occupied: 'Занята', blocked: 'Заблокирована' } as const;
const ITEM_STATE = { free: 'Свободен', on_loan: 'Выдан', blocked: 'Заблокирован' } as const;

interface Storage {
  open: boolean;
  mine: CurrentShelf | null;
  shelves: ShelfView[];
  equipment: EquipmentView[];
  gameToday: boolean;
}

async function loadStorage(): Promise<Storage> {
  const open = (await storageOpen()).detail;
  if (!open) return { open, mine: null, shelves: [], equipment: [], gameToday: false };
  const [mine, list, items, today] = await Promise.all([currentShelf(), shelves(), equipment(), hasGameToday()]);
  return { open, mine: mine.detail, shelves: list.detail, equipment: items.detail, gameToday: today.detail };
}

/**
 * /box_reserve: the storage system. Shelves 1-9 are rented one per player; the club's equipment
 * (10 and 11) is taken for the day's game and returned by closing its compartment. While an admin
 * has storage switched off it reads "Временно не работает" (spec section 2).
 */
export function StoragePage() {
  const navigate = useNavigate();
  const [storage, setStorage] = useState<Storage | null>(null);
  const [failed, setFailed] = useState(false);

  const reload = useCallback(
    () =>
      void loadStorage().then(
        (next) => (setStorage(next), setFailed(false)),
        () => setFailed(true),
      ),
    [],
  );
  useEffect(reload, [reload]);
  const { busy, act } = useStorageAction(reload);

  if (failed)
    return (
      <main className="page">
        <h1>Система хранения</h1>
        <p role="alert" className="error">
          {messages.networkTrouble}
        </p>
        <button type="button" onClick={reload}>
          Повторить
        </button>
      </main>
    );
  if (!storage)
    return (
      <main className="page">
        <h1>Система хранения</h1>
        <p role="status">Загрузка…</p>
      </main>
    );
  if (!storage.open)
    return (
      <main className="page">
        <h1>Система хранения</h1>
        <p className="notice">{messages.storageOff}</p>
      </main>
    );

  return (
    <main className="page">
      <h1>Система хранения</h1>
      <section aria-labelledby="shelves-title">
        <h2 id="shelves-title">Ячейки</h2>
        {storage.mine ? (
          <p>
            Ваша ячейка: №{storage.mine.name}. <Link to="/box_reserve/user_reserved">Открыть, закрыть, завершить</Link>
          </p>
        ) : (
          <p className="muted">Выберите свободную ячейку, чтобы арендовать её.</p>
        )}
        <ul className="shelf-grid">
          {storage.shelves.map((shelf) => {
            const mine = storage.mine?.id === shelf.id;
            const canRent = !storage.mine && shelf.status === 'free';
            return (
              <li key={shelf.id} className={`shelf ${mine ? 'mine' : shelf.status}`}>
                <button
                  type="button"
                  disabled={(!canRent && !mine) || busy !== null}
                  aria-label={`Ячейка ${shelf.name}: ${mine ? 'ваша' : SHELF_STATE[shelf.status]}${canRent ? ', арендовать' : ''}`}
                  onClick={() =>
                    mine
                      ? void navigate('/box_reserve/user_reserved')
                      : void act(
                          shelf.id,
                          () => rentShelf(shelf.id),
                          () => void navigate('/box_reserve/user_reserved'),
                        )
                  }
                >
                  <span className="shelf-number">{shelf.name}</span>
                  <span className="shelf-state">{mine ? 'Ваша' : SHELF_STATE[shelf.status]}</span>
                </button>
              </li>
            );
          })}
        </ul>
      </section>
      <section aria-labelledby="equipment-title">
        <h2 id="equipment-title">Инвентарь клуба</h2>
        <p className="muted">
          {storage.gameToday ? 'Возьмите инвентарь на сегодняшнюю игру и верните после.' : messages.noGameToday}
        </p>
        <ul className="equipment">
          {storage.equipment.map((item) => (
            <li key={item.id}>
              <span>
                {item.name}: {item.mine ? 'у вас' : ITEM_STATE[item.status]}
              </span>
              {item.mine ? (
                <button
                  type="button"
                  disabled={busy !== null}
                  onClick={() => void act(item.id, () => closeShelf(item.id))}
                >
                  Вернуть (закрыть ячейку)
                </button>
              ) : (
                <button
                  type="button"
                  disabled={!storage.gameToday || item.status !== 'free' || busy !== null}
                  onClick={() => void act(item.id, () => openShelf(item.id))}
                >
                  Взять (открыть ячейку)
                </button>
              )}
            </li>
          ))}
        </ul>
      </section>
    </main>
  );
}
