import { convertWordDocument } from './platform/uploads/docx-convert';

/**
 * The entry of the document workers (lib/document-work): every task the pool runs is listed here by
 * name. Bundled as dist/document-worker.js beside main.js (scripts/build.mjs); from source it is
 * loaded through lib/document-work/ts-worker.mjs. Later document work (spreadsheet import and
 * export, PDFs) adds its task the same way.
 */
const tasks: Record<string, (input: never) => unknown> = { convertWordDocument };

export default function runDocumentTask({ task, input }: { task: string; input: never }): unknown {
  if (!Object.hasOwn(tasks, task)) throw new Error(`no document task ${task}`);
  return tasks[task]!(input);
}
