import { createContext, useContext } from 'react';

/**
 * The request's CSP nonce. The server entry provides it from the load context; the browser entry
 * reads it back from the document's scripts (browsers hide the attribute, not the property).
 */
export const NonceContext = createContext<string | undefined>(undefined);

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}

export function readDocumentNonce(doc: Document): string | undefined {
  const script = doc.querySelector<HTMLScriptElement>('script[nonce]');
  return script?.nonce || script?.getAttribute('nonce') || undefined;
}

/**
 * Gives every `<style>` element that scripts create in this document the page's nonce, so that the
 * page's CSP (`style-src-elem 'self' 'nonce-…'`) lets it in. antd's own styles carry the nonce
 * already (ConfigProvider `csp`), but @rc-component/util adds a few without it: the table's
 * scrollbar measurement on every antd Table, and the scroll lock of modals and drawers. Only the
 * page's own scripts run (the CSP admits no others), and markup parsed from HTML (sanitised rich
 * text) never goes through `createElement`, so no foreign style gets the nonce this way.
 */
export function nonceScriptStyles(doc: Document, nonce: string | undefined): void {
  if (!nonce) return;
  const createElement = doc.createElement;
  doc.createElement = function (this: Document, tagName: string, options?: ElementCreationOptions) {
    const element = createElement.call(this, tagName, options);
    if (element.tagName === 'STYLE' && !(element as HTMLStyleElement).nonce)
      (element as HTMLStyleElement).nonce = nonce;
    return element;
  } as Document['createElement'];
}
