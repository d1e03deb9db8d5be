import { acceptScannedCode, SCAN_DELAY_MS } from './accept-code';

export interface ScanLoopOptions<Frame> {
  /** The current camera frame, or null while there is none yet. */
  grab: () => Frame | null;
  /** The text of the QR in the frame, or null when none is found. */
  decode: (frame: Frame) => string | null;
  /** A door code was read; the loop has already stopped. */
  onAccepted: (code: string) => void;
  /** A QR was read but it is not a door code; the loop goes on. */
  onRejected: (text: string) => void;
  delayMs?: number;
}

/**
 * Grabs and decodes a frame every `delayMs`, counted from the end of the previous attempt (a chain of
 * timeouts, not an interval, so a slow phone never queues attempts up). Returns the function that
 * stops it. A frame that cannot be read counts as a frame without a code.
 */
export function startScanLoop<Frame>({
  grab,
  decode,
  onAccepted,
  onRejected,
  delayMs = SCAN_DELAY_MS,
}: ScanLoopOptions<Frame>): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  function stop() {
    stopped = true;
    clearTimeout(timer);
  }

  function attempt() {
    let text: string | null = null;
    try {
      const frame = grab();
      if (frame !== null) text = decode(frame);
    } catch {
      // A broken frame (the camera just stopped, a decoder hiccup): try the next one.
    }
    if (text !== null) {
      const code = acceptScannedCode(text);
      if (code !== null) {
        stop();
        onAccepted(code);
        return;
      }
      onRejected(text);
    }
    if (!stopped) timer = setTimeout(attempt, delayMs);
  }

  timer = setTimeout(attempt, delayMs);
  return stop;
}
