/** One court seen from above, 11 × 24 units (a doubles court's metres): lines, net, its number. */
function Court({ x, number }: { x: number; number: number }) {
  const y = 40;
  return (
    <g>
      <rect x={x} y={y} width="110" height="238" fill="#1c6b45" stroke="#fff" strokeWidth="2.5" />
      <g stroke="#fff" strokeWidth="1.5" fill="none">
        <path d={`M${x + 13.7} ${y}v238M${x + 96.3} ${y}v238`} />
        <path d={`M${x + 13.7} ${y + 55}h82.6M${x + 13.7} ${y + 183}h82.6M${x + 55} ${y + 55}v128`} />
      </g>
      <path d={`M${x - 6} ${y + 119}h122`} stroke="#fff" strokeWidth="3.5" strokeLinecap="round" />
      <text x={x + 55} y={y + 36} textAnchor="middle" fill="#fff" fontSize="22" fontWeight="700" opacity="0.85">
        {number}
      </text>
    </g>
  );
}

/**
 * The club's plan (courts 1 and 2, the door, the storage boxes), drawn inline: the front door's
 * picture costs no request and a few hundred bytes of the first screen's budget.
 */
export function CourtMap() {
  return (
    <svg className="court-map" viewBox="0 0 300 340" aria-hidden="true" focusable="false">
      <rect x="8" y="8" width="284" height="324" rx="14" fill="#0b4229" stroke="#5f9a7c" strokeWidth="2" />
      <Court x={30} number={1} />
      <Court x={160} number={2} />
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
