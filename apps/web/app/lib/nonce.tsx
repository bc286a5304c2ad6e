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
