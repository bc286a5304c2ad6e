/**
 * The server bundle (`build/server/index.js`): React Router's server build plus the request handler
 * factory of the same react-router copy. A host that imported `react-router` itself could get a
 * second copy (e.g. when it is bundled), and `data()`/redirect objects would no longer be recognised.
 * It also hands the host the stylesheet of antd's styles that the pages link to.
 */
export * from 'virtual:react-router/server-build';
export { createRequestHandler } from 'react-router';
export { STYLESHEET_PREFIX, stylesheetFor } from '../app/lib/antd-stylesheet.server';
