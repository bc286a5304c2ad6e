/**
 * The server bundle (`build/server/index.js`): React Router's server build plus the request handler
 * factory of the same react-router copy. A host that imported `react-router` itself could get a
 * second copy (e.g. when it is bundled), and `data()`/redirect objects would no longer be recognised.
 */
export * from 'virtual:react-router/server-build';
export { createRequestHandler } from 'react-router';
