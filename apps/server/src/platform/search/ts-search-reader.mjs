// The search readers' entry when the server runs from source (tsx, vitest): tsx's loader is
// registered in the worker thread itself, then the TypeScript entry is loaded. The bundle runs
// dist/search-reader.js.
import { register } from 'tsx/esm/api';

register();
const entry = await import('../../search-reader.ts');

export default entry.default;
