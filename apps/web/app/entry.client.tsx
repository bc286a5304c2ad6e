import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { DEFAULT_SITE, SITES } from '@portal/contracts/sites';
import { hydrationWork } from './lib/before-hydration';
import { loadCatalogue } from './lib/catalogue';
import { NonceContext, nonceScriptStyles, readDocumentNonce } from './lib/nonce';
import { rememberBrowserTimeZone } from './lib/time-zone';

// The nonce of this page, for the style tags antd adds in the browser (popups, toasts).
const nonce = readDocumentNonce(document);
// ...and for the few that libraries create without it (see nonceScriptStyles).
nonceScriptStyles(document, nonce);

// The next server render prints times in this browser's zone (decision 021).
rememberBrowserTimeZone(document);

// The page's texts, in its language only (the server wrote it in <html lang>), before hydration so
// the first render says what the server rendered; and the lazy code the page's route module asked
// for (at most 5 s, then the page hydrates and that code follows).
const lang = SITES.find((s) => s.htmlLang === document.documentElement.lang)?.lang ?? DEFAULT_SITE.lang;
void Promise.all([loadCatalogue(lang), hydrationWork(5_000)]).then(() => {
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
});
