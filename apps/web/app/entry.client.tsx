import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { NonceContext, nonceScriptStyles, readDocumentNonce } from './lib/nonce';

// The nonce of this page, for the style tags antd adds in the browser (popups, toasts).
const nonce = readDocumentNonce(document);
// ...and for the few that libraries create without it (see nonceScriptStyles).
nonceScriptStyles(document, nonce);

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <NonceContext value={nonce}>
        <HydratedRouter />
      </NonceContext>
    </StrictMode>,
  );
});
