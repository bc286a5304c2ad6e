import { useId, useState } from 'react';
import { useTranslation } from '~/lib/use-translation';
import { commentAdd, POST_RULE, type PostComment } from '@portal/contracts/discussions';
import { requestClient } from '~/lib/request/client';
import { useShell } from '~/lib/shell';
import { toast } from '~/lib/toast';
import { PortalButton } from '~/components/PortalButton';

/**
 * The box that writes a comment, an answer, or a reply (`parentId`). Plain text: the server keeps
 * it as text and the page shows it as text.
 */
export function CommentForm({
  postId,
  parentId,
  placeholder,
  submitLabel,
  onDone,
  onCancel,
  autoFocus = false,
  testId,
}: {
  postId: number;
  parentId?: number;
  placeholder: string;
  submitLabel: string;
  onDone(comment: PostComment): void;
  onCancel?(): void;
  autoFocus?: boolean;
  testId: string;
}) {
  const { t } = useTranslation('discuss');
  const { site } = useShell();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const id = useId();

  const submit = async () => {
    if (!text.trim()) {
      toast.warning(t('ui.commentRequired'));
      return;
    }
    setBusy(true);
    const result = await requestClient.call(
      commentAdd,
      parentId ? { tp_id: postId, tpc_content: text, tpc_parent_id: parentId } : { tp_id: postId, tpc_content: text },
      { siteCode: site.apply_site },
    );
    setBusy(false);
    if (!result.ok) return;
    if (result.envelope.msg) toast.success(result.envelope.msg);
    setText('');
    onDone(result.data);
  };

  return (
    <form
      className="discuss-comment-form"
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
        maxLength={POST_RULE.commentMax}
        rows={parentId ? 2 : 4}
        autoFocus={autoFocus}
        data-testid={`${testId}-text`}
      />
      <div className="discuss-comment-form__foot">
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
