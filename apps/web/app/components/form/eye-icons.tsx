/** The password field's show and hide icons, inline (only the forms' chunk carries them). */
const base = { width: 16, height: 16, viewBox: '0 0 24 24', 'aria-hidden': true, focusable: false } as const;

export function EyeIcon() {
  return (
    <svg {...base}>
      <path
        fill="currentColor"
        d="M12 5c5 0 9 4.5 10 7-1 2.5-5 7-10 7S3 14.5 2 12c1-2.5 5-7 10-7zm0 2c-3.6 0-6.6 3-7.8 5 1.2 2 4.2 5 7.8 5s6.6-3 7.8-5c-1.2-2-4.2-5-7.8-5zm0 2a3 3 0 110 6 3 3 0 010-6z"
      />
    </svg>
  );
}

export function EyeOffIcon() {
  return (
    <svg {...base}>
      <path
        fill="currentColor"
        d="M3.7 2.3l18 18-1.4 1.4-3.5-3.5A10.6 10.6 0 0112 19c-5 0-9-4.5-10-7 .6-1.5 2.2-3.8 4.6-5.4L2.3 3.7l1.4-1.4zM8 8l1.6 1.6a3 3 0 004.8 4.8l1.6 1.6A8.7 8.7 0 0112 17c-3.6 0-6.6-3-7.8-5 .8-1.3 2.1-2.9 3.8-4zm4-3c5 0 9 4.5 10 7-.5 1.2-1.6 2.9-3.2 4.4l-1.4-1.4c1.1-1 1.9-2.1 2.4-3-1.2-2-4.2-5-7.8-5-.8 0-1.5.1-2.2.3L8.2 5.7C9.4 5.2 10.7 5 12 5z"
      />
    </svg>
  );
}
