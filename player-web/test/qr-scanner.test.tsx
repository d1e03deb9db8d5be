import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { acceptScannedCode, SCAN_DELAY_MS } from '../src/features/game/components/qr/accept-code';
import { QrScanner } from '../src/features/game/components/qr/qr-scanner';
import { startScanLoop } from '../src/features/game/components/qr/scan-loop';

// What the decoder reads, set per test (the component loads jsqr itself).
const decoded = vi.hoisted(() => ({ texts: [] as string[] }));
vi.mock('jsqr', () => ({
  default: vi.fn(() => {
    const data = decoded.texts.length > 1 ? decoded.texts.shift() : decoded.texts[0];
    return data === undefined ? null : { data };
  }),
}));

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  Reflect.deleteProperty(navigator, 'mediaDevices');
  decoded.texts = [];
});

describe('acceptScannedCode', () => {
  test('accepts exactly four ASCII digits', () => {
    expect(acceptScannedCode('1234')).toBe('1234');
    expect(acceptScannedCode('0007')).toBe('0007');
  });

  test("takes the code out of the door screen's link to the game page", () => {
    expect(acceptScannedCode('https://kort.example.ru/game?door=0427')).toBe('0427');
    expect(acceptScannedCode('http://127.0.0.1:3000/kort/game/?door=9001')).toBe('9001');
  });

  test.each([
    ['three digits', '123'],
    ['five digits', '12345'],
    ['a leading space', ' 1234'],
    ['a trailing newline', '1234\n'],
    ['letters', 'abcd'],
    ['full-width digits', '１２３４'],
    ['a link elsewhere', 'https://kort.example/door?code=1234'],
    ['a game link with a short code', 'https://kort.example/game?door=123'],
    ['a game link with letters', 'https://kort.example/game?door=12a4'],
    ['a link of another scheme', 'javascript://kort.example/game?door=1234'],
    ['nothing', ''],
  ])('refuses %s', (_, text) => {
    expect(acceptScannedCode(text)).toBeNull();
  });

  test('the spec pause between attempts is 300 ms', () => {
    expect(SCAN_DELAY_MS).toBe(300);
  });
});

describe('startScanLoop', () => {
  function loop(texts: (string | null)[]) {
    const decode = vi.fn(() => (texts.length > 1 ? texts.shift() : texts[0]) ?? null);
    const onAccepted = vi.fn();
    const onRejected = vi.fn();
    const stop = startScanLoop({ grab: () => 'frame', decode, onAccepted, onRejected });
    return { decode, onAccepted, onRejected, stop };
  }

  test('tries every 300 ms, the next wait starting after an attempt has finished', () => {
    vi.useFakeTimers();
    let pendingDuringDecode = -1;
    const { decode } = loop([null]);
    decode.mockImplementation(() => {
      pendingDuringDecode = vi.getTimerCount();
      return null;
    });
    vi.advanceTimersByTime(299);
    expect(decode).toHaveBeenCalledTimes(0);
    vi.advanceTimersByTime(1);
    expect(decode).toHaveBeenCalledTimes(1);
    // No next attempt is queued while one runs (a chain of timeouts, not an interval).
    expect(pendingDuringDecode).toBe(0);
    vi.advanceTimersByTime(299);
    expect(decode).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(decode).toHaveBeenCalledTimes(2);
  });

  test('a door code is reported once and the loop stops', () => {
    vi.useFakeTimers();
    const { decode, onAccepted, onRejected } = loop([null, '4821']);
    vi.advanceTimersByTime(600);
    expect(onAccepted).toHaveBeenCalledExactlyOnceWith('4821');
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(3000);
    expect(decode).toHaveBeenCalledTimes(2);
    expect(onAccepted).toHaveBeenCalledTimes(1);
    expect(onRejected).not.toHaveBeenCalled();
  });

  test('another QR is reported as rejected and scanning goes on', () => {
    vi.useFakeTimers();
    const { decode, onAccepted, onRejected } = loop(['https://example.com', '1234']);
    vi.advanceTimersByTime(300);
    expect(onRejected).toHaveBeenCalledExactlyOnceWith('https://example.com');
    expect(onAccepted).not.toHaveBeenCalled();
    vi.advanceTimersByTime(300);
    expect(decode).toHaveBeenCalledTimes(2);
    expect(onAccepted).toHaveBeenCalledExactlyOnceWith('1234');
  });

  test('no frame yet, or a frame that throws, is skipped and scanning goes on', () => {
    vi.useFakeTimers();
    const frames: (() => string | null)[] = [
      () => null,
      () => {
        throw new Error('camera stopped');
      },
      () => 'frame',
    ];
    const decode = vi.fn(() => '4821');
    const onAccepted = vi.fn();
    startScanLoop({ grab: () => frames.shift()?.() ?? null, decode, onAccepted, onRejected: vi.fn() });
    vi.advanceTimersByTime(600);
    expect(decode).not.toHaveBeenCalled();
    vi.advanceTimersByTime(300);
    expect(onAccepted).toHaveBeenCalledExactlyOnceWith('4821');
  });

  test('stop cancels the pending attempt', () => {
    vi.useFakeTimers();
    const { decode, stop } = loop(['1234']);
    stop();
    vi.advanceTimersByTime(3000);
    expect(decode).not.toHaveBeenCalled();
  });
});

describe('QrScanner', () => {
  function fakeStream() {
    const track = { stop: vi.fn() };
    const stream = { getTracks: () => [track] } as unknown as MediaStream;
    return { stream, track };
  }

  function giveCamera(getUserMedia: () => Promise<MediaStream>) {
    const spy = vi.fn(getUserMedia);
    Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia: spy } });
    return spy;
  }

  /** Makes every <video> look like it is playing a 640×480 picture, drawn onto a fake canvas. */
  function playingVideo() {
    vi.spyOn(HTMLMediaElement.prototype, 'readyState', 'get').mockReturnValue(4);
    vi.spyOn(HTMLVideoElement.prototype, 'videoWidth', 'get').mockReturnValue(640);
    vi.spyOn(HTMLVideoElement.prototype, 'videoHeight', 'get').mockReturnValue(480);
    const context = {
      canvas: document.createElement('canvas'),
      drawImage: vi.fn(),
      getImageData: vi.fn((_x: number, _y: number, width: number, height: number) => ({
        data: new Uint8ClampedArray(width * height * 4),
        width,
        height,
      })),
    };
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(context as unknown as CanvasRenderingContext2D);
    return context;
  }

  test('asks for the rear camera; a refusal shows how to go on', async () => {
    const getUserMedia = giveCamera(() => Promise.reject(new DOMException('Permission denied', 'NotAllowedError')));
    render(<QrScanner onCode={vi.fn()} />);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Нет доступа к камере. Разрешите доступ или введите код вручную',
    );
    expect(getUserMedia).toHaveBeenCalledExactlyOnceWith({ video: { facingMode: 'environment' } });
  });

  test('no camera API (plain http, old browser) says the camera is unavailable', async () => {
    const onCancel = vi.fn();
    render(<QrScanner onCode={vi.fn()} onCancel={onCancel} />);
    expect((await screen.findByRole('alert')).textContent).toBe('Камера недоступна. Введите код вручную');
    await userEvent.click(screen.getByRole('button', { name: 'Ввести код вручную' }));
    expect(onCancel).toHaveBeenCalledOnce();
  });

  test('no camera on the device says the camera is unavailable', async () => {
    giveCamera(() => Promise.reject(new DOMException('Requested device not found', 'NotFoundError')));
    render(<QrScanner onCode={vi.fn()} />);
    expect((await screen.findByRole('alert')).textContent).toBe('Камера недоступна. Введите код вручную');
  });

  test('shows the live, muted, inline video with the hint, and stops the camera on unmount', async () => {
    const { stream, track } = fakeStream();
    giveCamera(() => Promise.resolve(stream));
    const { unmount } = render(<QrScanner onCode={vi.fn()} />);
    const video = screen.getByLabelText<HTMLVideoElement>('Камера');
    await waitFor(() => expect(video.srcObject).toBe(stream));
    expect(video.muted).toBe(true);
    expect(video.hasAttribute('playsinline')).toBe(true);
    expect(screen.getByText('Наведите камеру на QR-код на экране у двери')).toBeTruthy();
    expect(track.stop).not.toHaveBeenCalled();
    unmount();
    expect(track.stop).toHaveBeenCalledOnce();
  });

  test('a camera granted after the scanner closed is given back at once', async () => {
    const { stream, track } = fakeStream();
    let grant: (stream: MediaStream) => void = () => undefined;
    giveCamera(() => new Promise((resolve) => (grant = resolve)));
    const { unmount } = render(<QrScanner onCode={vi.fn()} />);
    unmount();
    grant(stream);
    await waitFor(() => expect(track.stop).toHaveBeenCalledOnce());
  });

  test('another QR shows "Это не код двери"; the door code then calls onCode once and stops the camera', async () => {
    // Fake timers that also run on their own: the scan loop's later attempts can be run at once.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const context = playingVideo();
    const { stream, track } = fakeStream();
    giveCamera(() => Promise.resolve(stream));
    decoded.texts = ['https://example.com', '4821'];
    const onCode = vi.fn();
    render(<QrScanner onCode={onCode} />);
    expect((await screen.findByText('Это не код двери')).getAttribute('role')).toBe('status');
    expect(onCode).not.toHaveBeenCalled();
    await waitFor(() => expect(onCode).toHaveBeenCalledExactlyOnceWith('4821'));
    expect(track.stop).toHaveBeenCalledOnce();
    // The middle square of the 640×480 frame is what the decoder sees.
    expect(context.drawImage).toHaveBeenLastCalledWith(expect.anything(), 80, 0, 480, 480, 0, 0, 480, 480);
    // Two more scan periods: any attempt the loop still had would have run and read the code again.
    await vi.advanceTimersByTimeAsync(700);
    expect(onCode).toHaveBeenCalledOnce();
  });
});
