import { formatRoubles } from '@kort/contracts';
import type { KeyboardEvent, Ref } from 'react';
import { ui } from '../../../lib/messages';
import { hourText } from '../../../lib/format';
import { hourLabelPoint, hourSegmentPath, type SegmentState } from './dial-geometry';

/** The fills of taken hours (a hatch) and closed ones (a crossed hatch on another tint). */
export function DialPatterns({ hatchId, crossId }: { hatchId: string; crossId: string }) {
  return (
    <defs>
      <pattern id={hatchId} width="8" height="8" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
        <rect width="8" height="8" className="time-dial-hatch-base" />
        <line x1="0" y1="0" x2="0" y2="8" className="time-dial-hatch-line" />
      </pattern>
      {/* Closed: a crossed hatch on another tint, so it is told from taken without colour. */}
      <pattern id={crossId} width="9" height="9" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
        <rect width="9" height="9" className="time-dial-cross-base" />
        <line x1="0" y1="0" x2="0" y2="9" className="time-dial-cross-line" />
        <line x1="0" y1="0" x2="9" y2="0" className="time-dial-cross-line" />
      </pattern>
    </defs>
  );
}

interface DialSegmentProps {
  hour: number;
  state: SegmentState;
  hatchId: string;
  crossId: string;
  /** A priced free hour: its price in kopecks, written under the hour's number. */
  price?: number;
  /** Absent: the hour is drawn only (a screen reader hears it in the group's description). */
  radio?: {
    checked: boolean;
    /** A taken hour the player already waits in line for. */
    inLine: boolean;
    tabStop: boolean;
    ref: Ref<SVGGElement>;
    onChoose: () => void;
    onKeyDown: (event: KeyboardEvent<SVGGElement>) => void;
    onFocus: () => void;
  };
}

/** Units the number moves up, and the price sits under it, when a free hour has a price. */
const PRICE_SHIFT = 7;
/**
 * The widest a price may be written, in units: what the narrowest place of a ring leaves (a ring's
 * depth at 3 and 9 o'clock). «1 500 ₽» fits in smaller type; a longer one («12 500,50 ₽») is
 * squeezed into it.
 */
const PRICE_WIDTH = 36;

/**
 * One hour of the face: its sector, its focus ring, its number (and its price, if it has one); a
 * radio when it can be chosen.
 */
export function DialSegment({ hour, state, hatchId, crossId, price, radio }: DialSegmentProps) {
  const label = hourLabelPoint(hour);
  const priceText = price === undefined ? null : formatRoubles(price);
  const shape = (
    <>
      <path className="time-dial-focus-ring" d={hourSegmentPath(hour)} />
      <path
        className="time-dial-shape"
        d={hourSegmentPath(hour)}
        fill={state === 'taken' ? `url(#${hatchId})` : state === 'closed' ? `url(#${crossId})` : undefined}
      />
      <text x={label.x} y={priceText ? label.y - PRICE_SHIFT : label.y} className="time-dial-label">
        {hour}
      </text>
      {priceText && (
        <text
          x={label.x}
          y={label.y + PRICE_SHIFT + 2}
          className={`time-dial-price${priceText.length > 7 ? ' is-long' : ''}`}
          {...(priceText.length > 8 ? { textLength: PRICE_WIDTH, lengthAdjust: 'spacingAndGlyphs' } : {})}
        >
          {priceText}
        </text>
      )}
    </>
  );
  if (!radio)
    return (
      <g className={`time-dial-segment is-${state}`} aria-hidden="true" data-hour={hour}>
        {shape}
      </g>
    );
  const { checked, inLine } = radio;
  const name = state === 'free' ? ui.dial.states.free : inLine ? ui.dial.takenQueued : ui.dial.takenWaitlist;
  return (
    <g
      ref={radio.ref}
      className={`time-dial-segment is-${state} is-choosable${inLine ? ' is-queued' : ''}${checked ? ' is-checked' : ''}`}
      role="radio"
      aria-checked={checked}
      aria-label={`${hourText(hour)}, ${name}${priceText ? `, ${priceText}` : ''}`}
      tabIndex={radio.tabStop ? 0 : -1}
      data-hour={hour}
      onClick={radio.onChoose}
      onKeyDown={radio.onKeyDown}
      onFocus={radio.onFocus}
    >
      {shape}
    </g>
  );
}
