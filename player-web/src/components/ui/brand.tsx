import { ui } from '../../lib/messages';

/**
 * Kort's mark (the favicon's drawing: a court with a ball), inline so that the first screen paints
 * it with the HTML, without a request of its own.
 */
export function BrandMark({ size = 28 }: { size?: number }) {
  return (
    <svg className="brand-mark" viewBox="0 0 512 512" width={size} height={size} aria-hidden="true" focusable="false">
      <rect width="512" height="512" rx="112" fill="#0f5132" />
      <g fill="none" stroke="#fff" strokeWidth="30" strokeLinejoin="round">
        <rect x="104" y="150" width="304" height="232" rx="18" />
        <path d="M256 120v292" />
      </g>
      <circle cx="178" cy="266" r="40" fill="#d4f04c" />
    </svg>
  );
}

/** The mark beside the club's name: the top bar, the side menu, the front door, the failure screens. */
export function Brand({ as: Tag = 'p', size }: { as?: 'span' | 'p'; size?: number }) {
  return (
    <Tag className="brand">
      <BrandMark size={size} />
      {ui.brand}
    </Tag>
  );
}
