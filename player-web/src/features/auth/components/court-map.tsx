/**
 * One court seen from above, 110 × 238 units (a doubles court's proportions) narrowed to `width`
 * when more courts share the plan: lines, net, and its number once the club's courts are known.
 */
function Court({ x, width, number }: { x: number; width: number; number: number | null }) {
  const y = 40;
  return (
    <g>
      <g transform={`translate(${x} 0) scale(${width / 110} 1)`}>
        <rect x={0} y={y} width="110" height="238" fill="#1c6b45" stroke="#fff" strokeWidth="2.5" />
        <g stroke="#fff" strokeWidth="1.5" fill="none">
          <path d={`M13.7 ${y}v238M96.3 ${y}v238`} />
          <path d={`M13.7 ${y + 55}h82.6M13.7 ${y + 183}h82.6M55 ${y + 55}v128`} />
        </g>
        <path d={`M-6 ${y + 119}h122`} stroke="#fff" strokeWidth="3.5" strokeLinecap="round" />
      </g>
      {number !== null && (
        <text
          x={x + width / 2}
          y={y + 36}
          textAnchor="middle"
          fill="#fff"
          fontSize="22"
          fontWeight="700"
          opacity="0.85"
        >
          {number}
        </text>
      )}
    </g>
  );
}

/** The plan draws up to four courts side by side; a bigger club's plan shows its first four. */
const MOST_DRAWN = 4;
const LEFT = 30;
const ROOM = 240;
const GAP = 20;

/** Where each drawn court goes: one centred, two as before, more narrowed side by side. */
export function courtSlots(courts: number | null): { x: number; width: number; number: number | null }[] {
  const drawn = Math.min(Math.max(courts ?? 2, 1), MOST_DRAWN);
  const width = drawn === 1 ? 110 : drawn === 2 ? 110 : (ROOM - GAP * (drawn - 1)) / drawn;
  const first = drawn === 1 ? LEFT + (ROOM - width) / 2 : LEFT;
  return Array.from({ length: drawn }, (_, index) => ({
    x: first + index * (drawn === 2 ? 130 : width + GAP),
    width,
    number: courts === null ? null : index + 1,
  }));
}

/**
 * The club's plan (its courts, the door, the storage boxes), drawn inline: the front door's picture
 * costs no request and a few hundred bytes of the first screen's budget. Until the club's courts are
 * known (`null`) two courts are drawn without numbers.
 */
export function CourtMap({ courts }: { courts: number | null }) {
  return (
    <svg className="court-map" viewBox="0 0 300 340" aria-hidden="true" focusable="false">
      <rect x="8" y="8" width="284" height="324" rx="14" fill="#0b4229" stroke="#5f9a7c" strokeWidth="2" />
      {courtSlots(courts).map((slot) => (
        <Court key={slot.x} {...slot} />
      ))}
      <circle cx="70" cy="112" r="6" fill="#d4f04c" />
      {/* The storage boxes 1-9 by the wall, and the door with its display. */}
      <g fill="#2c8a5c" stroke="#9cc7b0" strokeWidth="1">
        {[0, 1, 2].flatMap((row) =>
          [0, 1, 2].map((column) => (
            <rect key={`${row}-${column}`} x={30 + column * 15} y={292 + row * 12} width="12" height="9" rx="1.5" />
          )),
        )}
      </g>
      <path d="M130 332h40" stroke="#d4f04c" strokeWidth="6" strokeLinecap="round" />
      <rect x="176" y="300" width="16" height="22" rx="3" fill="#1b1f23" stroke="#d4f04c" strokeWidth="1.5" />
    </svg>
  );
}
