import { closeSync, existsSync, openSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { GpioSetupError } from './gpio-chip';

/** A GPIO chip behind /dev/gpiochipN, as the kernel describes it. */
export interface ChardevChip {
  /** e.g. /dev/gpiochip0 */
  path: string;
  /** The kernel's name, e.g. gpiochip0. */
  name: string;
  /** e.g. pinctrl-bcm2711 (Pi 4), pinctrl-rp1 (Pi 5). */
  label: string;
  lines: number;
}

export interface ChardevLineRequest {
  /** What `gpioinfo` shows as the holder of the lines. */
  consumer: string;
  offsets: number[];
  direction: 'output' | 'input';
  /** Logical values are inverted on the pin: 1 drives it low. */
  activeLow: boolean;
  /** Outputs: the logical value of each offset, set by the kernel in the request itself. */
  values?: (0 | 1)[];
  /** Inputs: report rising and falling edges. */
  edges?: boolean;
  /** Inputs: the pin's internal bias, for a switch with no resistor of its own. */
  bias?: 'pull-up' | 'pull-down';
}

/** Lines the agent holds until release(); values are logical, in the order of the request. */
export interface ChardevLines {
  set(values: (0 | 1)[]): void;
  get(): (0 | 1)[];
  /** Calls back after one or more edges (the lines' values are read with get()). */
  watch(onEdge: () => void, onError: (error: Error) => void): void;
  release(): void;
}

/**
 * What the character-device driver needs from the kernel: the in-repo native addon over the GPIO
 * uAPI v2 in production, an in-memory fake with the same behaviour in tests.
 */
export interface ChardevBinding {
  chips(devRoot: string): ChardevChip[];
  /** The holder of a line, null when it is free. */
  holder(chipPath: string, offset: number): string | null;
  request(chipPath: string, request: ChardevLineRequest): ChardevLines;
}

/** The addon's functions (native/gpio-chardev/gpio_chardev.c). */
interface NativeGpio {
  chipInfo(fd: number): { name: string; label: string; lines: number };
  lineInfo(fd: number, offset: number): { name: string; consumer: string; used: boolean };
  requestLines(fd: number, config: { consumer: string; offsets: number[]; flags: number; values?: number[] }): number;
  setValues(fd: number, values: number[]): void;
  getValues(fd: number, count: number): (0 | 1)[];
  readEvents(fd: number): { offset: number; rising: boolean; timestampNs: number }[];
}

/** The epoll addon (a dependency of onoff, by the same author): readiness of the request's fd. */
interface EpollModule {
  Epoll: {
    new (callback: (error: Error | null, fd: number) => void): {
      add(fd: number, events: number): void;
      remove(fd: number): void;
      close(): void;
    };
    EPOLLIN: number;
  };
}

/** GPIO_V2_LINE_FLAG_* of linux/gpio.h (a stable kernel ABI). */
const FLAG = {
  activeLow: 1 << 1,
  input: 1 << 2,
  output: 1 << 3,
  edgeRising: 1 << 4,
  edgeFalling: 1 << 5,
  pullUp: 1 << 8,
  pullDown: 1 << 9,
} as const;

/** Where `npm run build:gpio -w @kort/edge-agent` puts the addon, from dist/hardware or src/hardware. */
export const NATIVE_ADDON_PATH = join(
  __dirname,
  '..',
  '..',
  'native',
  'gpio-chardev',
  'build',
  'Release',
  'gpio_chardev.node',
);

function flagsOf(request: ChardevLineRequest): number {
  let flags = request.direction === 'output' ? FLAG.output : FLAG.input;
  if (request.activeLow) flags |= FLAG.activeLow;
  if (request.edges) flags |= FLAG.edgeRising | FLAG.edgeFalling;
  if (request.bias === 'pull-up') flags |= FLAG.pullUp;
  if (request.bias === 'pull-down') flags |= FLAG.pullDown;
  return flags;
}

function withChip<T>(path: string, use: (fd: number) => T): T {
  const fd = openSync(path, 'r+');
  try {
    return use(fd);
  } finally {
    closeSync(fd);
  }
}

/**
 * The native binding, or the one sentence an operator needs when it is not built. Node's own
 * require loads it, so a missing addon is a startup error, not a crash on the first command.
 */
export function loadNativeChardev(addonPath = NATIVE_ADDON_PATH): ChardevBinding {
  if (!existsSync(addonPath)) {
    throw new GpioSetupError(
      `Kort agent cannot drive the GPIO character device: its native part is not built (${addonPath}); ` +
        'install build-essential and python3 (sudo apt-get install -y build-essential python3), then run ' +
        '`npm run build:gpio -w @kort/edge-agent` in the Kort checkout and restart the agent.',
    );
  }
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a native addon has no ES module form
  const native = require(addonPath) as NativeGpio;
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- epoll is CommonJS and native
  const { Epoll } = require('epoll') as EpollModule;

  return {
    chips(devRoot) {
      const names = readdirSync(devRoot)
        .filter((entry) => /^gpiochip\d+$/.test(entry))
        .sort((a, b) => Number(a.slice(8)) - Number(b.slice(8)));
      return names.map((entry) => {
        const path = join(devRoot, entry);
        return { path, ...withChip(path, (fd) => native.chipInfo(fd)) };
      });
    },

    holder(chipPath, offset) {
      const line = withChip(chipPath, (fd) => native.lineInfo(fd, offset));
      return line.used ? line.consumer || '(no name)' : null;
    },

    request(chipPath, request) {
      const fd = withChip(chipPath, (chipFd) =>
        native.requestLines(chipFd, {
          consumer: request.consumer,
          offsets: request.offsets,
          flags: flagsOf(request),
          ...(request.values ? { values: request.values } : {}),
        }),
      );
      let poller: InstanceType<EpollModule['Epoll']> | null = null;
      return {
        set: (values) => native.setValues(fd, values),
        get: () => native.getValues(fd, request.offsets.length),
        watch(onEdge, onError) {
          poller = new Epoll((error, readyFd) => {
            try {
              if (error) throw error;
              native.readEvents(readyFd); // drained; the caller reads the settled value itself
            } catch (failure) {
              onError(failure as Error);
              return;
            }
            onEdge();
          });
          poller.add(fd, Epoll.EPOLLIN);
        },
        release() {
          if (poller) {
            poller.remove(fd);
            poller.close();
            poller = null;
          }
          closeSync(fd); // the kernel frees the lines
        },
      };
    },
  };
}
