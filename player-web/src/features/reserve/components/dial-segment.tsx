import type { KeyboardEvent, Ref } from 'react';
import { ui } from '../../../lib/messages';
import { formatHour } from './dates';
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

/** One hour of the face: its sector, its focus ring and its number; a radio when it can be chosen. */
export function DialSegment({ hour, state, hatchId, crossId, radio }: DialSegmentProps) {
  const label = hourLabelPoint(hour);
  const shape = (
    <>
      <path className="time-dial-focus-ring" d={hourSegmentPath(hour)} />
      <path
        className="time-dial-shape"
        d={hourSegmentPath(hour)}
        fill={state === 'taken' ? `url(#${hatchId})` : state === 'closed' ? `url(#${crossId})` : undefined}
      />
      <text x={label.x} y={label.y} className="time-dial-label">
        {hour}
      </text>
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
      aria-label={`${formatHour(hour)}, ${name}`}
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
