import { useEffect, useState } from 'react';
import { useTranslation } from '~/lib/use-translation';
import { LOADING_EVENT, readLoadingDetail, type LoadingDetail } from './loading-events';

/** The global loading overlay; `showLoading()`/`hideLoading()` drive it from anywhere. */
export function LoadingOverlay() {
  const { t } = useTranslation('common');
  const [state, setState] = useState<LoadingDetail>({ show: false });

  useEffect(() => {
    const onLoading = (event: Event) => setState(readLoadingDetail(event));
    window.addEventListener(LOADING_EVENT, onLoading);
    return () => window.removeEventListener(LOADING_EVENT, onLoading);
  }, []);

  if (!state.show) return null;
  return (
    <div className="portal-loading" data-testid="loading-overlay" role="status" aria-live="polite" aria-busy="true">
      <span className="portal-loading__spinner" aria-hidden="true" />
      <span className="portal-loading__text">{state.text ?? t('loading')}</span>
    </div>
  );
}
