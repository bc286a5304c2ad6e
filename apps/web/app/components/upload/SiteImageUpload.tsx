import { useState } from 'react';
import { useTranslation } from '~/lib/use-translation';
import Button from 'antd/es/button';
import Upload, { type UploadProps } from 'antd/es/upload';
import type { SiteImageUploadCall } from '@portal/contracts/banners';
import { commonData } from '@portal/contracts/home';
import { useAdminSite } from '~/lib/admin/admin-context';
import { useCall } from '~/lib/query/use-call';
import { requestClient } from '~/lib/request/client';
import { toast } from '~/lib/toast';
import { multipartCall } from './multipart-call';

const TYPES = ['image/jpeg', 'image/png', 'image/webp'];
const MB = 1024 * 1024;

/** The contract's multipart upload as a call of the request client. */
function uploadCallOf(call: SiteImageUploadCall) {
  return multipartCall(call, 'admin', 'Uploads a site image (multipart)');
}

/** The managed site's image upload limit (image_config.fileSize, MB) as the portal reads it. */
export function useImageLimitMb(): number | undefined {
  const { data } = useCall(commonData, {}, { staleTime: 0 });
  return data?.image_config.fileSize;
}

/**
 * An image of the back office (banner picture, QR code): shows the current one and uploads a new
 * one to `call`; the server checks the file by its content and the site's size limit and answers
 * the URL of the redrawn picture, which becomes the field's value. For antd Form.Item.
 */
export function SiteImageUpload({
  call,
  value,
  onChange,
  label,
  previewWidth = 240,
  testId,
}: {
  call: SiteImageUploadCall;
  value?: string;
  onChange?: (url: string) => void;
  label: string;
  previewWidth?: number;
  testId: string;
}) {
  const { t } = useTranslation('siteAdmin');
  const { siteCode } = useAdminSite();
  const limitMb = useImageLimitMb();
  const [busy, setBusy] = useState(false);
  const contract = uploadCallOf(call);

  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    if (!TYPES.includes(file.type)) {
      toast.error(t('upload.fileType', { types: 'JPG/PNG/WebP' }));
      return Upload.LIST_IGNORE;
    }
    if (limitMb !== undefined && file.size > limitMb * MB) {
      toast.error(t('upload.fileTooLarge', { mb: limitMb }));
      return Upload.LIST_IGNORE;
    }
    return true;
  };

  const customRequest: UploadProps['customRequest'] = async ({ file, onSuccess, onError }) => {
    const body = new FormData();
    body.append(call.field, file as Blob);
    setBusy(true);
    // A refusal (wrong content, too large) is shown by the request client as the server's message.
    const result = await requestClient.call(contract, body, { siteCode });
    setBusy(false);
    if (result.ok) {
      onChange?.(result.data.url);
      onSuccess?.(result.data);
    } else {
      onError?.(new Error(result.error.message));
    }
  };

  return (
    <div className="site-image-upload" data-testid={testId}>
      {value ? (
        <img
          className="site-image-upload__preview"
          src={value}
          alt=""
          style={{ maxWidth: previewWidth }}
          data-testid={`${testId}-preview`}
        />
      ) : null}
      <Upload
        accept={TYPES.join(',')}
        showUploadList={false}
        maxCount={1}
        beforeUpload={beforeUpload}
        customRequest={customRequest}
        disabled={busy}
      >
        <Button loading={busy}>{busy ? t('banners.uploading') : label}</Button>
      </Upload>
      {limitMb !== undefined ? (
        <p className="site-image-upload__help">{t('banners.uploadHelp', { mb: limitMb })}</p>
      ) : null}
    </div>
  );
}
