import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import {
  QUESTIONNAIRE_RULE,
  answerIssues,
  questionnaireAnswer,
  questionnaireGet,
  type AnswerValue,
  type Answers,
  type Question,
} from '@portal/contracts/questionnaires';
import { PortalButton } from '~/components/PortalButton';
import { useFormatTime } from '~/lib/format';
import { useCall, useCallMutation } from '~/lib/query/use-call';
import { useShell } from '~/lib/shell';
import { useTranslation } from '~/lib/use-translation';
import { eventCalls } from '../api/event-queries';
import { eventPath } from '../api/event-view';
import { useMemberGate } from './use-member-gate';

/** A contract's message key (`questionnaire.rules.required`) as the page's `t` names it. */
const textKey = (key: string) => key.replace('.', ':');

/** The page's one message in a framed box: each of spec 8's situations gets its own. */
function Notice({ state, children }: { state: string; children: React.ReactNode }) {
  return (
    <div className="questionnaire__notice" role="status" data-testid={`questionnaire-${state}`}>
      {children}
    </div>
  );
}

/** The page of an id that names no event: spec 8's "not set" message (the loader answers 404). */
export function QuestionnaireNotSet() {
  const { t } = useTranslation('questionnaire');
  return (
    <div className="portal-page event-page questionnaire" data-testid="questionnaire-page" data-state="notSet">
      <section className="event-card-box">
        <h1>{t('ui.heading')}</h1>
        <Notice state="notSet">{t('ui.notSet')}</Notice>
      </section>
    </div>
  );
}

function AnswerShown({ question, value }: { question: Question; value: AnswerValue | undefined }) {
  const { t } = useTranslation('questionnaire');
  const { site } = useShell();
  const shown =
    question.kind === 'text' ? (value?.text ?? '') : (value?.choices ?? []).join(site.lang === 'zh' ? '、' : ', ');
  return <p className="questionnaire__answer">{shown || t('ui.noAnswer')}</p>;
}

function QuestionField({
  question,
  index,
  value,
  error,
  onChange,
}: {
  question: Question;
  index: number;
  value: AnswerValue | undefined;
  error: string | null;
  onChange: (v: AnswerValue) => void;
}) {
  const { t } = useTranslation('questionnaire');
  const name = `q-${question.question_id}`;
  const choices = value?.choices ?? [];
  const legend = (
    <legend>
      {index + 1}. {question.title}{' '}
      <span className="questionnaire__kind">
        [{t(`ui.${question.kind}`)}
        {question.required ? ` · ${t('ui.required')}` : ''}]
      </span>
    </legend>
  );
  return (
    <fieldset
      className={`questionnaire__question${error ? ' questionnaire__question--error' : ''}`}
      data-testid={`question-${index}`}
      aria-invalid={error ? true : undefined}
    >
      {legend}
      {question.kind === 'text' ? (
        <>
          <textarea
            name={name}
            rows={4}
            maxLength={QUESTIONNAIRE_RULE.textMax}
            placeholder={t('ui.textPlaceholder')}
            value={value?.text ?? ''}
            aria-label={question.title}
            onChange={(e) => onChange({ text: e.target.value })}
          />
          <span className="questionnaire__count">
            {t('ui.chars', { length: (value?.text ?? '').length, max: QUESTIONNAIRE_RULE.textMax })}
          </span>
        </>
      ) : (
        question.options.map((option) => (
          <label key={option} className="questionnaire__option">
            <input
              type={question.kind === 'single' ? 'radio' : 'checkbox'}
              name={name}
              value={option}
              checked={choices.includes(option)}
              onChange={(e) => {
                if (question.kind === 'single') onChange({ choices: [option] });
                else
                  onChange({
                    choices: e.target.checked
                      ? question.options.filter((o) => o === option || choices.includes(o))
                      : choices.filter((c) => c !== option),
                  });
              }}
            />{' '}
            {option}
          </label>
        ))
      )}
      {error ? (
        <p className="questionnaire__error" role="alert" data-testid={`question-error-${index}`}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/**
 * `/{lang}/questionnaire/{ta_id}` (decision 029): an event's questionnaire. The server decides what
 * the viewer sees (`state`): the form, their answers after answering, or one of spec 8's messages.
 * The form checks the answers with the contract's own rules before sending, so its messages and a
 * 40001 from the server say the same.
 */
export function QuestionnairePage({ eventId }: { eventId: number }) {
  const { t } = useTranslation('questionnaire');
  const { site } = useShell();
  const { loginHref } = useMemberGate();
  const format = useFormatTime();
  const read = useCall(questionnaireGet, { ta_id: eventId }, { site });
  const submit = useCallMutation(questionnaireAnswer, {
    invalidates: [
      { call: questionnaireGet, site: site.apply_site, body: { ta_id: eventId } },
      ...eventCalls(site, eventId),
    ],
  });
  const [answers, setAnswers] = useState<Answers>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const page = read.data;
  if (!page) return null;
  const q = page.questionnaire;
  const eventLink = page.ta_title ? (
    <p>
      <Link to={eventPath(site.prefix, eventId)} data-testid="questionnaire-event">
        {t('ui.eventLink', { title: page.ta_title })}
      </Link>
    </p>
  ) : null;

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!q) return;
    const issues = answerIssues(q.questions, answers);
    const shown: Record<string, string> = {};
    for (const issue of issues) shown[issue.field] ??= t(textKey(issue.message), issue.vars);
    setErrors(shown);
    if (issues.length > 0) return;
    try {
      await submit.mutateAsync({ ta_id: eventId, answers });
    } catch (err) {
      // A 40001 names the question: show it there (the request client showed the toast).
      const data = (
        err as { envelope?: { data?: { field?: string; issues?: Array<{ field: string; message: string }> } } }
      ).envelope?.data;
      if (data?.issues) setErrors(Object.fromEntries(data.issues.map((i) => [i.field, i.message])));
    }
  };

  let body: React.ReactNode;
  if (!q || page.state === 'notSet') {
    body = <Notice state="notSet">{t('ui.notSet')}</Notice>;
  } else if (page.state === 'answered' && page.my_answer) {
    const mine = page.my_answer;
    body = (
      <>
        <Notice state="answered">
          <strong>{t('ui.thanks')}</strong>
          <br />
          {t('ui.thanksLead', { time: format(mine.answer_time) })}
        </Notice>
        <ol className="questionnaire__list" data-testid="questionnaire-my-answers">
          {q.questions.map((question) => (
            <li key={question.question_id}>
              <h2 className="questionnaire__title">{question.title}</h2>
              <AnswerShown question={question} value={mine.answers[String(question.question_id)]} />
            </li>
          ))}
        </ol>
      </>
    );
  } else if (page.state === 'login') {
    body = (
      <Notice state="login">
        {t('ui.loginFirst')}{' '}
        <Link to={loginHref} data-testid="questionnaire-login-link">
          {t('ui.loginAction')}
        </Link>
      </Notice>
    );
  } else if (page.state === 'notRegistered') {
    body = (
      <Notice state="notRegistered">
        {t('ui.notRegistered')} <Link to={eventPath(site.prefix, eventId)}>{t('ui.notRegisteredAction')}</Link>
      </Notice>
    );
  } else if (page.state === 'notOpen') {
    body = <Notice state="notOpen">{t('ui.notOpen', { date: format(q.open_time) })}</Notice>;
  } else if (page.state === 'ended') {
    body = <Notice state="ended">{t('ui.ended')}</Notice>;
  } else {
    const errorCount = Object.keys(errors).length;
    body = (
      <form
        className="questionnaire__form"
        onSubmit={(e) => void onSubmit(e)}
        noValidate
        data-testid="questionnaire-form"
      >
        {q.questions.map((question, i) => (
          <QuestionField
            key={question.question_id}
            question={question}
            index={i}
            value={answers[String(question.question_id)]}
            error={errors[`answers.${question.question_id}`] ?? null}
            onChange={(v) => {
              setAnswers((a) => ({ ...a, [String(question.question_id)]: v }));
              setErrors((all) => {
                const { [`answers.${question.question_id}`]: _gone, ...rest } = all;
                return rest;
              });
            }}
          />
        ))}
        {errorCount > 0 ? (
          <p className="questionnaire__error" role="alert">
            {t('ui.fixErrors')}
          </p>
        ) : null}
        <PortalButton variant="primary" htmlType="submit" loading={submit.isPending} data-testid="questionnaire-submit">
          {t('ui.submit')}
        </PortalButton>
      </form>
    );
  }

  return (
    <div className="portal-page event-page questionnaire" data-testid="questionnaire-page" data-state={page.state}>
      <section className="event-card-box">
        <h1>{q?.title ?? t('ui.heading')}</h1>
        {eventLink}
        {q ? (
          <>
            {q.description ? <p className="questionnaire__description">{q.description}</p> : null}
            <p className="event-signup__hint" data-testid="questionnaire-window">
              {t('ui.window', { from: format(q.open_time), to: format(q.close_time) })}
            </p>
          </>
        ) : null}
        {body}
      </section>
    </div>
  );
}
