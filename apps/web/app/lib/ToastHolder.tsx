import { useEffect } from 'react';
import message from 'antd/es/message';
import { withPortalAntd } from './PortalAntd';

/** What the holder hands the bridge once mounted: antd's message API bound to the root's context. */
export type ToastApi = ReturnType<typeof message.useMessage>[0];

/**
 * antd's message toasts, loaded the first time the page has something to say (a lazy chunk: most
 * pages never toast, so their JavaScript at start does not carry the notification machinery).
 * Rendered inside ConfigProvider, so toasts get the theme and the CSP nonce.
 */
function ToastHolder({ onReady }: { onReady: (api: ToastApi) => void }) {
  const [api, holder] = message.useMessage();
  useEffect(() => onReady(api), [api, onReady]);
  return holder;
}

export default withPortalAntd(ToastHolder);
