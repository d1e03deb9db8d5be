import { DeviceError, DoorError, messages, RequestError } from '@kort/contracts';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { CodeInput } from '../../../components/ui/code-input';
import { Modal } from '../../../components/ui/modal';
import { useToast } from '../../../components/ui/toasts';
import { errorOf, errorText, type FailureCode } from '../../../lib/errors';
import { ui } from '../../../lib/messages';
import { useOpenDoor } from '../api/open-door';

// The scanner (camera and QR decoder) loads only when the player chooses to scan.
const QrScanner = lazy(() => import('./qr/qr-scanner').then((module) => ({ default: module.QrScanner })));

/** Trouble with the court's equipment (or the server behind it): typing again would not help. */
const EQUIPMENT_TROUBLE: readonly FailureCode[] = [
  DeviceError.AgentOffline,
  DeviceError.Failed,
  DeviceError.Timeout,
  RequestError.Unavailable,
];

/**
 * Wrong, expired or refused codes all read "Неверный код" (the spec's text); trouble with the
 * court's equipment says so in the server's words.
 */
export function doorError(error: unknown): string {
  const failure = errorOf(error);
  return EQUIPMENT_TROUBLE.includes(failure.code) ? failure.detail : errorText(DoorError.WrongCode);
}

/**
 * The door modal: the code shown on the screen at the door, typed or scanned from its QR.
 * `initialCode`: the code the door screen's QR brought (`/game?door=`), filled in and sent at once,
 * as four typed digits are. `onOpened`: the door opened, the game is on.
 */
export function DoorModal({ open, initialCode = null, onClose, onOpened }: DoorModalProps) {
  const toast = useToast();
  const openDoor = useOpenDoor();
  const [code, setCode] = useState('');
  const [scanning, setScanning] = useState(false);
  const [error, setError] = useState('');
  const sentFromLink = useRef<string | null>(null);

  function close() {
    setCode('');
    setError('');
    setScanning(false);
    onClose();
  }

  function submit(value: string) {
    setError('');
    openDoor.mutate(value, {
      onSuccess: () => (toast(messages.doorOpened), close(), onOpened?.()),
      onError: (failure) => {
        setCode('');
        setScanning(false);
        setError(doorError(failure));
      },
    });
  }

  useEffect(() => {
    // A link's code is used once; a later link (even with the same code) is a new one.
    if (initialCode === null) sentFromLink.current = null;
    if (!open || initialCode === null || sentFromLink.current === initialCode) return;
    sentFromLink.current = initialCode;
    setCode(initialCode);
    submit(initialCode);
    // Keyed on the code alone: each code a link brings is sent once, whatever else re-renders.
  }, [open, initialCode]);

  const problem = error && (
    <p role="alert" className="error">
      {error}
    </p>
  );

  return (
    <Modal open={open} title={ui.door.title} onClose={close}>
      {scanning ? (
        <Suspense fallback={<p role="status">{ui.door.cameraStarting}</p>}>
          <QrScanner onCode={submit} onCancel={() => setScanning(false)} />
        </Suspense>
      ) : (
        <>
          <p>{ui.door.hint}</p>
          <CodeInput
            label={ui.door.codeLabel}
            value={code}
            onChange={(value) => (setCode(value), value && setError(''))}
            onComplete={submit}
            disabled={openDoor.isPending}
            invalid={Boolean(error)}
          />
          {problem}
          <button type="button" onClick={() => (setError(''), setScanning(true))} disabled={openDoor.isPending}>
            {ui.door.scan}
          </button>
        </>
      )}
      {openDoor.isPending && <p role="status">{ui.door.opening}</p>}
      {scanning && problem}
    </Modal>
  );
}

interface DoorModalProps {
  open: boolean;
  initialCode?: string | null;
  onClose: () => void;
  onOpened?: () => void;
}
