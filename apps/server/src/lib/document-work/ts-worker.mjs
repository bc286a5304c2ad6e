// The document workers' entry when the server runs from source (tsx, vitest): tsx's loader is
// registered in the worker thread itself (`--import tsx` in the worker's execArgv is not applied
// under vitest), then the TypeScript entry is loaded. The bundle runs dist/document-worker.js.
import { register } from 'tsx/esm/api';

register();
const entry = await import('../../document-worker.ts');

export default entry.default;
