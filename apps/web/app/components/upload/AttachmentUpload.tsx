import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '~/lib/use-translation';
import { useQuery } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Upload, { type UploadFile, type UploadProps } from 'antd/es/upload';
import { UPLOAD_DEFAULTS } from '@portal/contracts/constants';
import { uploadConfig, uploadFile, uploadImport } from '@portal/contracts/uploads';
import { callQuery } from '~/lib/query/call-query';
import { useShell } from '~/lib/shell';
import { toast } from '~/lib/toast';
import { uploadDirect } from './direct-upload';
import { refuseUpload } from './upload-rules';
import { uploadThroughServer } from './upload-through-server';
import './attachment-upload.css';

/** An attachment of a form (tp_annex items). */
export interface FormAttachment {
  att_id: number;
  att_title: string;
  att_url: string;
  /** Bytes. */
  att_size: number;
}

export interface AttachmentUploadProps {
  value?: FormAttachment[];
  onChange?(attachments: FormAttachment[]): void;
  /** Lower-case extensions; spec 5's default list (doc, xls, ppt, txt, pdf) when absent. */
  types?: readonly string[];
  /** Files per form; the site's file_config.fileLimit (9) when absent. With 1, a new file replaces the old. */
  limit?: number;
  /** MB per file; the site's file_config.fileSize (5) when absent. */
  maxMb?: number;
  /** 'import': spreadsheets through /api/tool/inportfile/ (xls, xlsx). */
  purpose?: 'file' | 'import';
  disabled?: boolean;
  id?: string;
}

/**
 * A form's attachments (spec 5): checks type, size and count with the spec's messages before
 * anything is sent; uploads through the server, or, when the site stores files in S3, straight to
 * the store in 2 MB parts with progress, then registers them (att_storage 2). The value is the
 * list of uploaded attachments. Uploads still running stop when the form goes away.
 */
export function AttachmentUpload({
  value,
  onChange,
  types = UPLOAD_DEFAULTS.fileTypes,
  limit,
  maxMb,
  purpose = 'file',
  disabled,
  id,
}: AttachmentUploadProps) {
  const { t } = useTranslation('upload');
  const { site } = useShell();
  const config = useQuery({ ...callQuery(uploadConfig, site, {}), staleTime: 300_000 });
  const configItem = purpose === 'import' ? config.data?.import_config : config.data?.file_config;
  const fileLimit = limit ?? configItem?.fileLimit ?? UPLOAD_DEFAULTS.fileLimit;
  const sizeMb =
    maxMb ??
    configItem?.fileSize ??
    (purpose === 'import' ? UPLOAD_DEFAULTS.importFileSizeMb : UPLOAD_DEFAULTS.fileSizeMb);
  const direct = config.data?.storage === 's3' && purpose === 'file';

  const [pending, setPending] = useState<UploadFile[]>([]);
  const attachments = value ?? [];
  const valueRef = useRef(attachments);
  valueRef.current = attachments;
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  /** Files accepted in the current selection, so choosing ten at once counts all ten. */
  const batch = useRef(0);
  const running = useRef(new Map<string, AbortController>());

  useEffect(() => {
    const uploads = running.current;
    return () => {
      for (const controller of uploads.values()) controller.abort();
      uploads.clear();
    };
  }, []);

  const beforeUpload: UploadProps['beforeUpload'] = (file, list) => {
    if (list[0] === file) batch.current = 0;
    const alreadyChosen = valueRef.current.length + running.current.size + batch.current;
    const refusal = refuseUpload(file, { types, maxMb: sizeMb, limit: fileLimit, alreadyChosen });
    if (refusal) {
      if (refusal.reason === 'type') toast.error(t('ui.format', { types: refusal.types }));
      else if (refusal.reason === 'size') toast.error(t('ui.tooLarge', { n: refusal.mb }));
      else toast.error(t('ui.tooMany', { n: refusal.limit }));
      return Upload.LIST_IGNORE;
    }
    batch.current += 1;
    return true;
  };

  const setProgress = (uid: string, change: Partial<UploadFile> | null) =>
    setPending((list) =>
      change === null ? list.filter((f) => f.uid !== uid) : list.map((f) => (f.uid === uid ? { ...f, ...change } : f)),
    );

  const customRequest: UploadProps['customRequest'] = ({ file }) => {
    const chosen = file as File & { uid: string };
    const controller = new AbortController();
    running.current.set(chosen.uid, controller);
    setPending((list) => [...list, { uid: chosen.uid, name: chosen.name, status: 'uploading', percent: 0 }]);
    void (async () => {
      const outcome = direct
        ? await uploadDirect(chosen, {
            signal: controller.signal,
            onProgress: (percent) => setProgress(chosen.uid, { percent }),
          })
        : await uploadThroughServer(purpose === 'import' ? uploadImport : uploadFile, chosen);
      running.current.delete(chosen.uid);
      if (controller.signal.aborted) return;
      setProgress(chosen.uid, null);
      if (!outcome.ok) {
        if (direct && !outcome.answered) toast.error(t('ui.directFailed'));
        else if (outcome.answered || outcome.httpStatus) toast.error(t('ui.fileFailed', { reason: outcome.reason }));
        else toast.error(t('ui.failed'));
        return;
      }
      const attachment: FormAttachment = {
        att_id: outcome.data.att_id,
        att_title: outcome.data.original_name,
        att_url: outcome.data.address,
        att_size: chosen.size,
      };
      const next = fileLimit === 1 ? [attachment] : [...valueRef.current, attachment];
      valueRef.current = next;
      onChangeRef.current?.(next);
    })();
  };

  const fileList: UploadFile[] = [
    ...attachments.map(
      (a): UploadFile => ({
        uid: `att-${a.att_id}`,
        name: a.att_title,
        status: 'done',
        url: a.att_url,
        size: a.att_size,
      }),
    ),
    ...pending,
  ];

  return (
    <div id={id} className="attachment-upload" data-testid="attachment-upload">
      <Upload
        multiple={fileLimit > 1}
        accept={types.map((type) => `.${type}`).join(',')}
        fileList={fileList}
        beforeUpload={beforeUpload}
        customRequest={customRequest}
        disabled={disabled}
        onRemove={(file) => {
          const controller = running.current.get(file.uid);
          if (controller) {
            controller.abort();
            running.current.delete(file.uid);
            setProgress(file.uid, null);
            return true;
          }
          const next = valueRef.current.filter((a) => `att-${a.att_id}` !== file.uid);
          valueRef.current = next;
          onChangeRef.current?.(next);
          return true;
        }}
      >
        <Button disabled={disabled}>{t('ui.choose')}</Button>
      </Upload>
      <p className="attachment-upload-hint">{t('ui.hint', { types: types.join(', '), n: sizeMb, count: fileLimit })}</p>
    </div>
  );
}
