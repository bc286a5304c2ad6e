/** The window event that shows or hides the loading overlay (spec 1: "shown or hidden on events"). */
export const LOADING_EVENT = 'portal:loading';

export interface LoadingDetail {
  show: boolean;
  /** Text under the spinner; the catalogue's 'loading...' when omitted. */
  text?: string;
}

function dispatch(detail: LoadingDetail): void {
  if (typeof window === 'undefined') return;
  window.dispatchEvent(new CustomEvent<LoadingDetail>(LOADING_EVENT, { detail }));
}

/** Shows the full-page loading overlay, optionally with its own text. */
export function showLoading(text?: string): void {
  dispatch({ show: true, text });
}

export function hideLoading(): void {
  dispatch({ show: false });
}

/** Reads an event's detail defensively: anyone can dispatch on `window`. */
export function readLoadingDetail(event: Event): LoadingDetail {
  const detail = (event as CustomEvent<unknown>).detail as Partial<LoadingDetail> | null | undefined;
  return {
    show: detail?.show === true,
    text: typeof detail?.text === 'string' && detail.text.trim() ? detail.text : undefined,
  };
}
