import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

/**
 * pdf.js, loaded when a reader opens an issue's PDF (never at the page's start), with its worker
 * served from our own hashed assets (the page policy allows workers from 'self' only).
 */
export async function loadPdfjs() {
  const pdfjs = await import('pdfjs-dist');
  pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;
  return pdfjs;
}
