import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { NonceContext, readDocumentNonce } from './lib/nonce';

// The nonce of this page, for the style tags antd adds in the browser (popups, toasts).
const nonce = readDocumentNonce(document);

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
