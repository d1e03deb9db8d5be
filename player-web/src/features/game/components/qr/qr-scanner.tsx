import { useEffect, useRef, useState } from 'react';
import { ui } from '../../../../lib/messages';
import { startScanLoop } from './scan-loop';
import './qr-scanner.css';

/** Longest side of the frame handed to the decoder: enough for a door-screen QR, cheap on a phone. */
const MAX_SCAN_SIDE = 640;

const text = ui.scanner;

type CameraProblem = 'denied' | 'unavailable';

/** The player refused (or a policy blocks) the camera, versus there being no usable camera at all. */
function cameraProblem(error: unknown): CameraProblem {
  const name = typeof error === 'object' && error !== null && 'name' in error ? error.name : '';
  return name === 'NotAllowedError' || name === 'SecurityError' ? 'denied' : 'unavailable';
}

/**
 * The part of the frame the square viewfinder shows (a centred square), scaled down, as pixels.
 * Null until the video has a frame.
 */
function frameGrabber(video: HTMLVideoElement) {
  let context: CanvasRenderingContext2D | null = null;
  return (): ImageData | null => {
    const { videoWidth: width, videoHeight: height } = video;
    if (video.readyState < HTMLMediaElement.HAVE_CURRENT_DATA || width === 0 || height === 0) return null;
    const side = Math.min(width, height);
    const target = Math.min(side, MAX_SCAN_SIDE);
    if (context === null) {
      context = document.createElement('canvas').getContext('2d', { willReadFrequently: true });
      if (context === null) return null;
    }
    context.canvas.width = target;
    context.canvas.height = target;
    context.drawImage(video, (width - side) / 2, (height - side) / 2, side, side, 0, 0, target, target);
    return context.getImageData(0, 0, target, target);
  };
}

interface QrScannerProps {
  /** Called once with the four digits read from the door screen; the camera is off by then. */
  onCode: (code: string) => void;
  /** Shown as "enter the code by hand" when given. */
  onCancel?: () => void;
}

/**
 * The rear camera in a square viewfinder, reading the QR of the door code. Any other QR is refused
 * with a note and scanning goes on; without a camera the player is sent to type the code.
 */
export function QrScanner({ onCode, onCancel }: QrScannerProps) {
  const video = useRef<HTMLVideoElement>(null);
  const onCodeRef = useRef(onCode);
  const [problem, setProblem] = useState<CameraProblem | null>(null);
  const [rejected, setRejected] = useState(false);

  useEffect(() => {
    onCodeRef.current = onCode;
  }, [onCode]);

  useEffect(() => {
    let active = true;
    let stream: MediaStream | null = null;
    let stopLoop: (() => void) | null = null;

    function stopCamera() {
      stopLoop?.();
      stopLoop = null;
      stream?.getTracks().forEach((track) => track.stop());
      stream = null;
      if (video.current) video.current.srcObject = null;
    }

    async function start() {
      // Absent on plain http (not a secure context) and in old browsers.
      const devices = navigator.mediaDevices as MediaDevices | undefined;
      if (typeof devices?.getUserMedia !== 'function') {
        setProblem('unavailable');
        return;
      }
      // Fetch the decoder while the player answers the permission prompt. A failure to load it is
      // handled where it is awaited; the catch only keeps it from being reported as unhandled first.
      const decoder = import('jsqr').then((module) => module.default);
      decoder.catch(() => undefined);
      let opened: MediaStream;
      try {
        opened = await devices.getUserMedia({ video: { facingMode: 'environment' } });
      } catch (error) {
        if (active) setProblem(cameraProblem(error));
        return;
      }
      if (!active || !video.current) {
        // Closed while the prompt was open: give the camera back at once.
        opened.getTracks().forEach((track) => track.stop());
        return;
      }
      stream = opened;
      video.current.srcObject = opened;
      const jsQR = await decoder;
      if (!active || !video.current) return;
      stopLoop = startScanLoop({
        grab: frameGrabber(video.current),
        decode: (image) => jsQR(image.data, image.width, image.height)?.data ?? null,
        onRejected: () => setRejected(true),
        onAccepted: (code) => {
          stopCamera();
          setRejected(false);
          onCodeRef.current(code);
        },
      });
    }

    start().catch(() => {
      // The decoder did not load (the phone lost the network): typing the code still works.
      stopCamera();
      if (active) setProblem('unavailable');
    });
    return () => {
      active = false;
      stopCamera();
    };
  }, []);

  return (
    <div className="qr-scanner">
      {problem ? (
        <p role="alert" className="error">
          {text[problem]}
        </p>
      ) : (
        <>
          <div className="qr-scanner-viewfinder">
            <video ref={video} aria-label={text.viewfinder} autoPlay muted playsInline />
          </div>
          <p className="muted">{text.hint}</p>
          <p role="status" className="error">
            {rejected ? text.notDoorCode : ''}
          </p>
        </>
      )}
      {onCancel && (
        <button type="button" onClick={onCancel}>
          {text.manual}
        </button>
      )}
    </div>
  );
}
