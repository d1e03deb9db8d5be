import {
  type ChardevBinding,
  type ChardevChip,
  type ChardevLineRequest,
  type ChardevLines,
} from '../../src/hardware/chardev-binding';

export interface FakeChardevLine {
  /** Who holds the line now (null: free), as the kernel's line info reports it. */
  consumer: string | null;
  direction: 'output' | 'input' | null;
  activeLow: boolean;
  bias: ChardevLineRequest['bias'] | null;
  /** Physical levels the pin has had since the first request, in order: what a relay board saw. */
  levels: (0 | 1)[];
}

const errno = (code: string, message: string) => Object.assign(new Error(`${message}: ${code}`), { code });

/**
 * The kernel's GPIO character device in memory, behind the binding's interface: chips by label,
 * lines held by one request at a time (EBUSY otherwise), initial output values applied with the
 * request, active-low inverting logical values, edges delivered to the request's watcher.
 */
export function fakeChardev(chipSpecs: { label: string; lines: number }[]) {
  const chips: ChardevChip[] = chipSpecs.map((spec, index) => ({
    path: `/dev/gpiochip${index}`,
    name: `gpiochip${index}`,
    ...spec,
  }));
  const lines = new Map<string, FakeChardevLine>();
  const watchers = new Map<string, () => void>();
  const key = (chipPath: string, offset: number) => `${chipPath}:${offset}`;
  const line = (chipPath: string, offset: number): FakeChardevLine => {
    let found = lines.get(key(chipPath, offset));
    if (!found) {
      found = { consumer: null, direction: null, activeLow: false, bias: null, levels: [] };
      lines.set(key(chipPath, offset), found);
    }
    return found;
  };
  const level = (entry: FakeChardevLine): 0 | 1 => entry.levels.at(-1) ?? 0;
  const requests: ChardevLineRequest[] = [];
  let failChips: NodeJS.ErrnoException | null = null;

  const binding: ChardevBinding = {
    chips() {
      if (failChips) throw failChips;
      return chips.map((chip) => ({ ...chip }));
    },
    holder(chipPath, offset) {
      return line(chipPath, offset).consumer;
    },
    request(chipPath, request) {
      const entries = request.offsets.map((offset) => line(chipPath, offset));
      if (entries.some((entry) => entry.consumer !== null)) throw errno('EBUSY', 'GPIO_V2_GET_LINE_IOCTL');
      requests.push(request);
      entries.forEach((entry, index) => {
        entry.consumer = request.consumer;
        entry.direction = request.direction;
        entry.activeLow = request.activeLow;
        entry.bias = request.bias ?? null;
        const logical = request.values?.[index];
        if (request.direction === 'output' && logical !== undefined) {
          entry.levels.push((request.activeLow ? 1 - logical : logical) as 0 | 1);
        }
      });
      let released = false;
      const live = () => {
        if (released) throw errno('EBADF', 'request already released');
      };
      const lineRequest: ChardevLines = {
        set(values) {
          live();
          entries.forEach((entry, index) => {
            const logical = values[index] ?? 0;
            const physical = (request.activeLow ? 1 - logical : logical) as 0 | 1;
            if (physical !== level(entry)) entry.levels.push(physical);
          });
        },
        get() {
          live();
          return entries.map((entry) => (request.activeLow ? 1 - level(entry) : level(entry)) as 0 | 1);
        },
        watch(onEdge) {
          for (const offset of request.offsets) watchers.set(key(chipPath, offset), onEdge);
        },
        release() {
          live();
          released = true;
          for (const entry of entries) {
            entry.consumer = null;
            entry.direction = null;
          }
          for (const offset of request.offsets) watchers.delete(key(chipPath, offset));
        },
      };
      return lineRequest;
    },
  };

  return {
    binding,
    chips,
    requests,
    line,
    /** Levels of every line of a chip that has been requested, by offset. */
    levelOf: (chipPath: string, offset: number) => level(line(chipPath, offset)),
    /** Another program holds a line (gpioset, a HAT driver). */
    hold(chipPath: string, offset: number, consumer: string) {
      line(chipPath, offset).consumer = consumer;
    },
    /** The outside world moves an input pin (the door's reed switch): an edge, if it changed. */
    drive(chipPath: string, offset: number, physical: 0 | 1) {
      const entry = line(chipPath, offset);
      if (level(entry) === physical) return;
      entry.levels.push(physical);
      watchers.get(key(chipPath, offset))?.();
    },
    failChipsWith(code: string) {
      failChips = errno(code, `open /dev/gpiochip0`);
    },
  };
}

export const PI4_CHARDEV = [
  { label: 'pinctrl-bcm2711', lines: 58 },
  { label: 'raspberrypi-exp-gpio', lines: 8 },
];
export const PI5_CHARDEV = [
  { label: 'gpio-brcmstb@107d508500', lines: 32 },
  { label: 'gpio-brcmstb@107d517c00', lines: 15 },
  { label: 'pinctrl-rp1', lines: 54 },
];
