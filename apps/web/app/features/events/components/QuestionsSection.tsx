import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import {
  actQuestionAdd,
  actQuestionDel,
  actQuestionLike,
  EVENT_RULE,
  type ActivityDetail,
  type EventQuestion,
} from '@portal/contracts/events';
import { DateTime } from '~/components/DateTime';
import { PortalButton } from '~/components/PortalButton';
import { useCallMutation } from '~/lib/query/use-call';
import { useShell } from '~/lib/shell';
import { useTranslation } from '~/lib/use-translation';
import { questionCalls, useQuestions } from '../api/event-queries';
import { useMemberGate } from './use-member-gate';

function QuestionItem({ question, event }: { question: EventQuestion; event: ActivityDetail }) {
  const { t } = useTranslation('events');
  const { site } = useShell();
  const { gate } = useMemberGate();
  const [confirming, setConfirming] = useState(false);
  const like = useCallMutation(actQuestionLike, { invalidates: questionCalls(site, event.ta_id), successToast: false });
  const remove = useCallMutation(actQuestionDel, { invalidates: questionCalls(site, event.ta_id) });
  return (
    <li className="event-question" data-testid="event-question" data-question-id={question.taq_id}>
      <p className="event-question__meta">
        <strong>{question.author.user_nick_name}</strong> · <DateTime iso={question.create_time} />
      </p>
      <p className="event-question__text">{question.taq_content}</p>
      <div className="event-question__actions">
        <PortalButton
          variant="link"
          ghost={question.is_liked}
          aria-pressed={question.is_liked}
          loading={like.isPending}
          onClick={() => gate(() => like.mutate({ taq_id: question.taq_id }))}
          data-testid="event-question-like"
        >
          {question.is_liked ? t('ui.liked') : t('ui.like')} {question.like_count}
        </PortalButton>
        {question.is_mine || event.can_moderate ? (
          confirming ? (
            <span className="event-confirm" role="group">
              <span>{t('ui.confirmDelete')}</span>
              <PortalButton
                danger
                loading={remove.isPending}
                onClick={() => remove.mutate({ taq_id: question.taq_id }, { onSettled: () => setConfirming(false) })}
                data-testid="event-question-delete-confirm"
              >
                {t('ui.deleteQuestion')}
              </PortalButton>
              <PortalButton variant="link" onClick={() => setConfirming(false)}>
                {t('ui.cancel')}
              </PortalButton>
            </span>
          ) : (
            <PortalButton variant="link" danger onClick={() => setConfirming(true)} data-testid="event-question-delete">
              {t('ui.deleteQuestion')}
            </PortalButton>
          )
        ) : null}
      </div>
    </li>
  );
}

/** The questions asked on an event, newest first with "load more", and the form to ask one. */
export function QuestionsSection({ event }: { event: ActivityDetail }) {
  const { t } = useTranslation('events');
  const { site } = useShell();
  const { user, loginHref } = useMemberGate();
  const [text, setText] = useState('');
  const { data, hasNextPage, fetchNextPage, isFetchingNextPage } = useQuestions(site, event.ta_id);
  const ask = useCallMutation(actQuestionAdd, { invalidates: questionCalls(site, event.ta_id) });
  const questions = data ? data.pages.flatMap((p) => p.list) : [];
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!text.trim()) return;
    ask.mutate({ ta_id: event.ta_id, taq_content: text }, { onSuccess: () => setText('') });
  };
  return (
    <section className="event-questions" aria-labelledby="event-questions-title" data-testid="event-questions">
      <h2 id="event-questions-title">{t('ui.questionsCount', { count: event.question_count })}</h2>
      {user ? (
        <form className="event-ask" onSubmit={submit}>
          <label className="portal-visually-hidden" htmlFor="event-ask-text">
            {t('ui.askPlaceholder')}
          </label>
          <textarea
            id="event-ask-text"
            value={text}
            maxLength={EVENT_RULE.questionMax}
            rows={3}
            placeholder={t('ui.askPlaceholder')}
            onChange={(e) => setText(e.target.value)}
            data-testid="event-ask-text"
          />
          <PortalButton
            variant="primary"
            htmlType="submit"
            loading={ask.isPending}
            disabled={!text.trim()}
            data-testid="event-ask"
          >
            {t('ui.ask')}
          </PortalButton>
        </form>
      ) : (
        <p>
          <Link to={loginHref}>{t('ui.loginToAsk')}</Link>
        </p>
      )}
      {questions.length ? (
        <ul className="event-question-list">
          {questions.map((q) => (
            <QuestionItem key={q.taq_id} question={q} event={event} />
          ))}
        </ul>
      ) : (
        <p className="event-empty">{t('ui.noQuestions')}</p>
      )}
      {hasNextPage ? (
        <PortalButton onClick={() => void fetchNextPage()} loading={isFetchingNextPage}>
          {t('ui.loadMore')}
        </PortalButton>
      ) : null}
    </section>
  );
}
