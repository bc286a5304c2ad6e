import { REQUEST_HEADERS } from '@portal/contracts/ssr';
import { toast } from '~/lib/toast';

/**
 * Downloads a back-office file (an .xlsx export): a POST like every call (isapi header, session
 * cookie), saved under `filename`; a refusal's message is shown as a toast.
 */
export async function downloadFile(url: string, body: unknown, filename: string): Promise<void> {
  const res = await fetch(url, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', [REQUEST_HEADERS.isapi]: '1' },
    body: JSON.stringify(body),
  });
  if (!res.ok) {
    const text = await res.text();
    let msg = String(res.status);
    try {
      msg = (JSON.parse(text) as { msg?: string }).msg || msg;
    } catch {
      // not an envelope
    }
    toast.error(msg);
    return;
  }
  const href = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = href;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
