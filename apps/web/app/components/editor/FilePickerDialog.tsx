import { useRef, useState } from 'react';
import { useTranslation } from '~/lib/use-translation';
import Button from 'antd/es/button';
import Modal from 'antd/es/modal';
import Radio from 'antd/es/radio';
import { toast } from '~/lib/toast';
import { acceptOf, hasType, PICKER_TYPES, type PickerKind } from './editor-rules';

export interface FilePickerDialogProps {
  open: boolean;
  kind: PickerKind;
  onKindChange(kind: PickerKind): void;
  onCancel(): void;
  /** A file of the chosen kind's types. */
  onChosen(file: File, kind: PickerKind): void;
}

/**
 * The editor's file picker (spec 5): image, audio/video or file, each with its own types; pressing
 * upload with nothing chosen says 'please select upload file'.
 */
export function FilePickerDialog({ open, kind, onKindChange, onCancel, onChosen }: FilePickerDialogProps) {
  const { t } = useTranslation('editor');
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const types = PICKER_TYPES[kind];

  const close = () => {
    setFile(null);
    onCancel();
  };

  const upload = () => {
    if (!file) {
      toast.error(t('picker.empty'));
      return;
    }
    if (!hasType(file.name, types)) {
      toast.error(t('picker.wrongType', { types: types.join('/') }));
      return;
    }
    setFile(null);
    onChosen(file, kind);
  };

  return (
    <Modal
      open={open}
      title={t('picker.title')}
      onCancel={close}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={close}>
          {t('picker.cancel')}
        </Button>,
        <Button key="upload" type="primary" onClick={upload} data-testid="rte-picker-upload">
          {t('picker.upload')}
        </Button>,
      ]}
    >
      <div className="rte-picker" data-testid="rte-picker">
        <Radio.Group
          value={kind}
          onChange={(e) => {
            setFile(null);
            onKindChange(e.target.value as PickerKind);
          }}
          optionType="button"
          options={(['image', 'media', 'file'] as const).map((k) => ({ value: k, label: t(`picker.${k}`) }))}
        />
        <p className="rte-picker-types">{t('picker.types', { types: types.join(', ') })}</p>
        <input
          ref={input}
          type="file"
          className="rte-file-input"
          tabIndex={-1}
          aria-label={t('picker.choose')}
          accept={acceptOf(types)}
          data-testid="rte-picker-input"
          onChange={(e) => {
            setFile(e.target.files?.[0] ?? null);
            e.target.value = '';
          }}
        />
        <Button onClick={() => input.current?.click()}>{t('picker.choose')}</Button>
        {file && <span className="rte-picker-file">{file.name}</span>}
      </div>
    </Modal>
  );
}
