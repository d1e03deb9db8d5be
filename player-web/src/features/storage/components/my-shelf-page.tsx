import { messages } from '@kort/contracts';
import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ui } from '../../../lib/messages';
import { useCurrentShelf } from '../api/current-shelf';
import { useEndRental } from '../api/end-rental';
import { useShelfLock } from '../api/shelf-lock';
import { useStorageAction } from '../hooks/use-storage-action';
import './storage.css';

/**
 * /box_reserve/user_reserved: my shelf, whether its lock is open or closed, with open,
 * close, end rental (confirmed) and back. The lock's state picks the main button: «Закрыть ящик»
 * while it is open, «Открыть ящик» while it is closed.
 */
export function MyShelfPage() {
  const navigate = useNavigate();
  const current = useCurrentShelf();
  const open = useShelfLock('open');
  const close = useShelfLock('close');
  const end = useEndRental();
  const act = useStorageAction();
  const [confirmEnd, setConfirmEnd] = useState(false);
  const busy = open.isPending || close.isPending || end.isPending;
  const shelf = current.data;

  // No rental (by the latest answer, not one being replaced): the storage screen.
  if (shelf === null && !current.isFetching) return <Navigate to="/box_reserve" replace />;

  return (
    <main className="page">
      <h1>{ui.storage.myShelf}</h1>
      {current.isError ? (
        <p role="alert" className="error">
          {messages.networkTrouble}
        </p>
      ) : !shelf ? (
        <p role="status">{ui.loading}</p>
      ) : (
        <>
          <p className="shelf-big" aria-label={ui.storage.shelfNumberLabel(shelf.name)}>
            №{shelf.name}
          </p>
          <p className={`lock-state ${shelf.is_open ? 'is-open' : 'is-closed'}`} role="status">
            <span className="lock-dot" aria-hidden="true" />
            {shelf.is_open ? ui.storage.lock.open : ui.storage.lock.closed}
          </p>
          {/* The main button is the one the lock calls for: close an open shelf, open a closed one. */}
          <div className="actions">
            <button
              type="button"
              className={shelf.is_open ? undefined : 'primary'}
              disabled={busy}
              onClick={() => act(open, shelf.id)}
            >
              {ui.storage.openShelf}
            </button>
            <button
              type="button"
              className={shelf.is_open ? 'primary' : undefined}
              disabled={busy}
              onClick={() => act(close, shelf.id)}
            >
              {ui.storage.closeShelf}
            </button>
            <button type="button" className="danger" disabled={busy} onClick={() => setConfirmEnd(true)}>
              {ui.storage.endRental}
            </button>
          </div>
        </>
      )}
      <div className="actions">
        <button type="button" onClick={() => void navigate('/box_reserve')}>
          {ui.back}
        </button>
      </div>
      <ConfirmDialog
        open={confirmEnd}
        title={ui.storage.endRentalQuestion}
        confirmLabel={ui.storage.endRental}
        tone="danger"
        disabled={busy}
        onConfirm={() =>
          shelf &&
          act(end, shelf.id_reserve, {
            after: () => void navigate('/box_reserve'),
            settled: () => setConfirmEnd(false),
          })
        }
        onCancel={() => setConfirmEnd(false)}
        cancelLabel={ui.cancel}
      >
        <p>{ui.storage.endRentalWarning}</p>
      </ConfirmDialog>
    </main>
  );
}
