import { useId, useState } from 'react';
import { COMMENT_RULE } from '@portal/contracts/comments';
import { useTranslation } from '~/lib/use-translation';
import { toast } from '~/lib/toast';
import { PortalButton } from '~/components/PortalButton';
import type { CommentApi } from './comment-api';

/**
 * The box that writes a comment, an answer, or a reply (`parentId`). Plain text: the server keeps
 * it as text and the page shows it as text.
 */
export function CommentForm({
  api,
  parentId,
  placeholder,
  submitLabel,
  onDone,
  onCancel,
  autoFocus = false,
  testId,
}: {
  api: CommentApi;
  parentId?: number;
  placeholder: string;
  submitLabel: string;
  onDone(): void;
  onCancel?(): void;
  autoFocus?: boolean;
  testId: string;
}) {
  const { t } = useTranslation('discuss');
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const id = useId();

  const submit = async () => {
    if (!text.trim()) {
      toast.warning(t('ui.commentRequired'));
      return;
    }
    setBusy(true);
    const result = await api.add(text, parentId);
    setBusy(false);
    if (!result) return;
    if (result.msg) toast.success(result.msg);
    setText('');
    onDone();
  };

  return (
    <form
      className="portal-comment-form"
      data-testid={testId}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <label htmlFor={id} className="portal-visually-hidden">
        {placeholder}
      </label>
      <textarea
        id={id}
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={placeholder}
        maxLength={COMMENT_RULE.contentMax}
        rows={parentId ? 2 : 4}
        autoFocus={autoFocus}
        data-testid={`${testId}-text`}
      />
      <div className="portal-comment-form__foot">
        {onCancel ? (
          <PortalButton onClick={onCancel} data-testid={`${testId}-cancel`}>
            {t('ui.cancel')}
          </PortalButton>
        ) : null}
        <PortalButton variant="primary" htmlType="submit" loading={busy} data-testid={`${testId}-submit`}>
          {submitLabel}
        </PortalButton>
      </div>
    </form>
  );
}
