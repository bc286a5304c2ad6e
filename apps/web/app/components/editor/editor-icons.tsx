import type { ReactNode } from 'react';

/** Small line icons for the toolbar (no icon font: the glyphs must not depend on the system's fonts). */
function Icon({ children }: { children: ReactNode }) {
  return (
    <svg
      width="16"
      height="16"
      viewBox="0 0 16 16"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.5"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

export const AlignLeftIcon = () => (
  <Icon>
    <path d="M2 3h12M2 6.5h8M2 10h12M2 13.5h8" />
  </Icon>
);
export const AlignCenterIcon = () => (
  <Icon>
    <path d="M2 3h12M4 6.5h8M2 10h12M4 13.5h8" />
  </Icon>
);
export const AlignRightIcon = () => (
  <Icon>
    <path d="M2 3h12M6 6.5h8M2 10h12M6 13.5h8" />
  </Icon>
);
export const LinkIcon = () => (
  <Icon>
    <path d="M6.5 9.5l3-3M7 4.5l1.2-1.2a2.5 2.5 0 013.5 3.5L10.5 8M9 11.5l-1.2 1.2a2.5 2.5 0 01-3.5-3.5L5.5 8" />
  </Icon>
);
export const ImageIcon = () => (
  <Icon>
    <rect x="2" y="3" width="12" height="10" rx="1" />
    <circle cx="5.5" cy="6.5" r="1" />
    <path d="M2.5 12l3.5-3.5 2.5 2.5 2-2 3 3" />
  </Icon>
);
export const AttachmentIcon = () => (
  <Icon>
    <path d="M10.5 5l-4.8 4.8a1.4 1.4 0 002 2l5-5a2.8 2.8 0 00-4-4l-5 5a4.2 4.2 0 006 6l4.3-4.3" />
  </Icon>
);
export const FullscreenIcon = () => (
  <Icon>
    <path d="M2 6V2h4M10 2h4v4M14 10v4h-4M6 14H2v-4" />
  </Icon>
);
export const ExitFullscreenIcon = () => (
  <Icon>
    <path d="M6 2v4H2M14 6h-4V2M10 14v-4h4M2 10h4v4" />
  </Icon>
);
