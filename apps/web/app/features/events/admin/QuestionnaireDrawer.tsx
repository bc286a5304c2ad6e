import { useState } from 'react';
import dayjs, { type Dayjs } from 'dayjs';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Checkbox from 'antd/es/checkbox';
import DatePicker from 'antd/es/date-picker';
import Drawer from 'antd/es/drawer';
import Empty from 'antd/es/empty';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Popconfirm from 'antd/es/popconfirm';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Tabs from 'antd/es/tabs';
import type { AdminEvent } from '@portal/contracts/events-admin';
import {
  QUESTIONNAIRE_RULE,
  QUESTION_KINDS,
  questionnaireGet,
  type QuestionKind,
} from '@portal/contracts/questionnaires';
import {
  adminQuestionnaireDelete,
  adminQuestionnaireExport,
  adminQuestionnaireGet,
  adminQuestionnaireResults,
  adminQuestionnaireSave,
  type AdminQuestionnaire,
  type QuestionResult,
} from '@portal/contracts/questionnaires-admin';
import { activityInfo } from '@portal/contracts/events';
import { useAdminSite } from '~/lib/admin/admin-context';
import { useFormatTime } from '~/lib/format';
import { useCall, useCallMutation } from '~/lib/query/use-call';
import { useTranslation } from '~/lib/use-translation';
import { downloadFile } from '~/lib/admin/download-file';
import { serverFieldErrors } from '~/lib/forms/server-field-errors';

const { RangePicker } = DatePicker;

interface QuestionRow {
  question_id?: number;
  kind?: QuestionKind;
  title?: string;
  required?: boolean;
  /** One option a line. */
  options?: string;
}

interface FormValues {
  title?: string;
  description?: string;
  window?: [Dayjs | null, Dayjs | null] | null;
  questions?: QuestionRow[];
}

function bodyOf(taId: number, v: FormValues) {
  const [open, close] = v.window ?? [null, null];
  return {
    ta_id: taId,
    title: v.title ?? '',
    description: v.description ?? '',
    open_time: open ? open.toISOString() : '',
    close_time: close ? close.toISOString() : '',
    questions: (v.questions ?? []).map((q) => ({
      ...(q.question_id ? { question_id: q.question_id } : {}),
      kind: q.kind ?? 'single',
      title: q.title ?? '',
      required: q.required === true,
      options:
        q.kind === 'text'
          ? []
          : (q.options ?? '')
              .split('\n')
              .map((o) => o.trim())
              .filter(Boolean),
    })),
  };
}

/** The form item a 40001's field belongs to. */
function formNameOf(field: string): (string | number)[] | null {
  if (field === 'open_time' || field === 'close_time') return ['window'];
  const m = /^questions\.(\d+)\.(\w+)/.exec(field);
  if (m) return ['questions', Number(m[1]), m[2] === 'question_id' ? 'title' : m[2]!];
  if (field.startsWith('questions')) return ['questions'];
  return ['title', 'description'].includes(field) ? [field] : null;
}

function initialOf(q: AdminQuestionnaire | null | undefined, eventTitle: string): FormValues {
  if (!q) {
    return {
      title: eventTitle,
      description: '',
      window: [dayjs().startOf('hour'), dayjs().startOf('hour').add(14, 'day')],
      questions: [{ kind: 'single', required: true, title: '', options: '' }],
    };
  }
  return {
    title: q.title,
    description: q.description,
    window: [dayjs(q.open_time), dayjs(q.close_time)],
    questions: q.questions.map((x) => ({
      question_id: x.question_id,
      kind: x.kind,
      title: x.title,
      required: x.required,
      options: x.options.join('\n'),
    })),
  };
}

function QuestionnaireForm({ event, existing }: { event: AdminEvent; existing: AdminQuestionnaire | null }) {
  const { t } = useTranslation('questionnaireAdmin');
  const { site } = useAdminSite();
  const [form] = Form.useForm<FormValues>();
  const save = useCallMutation(adminQuestionnaireSave, {
    invalidates: [adminQuestionnaireGet, adminQuestionnaireResults, questionnaireGet, activityInfo],
  });
  const remove = useCallMutation(adminQuestionnaireDelete, {
    invalidates: [adminQuestionnaireGet, adminQuestionnaireResults, questionnaireGet, activityInfo],
  });
  const locked = (existing?.answer_count ?? 0) > 0;

  const submit = async () => {
    try {
      await save.mutateAsync(bodyOf(event.ta_id, form.getFieldsValue(true) as FormValues));
    } catch (err) {
      form.setFields(serverFieldErrors(err, formNameOf));
    }
  };

  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={initialOf(existing, event.ta_title)}
      data-testid="questionnaire-form"
      onFinish={() => void submit()}
    >
      {existing ? null : <Alert type="info" showIcon message={t('ui.none')} style={{ marginBottom: 12 }} />}
      {locked ? (
        <Alert
          type="warning"
          showIcon
          message={t('ui.lockedNote', { count: existing?.answer_count ?? 0 })}
          style={{ marginBottom: 12 }}
        />
      ) : null}
      <Form.Item name="title" label={t('ui.title')}>
        <Input maxLength={QUESTIONNAIRE_RULE.titleMax} data-testid="questionnaire-title" />
      </Form.Item>
      <Form.Item name="description" label={t('ui.description')}>
        <Input.TextArea
          rows={2}
          maxLength={QUESTIONNAIRE_RULE.descriptionMax}
          data-testid="questionnaire-description"
        />
      </Form.Item>
      <Form.Item name="window" label={t('ui.window')}>
        <RangePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" data-testid="questionnaire-window" />
      </Form.Item>
      <Form.Item label={t('ui.questions')}>
        <Form.List name="questions">
          {(items, { add, remove, move }) => (
            <div data-testid="questionnaire-questions">
              {items.map((item, index) => {
                const row = form.getFieldValue(['questions', item.name]) as QuestionRow | undefined;
                const answered = locked && Boolean(row?.question_id);
                return (
                  <div key={item.key} className="questionnaire-admin__question" data-testid={`qa-question-${index}`}>
                    <Space align="start" wrap>
                      <strong style={{ display: 'inline-block', marginTop: 30 }}>{index + 1}.</strong>
                      <Form.Item name={[item.name, 'title']} label={t('ui.questionTitle')}>
                        <Input
                          style={{ width: 320 }}
                          maxLength={QUESTIONNAIRE_RULE.questionTitleMax}
                          data-testid={`qa-title-${index}`}
                        />
                      </Form.Item>
                      <Form.Item name={[item.name, 'kind']} label={t('ui.kind')}>
                        <Select
                          style={{ width: 130 }}
                          disabled={answered}
                          options={QUESTION_KINDS.map((kind) => ({ value: kind, label: t(`ui.kinds.${kind}`) }))}
                          data-testid={`qa-kind-${index}`}
                        />
                      </Form.Item>
                      <Form.Item name={[item.name, 'required']} label={t('ui.required')} valuePropName="checked">
                        <Checkbox data-testid={`qa-required-${index}`} />
                      </Form.Item>
                      <Space style={{ marginTop: 30 }}>
                        <Button size="small" disabled={index === 0} onClick={() => move(index, index - 1)}>
                          {t('ui.moveUp')}
                        </Button>
                        <Button
                          size="small"
                          disabled={index === items.length - 1}
                          onClick={() => move(index, index + 1)}
                        >
                          {t('ui.moveDown')}
                        </Button>
                        <Button size="small" danger disabled={answered} onClick={() => remove(item.name)}>
                          {t('ui.remove')}
                        </Button>
                      </Space>
                    </Space>
                    <Form.Item noStyle shouldUpdate>
                      {() =>
                        form.getFieldValue(['questions', item.name, 'kind']) === 'text' ? null : (
                          <Form.Item name={[item.name, 'options']} label={t('ui.options')}>
                            <Input.TextArea rows={3} style={{ maxWidth: 480 }} data-testid={`qa-options-${index}`} />
                          </Form.Item>
                        )
                      }
                    </Form.Item>
                  </div>
                );
              })}
              <Button
                onClick={() => add({ kind: 'single', required: false, title: '', options: '' })}
                disabled={items.length >= QUESTIONNAIRE_RULE.questionsMax}
                data-testid="qa-add"
              >
                {t('ui.addQuestion')}
              </Button>
            </div>
          )}
        </Form.List>
      </Form.Item>
      <Space>
        <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="questionnaire-save">
          {t('ui.save')}
        </Button>
        {existing ? (
          <a href={`/${site.prefix}/questionnaire/${event.ta_id}`} target="_blank" rel="noreferrer">
            {t('ui.publicPage')}
          </a>
        ) : null}
        {existing && !locked ? (
          // Only while nobody has answered: an answered questionnaire is ended by its close time.
          <Popconfirm
            title={t('ui.confirmDelete')}
            okText={t('ui.delete')}
            cancelText={t('ui.cancel')}
            okButtonProps={{ danger: true, 'data-testid': 'questionnaire-delete-confirm' } as never}
            onConfirm={() => remove.mutateAsync({ ta_id: event.ta_id }).catch(() => undefined)}
          >
            <Button danger loading={remove.isPending} data-testid="questionnaire-delete">
              {t('ui.delete')}
            </Button>
          </Popconfirm>
        ) : null}
      </Space>
    </Form>
  );
}

/** One question's counts as bars (plain CSS: the share of answers that chose each option). */
function ResultBars({ result }: { result: QuestionResult }) {
  const { t } = useTranslation('questionnaireAdmin');
  const formatTime = useFormatTime();
  const { site } = useAdminSite();
  const most = Math.max(1, ...result.options.map((o) => o.count));
  return (
    <section className="questionnaire-admin__result" data-testid={`qa-result-${result.question_id}`}>
      <h4>
        {result.title} <small>({t('ui.respondents', { count: result.respondents })})</small>
      </h4>
      {result.kind === 'text' ? (
        result.texts.length ? (
          <ul className="questionnaire-admin__texts">
            {result.texts.map((text, i) => (
              <li key={`${text.create_time}-${i}`}>
                <span>{text.text}</span>{' '}
                <small>
                  — {text.user_nick_name}, {formatTime(text.create_time, { site })}
                </small>
              </li>
            ))}
          </ul>
        ) : (
          <p>{t('ui.noAnswers')}</p>
        )
      ) : (
        <ul className="questionnaire-admin__bars">
          {result.options.map((o) => (
            <li key={o.label} data-testid="qa-bar">
              <span className="questionnaire-admin__label">{o.label}</span>
              <span className="questionnaire-admin__track" aria-hidden="true">
                <span className="questionnaire-admin__bar" style={{ width: `${(o.count / most) * 100}%` }} />
              </span>
              <span className="questionnaire-admin__count" data-testid="qa-count">
                {o.count}
                {result.respondents ? ` (${Math.round((o.count / result.respondents) * 100)}%)` : ''}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function QuestionnaireResults({ event }: { event: AdminEvent }) {
  const { t } = useTranslation('questionnaireAdmin');
  const { siteCode } = useAdminSite();
  const results = useCall(adminQuestionnaireResults, { ta_id: event.ta_id });
  const [exporting, setExporting] = useState(false);
  if (!results.data) return null;
  return (
    <div data-testid="questionnaire-results">
      <Space style={{ marginBottom: 12 }}>
        <strong data-testid="qa-answer-count">{t('ui.answerCount', { count: results.data.answer_count })}</strong>
        <Button
          loading={exporting}
          onClick={() => {
            setExporting(true);
            void downloadFile(
              `/api/${siteCode}${adminQuestionnaireExport.path}`,
              { ta_id: event.ta_id },
              `questionnaire-${event.ta_id}.xlsx`,
            ).finally(() => setExporting(false));
          }}
          data-testid="questionnaire-export"
        >
          {t('ui.export')}
        </Button>
      </Space>
      {results.data.answer_count === 0 ? <Empty description={t('ui.noAnswers')} /> : null}
      {results.data.questions.map((r) => (
        <ResultBars key={r.question_id} result={r} />
      ))}
    </div>
  );
}

/** An event's questionnaire in the back office: edit it (decision 029's rule once answered) and read its results. */
export function QuestionnaireDrawer({ event, onClose }: { event: AdminEvent; onClose: () => void }) {
  const { t } = useTranslation('questionnaireAdmin');
  const current = useCall(adminQuestionnaireGet, { ta_id: event.ta_id });
  const existing = current.data?.questionnaire ?? null;
  return (
    <Drawer
      open
      width={960}
      title={t('ui.drawerTitle', { title: event.ta_title })}
      onClose={onClose}
      destroyOnHidden
      data-testid="questionnaire-drawer"
    >
      {current.isPending ? null : (
        <Tabs
          items={[
            {
              key: 'edit',
              label: t('ui.tabEdit'),
              children: (
                <QuestionnaireForm
                  // A fresh form once the saved questionnaire comes back (ids of new questions).
                  key={existing ? `${existing.tq_id}-${existing.update_time}` : 'new'}
                  event={event}
                  existing={existing}
                />
              ),
            },
            ...(existing
              ? [{ key: 'results', label: t('ui.tabResults'), children: <QuestionnaireResults event={event} /> }]
              : []),
          ]}
        />
      )}
    </Drawer>
  );
}
