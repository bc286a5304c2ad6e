import { useEffect, useRef, useState } from 'react';
import type { PDFDocumentProxy, RenderTask } from 'pdfjs-dist';
import { PortalButton } from '~/components/PortalButton';
import { useTranslation } from '~/lib/use-translation';
import { loadPdfjs } from './load-pdfjs.client';

const ZOOMS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3] as const;
const START_ZOOM = 2; // 100 %

/**
 * An issue's PDF read in the page: one page at a time on a canvas, with page navigation and zoom.
 * pdf.js and its worker load when this opens; the file comes from the PDF address, which
 * the server refuses to anyone who may not read it.
 */
export default function PdfReader({ url }: { url: string }) {
  const { t } = useTranslation('journal');
  const canvas = useRef<HTMLCanvasElement>(null);
  const [doc, setDoc] = useState<PDFDocumentProxy | null>(null);
  const [failed, setFailed] = useState(false);
  const [page, setPage] = useState(1);
  const [zoom, setZoom] = useState<number>(START_ZOOM);

  useEffect(() => {
    let cancelled = false;
    let loaded: PDFDocumentProxy | null = null;
    loadPdfjs()
      .then((pdfjs) => pdfjs.getDocument({ url, isEvalSupported: false }).promise)
      .then((pdf) => {
        loaded = pdf;
        if (cancelled) void pdf.destroy();
        else setDoc(pdf);
      })
      .catch(() => {
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
      void loaded?.destroy();
    };
  }, [url]);

  useEffect(() => {
    if (!doc || !canvas.current) return;
    let task: RenderTask | null = null;
    let cancelled = false;
    const target = canvas.current;
    void doc.getPage(page).then((p) => {
      if (cancelled) return;
      const ratio = window.devicePixelRatio || 1;
      const viewport = p.getViewport({ scale: ZOOMS[zoom]! });
      target.width = Math.floor(viewport.width * ratio);
      target.height = Math.floor(viewport.height * ratio);
      target.style.width = `${Math.floor(viewport.width)}px`;
      target.style.height = `${Math.floor(viewport.height)}px`;
      const context = target.getContext('2d');
      if (!context) return;
      task = p.render({
        canvasContext: context,
        viewport,
        transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0],
      });
      task.promise.then(
        () => target.setAttribute('data-rendered-page', String(page)),
        () => {},
      );
    });
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [doc, page, zoom]);

  if (failed)
    return (
      <p className="journal-muted" role="alert">
        {t('ui.pdfFailed')}
      </p>
    );
  if (!doc) return <p className="journal-muted">{t('ui.pdfLoading')}</p>;
  const pages = doc.numPages;
  return (
    <div className="journal-reader" data-testid="journal-pdf-reader">
      <div className="journal-reader__bar" role="toolbar" aria-label={t('ui.pdf')}>
        <PortalButton onClick={() => setPage(page - 1)} disabled={page <= 1} data-testid="journal-pdf-prev">
          {t('ui.prevPage')}
        </PortalButton>
        <span aria-live="polite" data-testid="journal-pdf-page">
          {t('ui.pageOf', { page, pages })}
        </span>
        <PortalButton onClick={() => setPage(page + 1)} disabled={page >= pages} data-testid="journal-pdf-next">
          {t('ui.nextPage')}
        </PortalButton>
        <PortalButton onClick={() => setZoom(zoom - 1)} disabled={zoom <= 0} aria-label={t('ui.zoomOut')}>
          −
        </PortalButton>
        <span data-testid="journal-pdf-zoom">{t('ui.zoom', { percent: Math.round(ZOOMS[zoom]! * 100) })}</span>
        <PortalButton
          onClick={() => setZoom(zoom + 1)}
          disabled={zoom >= ZOOMS.length - 1}
          aria-label={t('ui.zoomIn')}
          data-testid="journal-pdf-zoom-in"
        >
          +
        </PortalButton>
      </div>
      <div className="journal-reader__page">
        <canvas ref={canvas} data-testid="journal-pdf-canvas" />
      </div>
    </div>
  );
}
