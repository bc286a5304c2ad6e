/**
 * The shell's toasts for features: antd message toasts rendered by the root's holder (inside
 * ConfigProvider, so they get the theme and the CSP nonce), which outlive the page that raised them,
 * e.g. "Signed in" shown while the member is taken back to where they were.
 */
export interface Toasts {
  success(text: string): void;
  error(text: string): void;
  warning(text: string): void;
}

let current: Toasts | undefined;

/** The root's RequestClientBridge hands its toasts over once, in the browser. */
export function setToasts(toasts: Toasts): void {
  current = toasts;
}

export const toast: Toasts = {
  success: (text) => current?.success(text),
  error: (text) => current?.error(text),
  warning: (text) => current?.warning(text),
};
