/** Line icons drawn in currentColor, so they follow the text colour of their button. */
const common = {
  width: 24,
  height: 24,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  focusable: false,
} as const;

export function MenuIcon() {
  return (
    <svg {...common} aria-hidden="true">
      <path d="M4 7h16M4 12h16M4 17h16" />
    </svg>
  );
}

export function CloseIcon() {
  return (
    <svg {...common} aria-hidden="true">
      <path d="M6 6l12 12M18 6L6 18" />
    </svg>
  );
}

export function CartIcon() {
  return (
    <svg {...common} aria-hidden="true">
      <path d="M3 4h2l2.2 10.2a1 1 0 0 0 1 .8h8.9a1 1 0 0 0 1-.8L20 8H6.2" />
      <circle cx="9.5" cy="19" r="1.4" />
      <circle cx="16.5" cy="19" r="1.4" />
    </svg>
  );
}

export function ChevronIcon() {
  return (
    <svg {...common} aria-hidden="true">
      <path d="M6 9l6 6 6-6" />
    </svg>
  );
}

export function TrashIcon() {
  return (
    <svg {...common} aria-hidden="true">
      <path d="M4 7h16M10 11v6M14 11v6M6 7l1 12a1 1 0 0 0 1 1h8a1 1 0 0 0 1-1l1-12M9 7V4h6v3" />
    </svg>
  );
}

export function CheckIcon() {
  return (
    <svg {...common} aria-hidden="true">
      <path d="M5 12l5 5 9-10" />
    </svg>
  );
}

export function UndoIcon() {
  return (
    <svg {...common} aria-hidden="true">
      <path d="M9 14L4 9l5-5M4 9h10a6 6 0 0 1 0 12h-3" />
    </svg>
  );
}

export function RedoIcon() {
  return (
    <svg {...common} aria-hidden="true">
      <path d="M15 14l5-5-5-5M20 9H10a6 6 0 0 0 0 12h3" />
    </svg>
  );
}

/** The yellow triangle of a print-quality warning (S0 §2). */
export function WarningIcon({ size = 28 }: { size?: number }) {
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" focusable="false">
      <path
        d="M12 2 1 21h22L12 2Z"
        fill="#f2b705"
        stroke="#1f2430"
        strokeWidth="1.2"
        strokeLinejoin="round"
      />
      <path d="M11 9h2v6h-2zM11 16.5h2v2h-2z" fill="#1f2430" />
    </svg>
  );
}
