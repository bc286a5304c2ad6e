/** The few icons the shell needs, inline: cheaper than an icon package on every page. */
const base = { width: 16, height: 16, viewBox: '0 0 24 24', 'aria-hidden': true, focusable: false } as const;

export function SearchIcon() {
  return (
    <svg {...base}>
      <path
        fill="currentColor"
        d="M10 2a8 8 0 016.32 12.9l5.39 5.4-1.41 1.4-5.4-5.38A8 8 0 1110 2zm0 2a6 6 0 100 12 6 6 0 000-12z"
      />
    </svg>
  );
}

export function GlobeIcon() {
  return (
    <svg {...base}>
      <path
        fill="currentColor"
        d="M12 2a10 10 0 110 20 10 10 0 010-20zm2.9 11H9.1c.2 3.2 1.4 6 2.9 7 1.5-1 2.7-3.8 2.9-7zm5 0h-3c-.1 2.5-.8 4.8-1.8 6.4A8 8 0 0019.9 13zM7.1 13h-3a8 8 0 004.8 6.4c-1-1.6-1.7-3.9-1.8-6.4zm1.8-8.4A8 8 0 004.1 11h3c.1-2.5.8-4.8 1.8-6.4zM12 4c-1.5 1-2.7 3.8-2.9 7h5.8C14.7 7.8 13.5 5 12 4zm3.1.6c1 1.6 1.7 3.9 1.8 6.4h3a8 8 0 00-4.8-6.4z"
      />
    </svg>
  );
}

export function EditIcon() {
  return (
    <svg {...base}>
      <path
        fill="currentColor"
        d="M3 17.25V21h3.75L17.8 9.94l-3.75-3.75L3 17.25zm17.7-10.2a1 1 0 000-1.42l-2.33-2.33a1 1 0 00-1.42 0l-1.83 1.83 3.75 3.75 1.83-1.83z"
      />
    </svg>
  );
}

export function MenuIcon() {
  return (
    <svg {...base} width={20} height={20}>
      <path fill="currentColor" d="M3 5h18v2H3zm0 6h18v2H3zm0 6h18v2H3z" />
    </svg>
  );
}

export function CloseIcon() {
  return (
    <svg {...base} width={20} height={20}>
      <path
        fill="currentColor"
        d="M18.3 4.3l1.4 1.4L13.4 12l6.3 6.3-1.4 1.4-6.3-6.3-6.3 6.3-1.4-1.4 6.3-6.3-6.3-6.3 1.4-1.4 6.3 6.3z"
      />
    </svg>
  );
}

export function ChevronDownIcon() {
  return (
    <svg {...base} width={12} height={12}>
      <path fill="currentColor" d="M12 15.6L5.3 8.9l1.4-1.4 5.3 5.3 5.3-5.3 1.4 1.4z" />
    </svg>
  );
}
