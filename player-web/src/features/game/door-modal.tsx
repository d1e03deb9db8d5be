import { messages } from '@kort/contracts';
import { lazy, Suspense, useState } from 'react';
import { CodeInput } from '../../components/ui/code-input';
import { Modal } from '../../components/ui/modal';
import { useToast } from '../../components/ui/toasts';
import { ApiError } from '../../lib/api-client';
import { openDoor } from './api';

// The scanner (camera and QR decoder) loads only when the player chooses to scan.
const QrScanner = lazy(() => import('./qr/qr-scanner').then((module) => ({ default: module.QrScanner })));

/**
 * Wrong, expired or refused codes all read "Неверный код" (spec section 8); trouble with the
 * court's equipment (502-504) says so, since typing again would not help.
 */
export function doorError(failure: unknown): string {
  if (failure instanceof ApiError && failure.status >= 502 && failure.status <= 504) return failure.detail;
  return messages.wrongDoorCode;
}

/** The door modal: the code shown on the screen at the door, typed or scanned from its QR. */
export function DoorModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const toast = useToast();
  const [code, setCode] = useState('');
  const [scanning, setScanning] = useState(false);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  function close() {
    setCode('');
    setError('');
    setScanning(false);
    onClose();
  }

  async function submit(value: string) {
    setBusy(true);
    setError('');
    try {
      await openDoor(value);
      toast(messages.doorOpened);
      close();
    } catch (failure) {
      setCode('');
      setScanning(false);
      setError(doorError(failure));
    } finally {
      setBusy(false);
    }
  }

  const problem = error && (
    <p role="alert" className="error">
      {error}
    </p>
  );

  return (
    <Modal open={open} title="Открыть дверь" onClose={close}>
      {scanning ? (
        <Suspense fallback={<p role="status">Включаем камеру…</p>}>
          <QrScanner onCode={(value) => void submit(value)} onCancel={() => setScanning(false)} />
        </Suspense>
      ) : (
        <>
          <p>Введите код с экрана у двери или отсканируйте его QR-код.</p>
          <CodeInput
            label="Код с экрана"
            value={code}
            onChange={(value) => (setCode(value), value && setError(''))}
            onComplete={(value) => void submit(value)}
            disabled={busy}
            invalid={Boolean(error)}
          />
          {problem}
          <button type="button" onClick={() => (setError(''), setScanning(true))} disabled={busy}>
            Сканировать QR-код
          </button>
        </>
      )}
      {busy && <p role="status">Открываем…</p>}
      {scanning && problem}
    </Modal>
  );
}
