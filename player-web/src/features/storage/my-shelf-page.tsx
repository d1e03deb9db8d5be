import { messages, type CurrentShelf } from '@kort/contracts';
import { useEffect, useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { Modal } from '../../components/ui/modal';
import { closeShelf, currentShelf, endRental, openShelf } from './api';
import { useStorageAction } from './storage-action';

/** /box_reserve/user_reserved: my shelf with open, close, end rental (confirmed) and back. */
export function MyShelfPage() {
  const navigate = useNavigate();
  const [shelf, setShelf] = useState<CurrentShelf | null | undefined>(undefined);
  const [failed, setFailed] = useState(false);
  const [confirmEnd, setConfirmEnd] = useState(false);
  const action = useStorageAction();
  const busy = action.busy !== null;

  useEffect(() => {
    currentShelf().then(
      (answer) => setShelf(answer.detail),
      () => setFailed(true),
    );
  }, []);

  if (shelf === null) return <Navigate to="/box_reserve" replace />;

  return (
    <main className="page">
      <h1>Моя ячейка</h1>
      {failed ? (
        <p role="alert" className="error">
          {messages.networkTrouble}
        </p>
      ) : !shelf ? (
        <p role="status">Загрузка…</p>
      ) : (
        <>
          <p className="shelf-big" aria-label={`Ячейка номер ${shelf.name}`}>
            №{shelf.name}
          </p>
          <div className="actions">
            <button
              type="button"
              className="primary"
              disabled={busy}
              onClick={() => void action.act(shelf.id, () => openShelf(shelf.id))}
            >
              Открыть ячейку
            </button>
            <button type="button" disabled={busy} onClick={() => void action.act(shelf.id, () => closeShelf(shelf.id))}>
              Закрыть ячейку
            </button>
            <button type="button" className="danger" disabled={busy} onClick={() => setConfirmEnd(true)}>
              Завершить аренду
            </button>
          </div>
        </>
      )}
      <div className="actions">
        <button type="button" onClick={() => void navigate('/box_reserve')}>
          Назад
        </button>
      </div>
      <Modal open={confirmEnd} title="Завершить аренду ячейки?" onClose={() => setConfirmEnd(false)} closeLabel={null}>
        <p>Заберите свои вещи: после завершения аренды ячейка закроется и станет доступна другим игрокам.</p>
        <div className="actions">
          <button
            type="button"
            className="danger"
            disabled={busy}
            onClick={() =>
              shelf &&
              void action
                .act(
                  shelf.id,
                  () => endRental(shelf.id_reserve),
                  () => void navigate('/box_reserve'),
                )
                .then(() => setConfirmEnd(false))
            }
          >
            Завершить аренду
          </button>
          <button type="button" onClick={() => setConfirmEnd(false)}>
            Отмена
          </button>
        </div>
      </Modal>
    </main>
  );
}
