import { useState } from 'react';
import dayjs, { type Dayjs } from 'dayjs';
import Button from 'antd/es/button';
import Checkbox from 'antd/es/checkbox';
import DatePicker from 'antd/es/date-picker';
import Drawer from 'antd/es/drawer';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Modal from 'antd/es/modal';
import Radio from 'antd/es/radio';
import Result from 'antd/es/result';
import Segmented from 'antd/es/segmented';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Switch from 'antd/es/switch';
import Table, { type ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import Upload from 'antd/es/upload';
import { EVENT_AREAS } from '@portal/contracts/event-areas';
import { EVENT_FIELD_TYPES, activityInfo, type EventFormField } from '@portal/contracts/events';
import { VIEW_TYPE } from '@portal/contracts/event-signups';
import {
  adminEventCheckIn,
  adminEventCreate,
  adminEventExport,
  adminEventGet,
  adminEventList,
  adminEventSignups,
  adminEventTopics,
  adminEventUndoCheckIn,
  adminEventUpdate,
  type AdminEvent,
  type AdminSignup,
} from '@portal/contracts/events-admin';
import { SITES } from '@portal/contracts/sites';
import { uploadImage } from '@portal/contracts/uploads';
import { LazyRichTextEditor } from '~/components/editor/LazyRichTextEditor';
import { uploadThroughServer } from '~/components/upload/upload-through-server';
import { useAdminSite } from '~/lib/admin/admin-context';
import { useFormatTime } from '~/lib/format';
import { LoadMore } from '~/components/admin/LoadMore';
import { useCall, useCallMutation, useCallPages } from '~/lib/query/use-call';
import { toast } from '~/lib/toast';
import { useTranslation } from '~/lib/use-translation';
import { downloadFile } from '~/lib/admin/download-file';
import { QuestionnaireDrawer } from './QuestionnaireDrawer';
import { serverFieldErrors } from '~/lib/forms/server-field-errors';

const { RangePicker } = DatePicker;

type Range = [Dayjs | null, Dayjs | null] | null;

interface FieldRow {
  key?: string;
  type?: EventFormField['type'];
  label?: string;
  required?: boolean;
  options?: string;
}

interface FormValues {
  ta_title?: string;
  ta_summary?: string;
  ta_cover_url?: string;
  ta_is_online?: boolean;
  ta_province?: string;
  ta_city?: string;
  ta_address?: string;
  ta_online_url?: string;
  ta_capacity?: number | null;
  ta_waitlist_enabled?: boolean;
  signup?: Range;
  time?: Range;
  fields?: FieldRow[];
  ta_content?: string;
  /** 0 for none: antd's Select keeps no null option apart. */
  ta_topic_id?: number;
  other_lang?: boolean;
}

function bodyOf(v: FormValues) {
  const [signupStart, signupEnd] = v.signup ?? [null, null];
  const [start, end] = v.time ?? [null, null];
  return {
    ta_title: v.ta_title ?? '',
    ta_summary: v.ta_summary ?? '',
    ta_cover_url: v.ta_cover_url ?? '',
    ta_is_online: v.ta_is_online === true,
    ta_province: v.ta_province ?? '',
    ta_city: v.ta_city ?? '',
    ta_address: v.ta_address ?? '',
    ta_online_url: v.ta_online_url ?? '',
    ta_capacity: typeof v.ta_capacity === 'number' ? v.ta_capacity : 0,
    ta_waitlist_enabled: v.ta_waitlist_enabled === true,
    ta_signup_start_time: signupStart ? signupStart.toISOString() : '',
    ta_signup_end_time: signupEnd ? signupEnd.toISOString() : '',
    ta_start_time: start ? start.toISOString() : '',
    ta_end_time: end ? end.toISOString() : '',
    ta_form_fields: (v.fields ?? []).map((f) => ({
      key: f.key ?? '',
      type: f.type ?? 'text',
      label: f.label ?? '',
      required: f.required === true,
      options:
        f.type === 'choice'
          ? (f.options ?? '')
              .split(/[,，]/)
              .map((o) => o.trim())
              .filter(Boolean)
          : [],
    })),
    ta_content: v.ta_content ?? '',
    ta_topic_id: v.ta_topic_id ? v.ta_topic_id : null,
  };
}

/** Form item of each body field, for a 40001 answer's messages. */
function formNameOf(field: string): (string | number)[] | null {
  const direct: Record<string, string> = {
    ta_signup_start_time: 'signup',
    ta_signup_end_time: 'signup',
    ta_start_time: 'time',
    ta_end_time: 'time',
    other_lang: 'other_lang',
  };
  if (direct[field]) return [direct[field]];
  const m = /^ta_form_fields\.(\d+)\.(\w+)$/.exec(field);
  if (m) return ['fields', Number(m[1]), m[2]!];
  if (field.startsWith('ta_form_fields')) return ['fields'];
  return field.startsWith('ta_') ? [field] : null;
}

const EVENT_CALLS = [adminEventList, adminEventGet, activityInfo];

function CoverUpload({ value, onChange, label }: { value?: string; onChange?: (v: string) => void; label: string }) {
  const [busy, setBusy] = useState(false);
  return (
    <div data-testid="event-cover">
      {value ? <img src={value} alt="" style={{ maxWidth: 240, display: 'block', marginBottom: 8 }} /> : null}
      <Upload
        accept="image/jpeg,image/png,image/gif"
        showUploadList={false}
        maxCount={1}
        customRequest={async ({ file, onSuccess, onError }) => {
          setBusy(true);
          const result = await uploadThroughServer(uploadImage, file as File);
          setBusy(false);
          if (result.ok) {
            onChange?.(result.data.address);
            onSuccess?.(result.data);
          } else {
            toast.error(result.reason);
            onError?.(new Error(result.reason));
          }
        }}
      >
        <Button loading={busy}>{label}</Button>
      </Upload>
    </div>
  );
}

function EventDialog({ eventId, onClose }: { eventId: number | 'new'; onClose: () => void }) {
  const { t } = useTranslation('eventsAdmin');
  const { site } = useAdminSite();
  const [form] = Form.useForm<FormValues>();
  const editing = eventId !== 'new';
  const existing = useCall(adminEventGet, { ta_id: editing ? eventId : 1 }, { enabled: editing });
  const topics = useCall(adminEventTopics, {});
  const create = useCallMutation(adminEventCreate, { invalidates: EVENT_CALLS });
  const update = useCallMutation(adminEventUpdate, { invalidates: EVENT_CALLS });
  const online = Form.useWatch('ta_is_online', form);
  const province = Form.useWatch('ta_province', form);
  const areas = EVENT_AREAS[site.lang];
  const otherSites = SITES.filter((s) => s.tws_id !== site.tws_id);

  if (editing && existing.isPending) return null;
  const e = editing ? existing.data : undefined;
  const initial: FormValues = e
    ? {
        ta_title: e.ta_title,
        ta_summary: e.ta_summary,
        ta_cover_url: e.ta_cover_url,
        ta_is_online: e.ta_is_online,
        ta_province: e.ta_province || undefined,
        ta_city: e.ta_city || undefined,
        ta_address: e.ta_address,
        ta_online_url: e.ta_online_url,
        ta_capacity: e.ta_capacity,
        ta_waitlist_enabled: e.ta_waitlist_enabled,
        signup: [dayjs(e.ta_signup_start_time), dayjs(e.ta_signup_end_time)],
        time: [dayjs(e.ta_start_time), dayjs(e.ta_end_time)],
        fields: e.ta_form_fields.map((f) => ({ ...f, options: f.options.join(', ') })),
        ta_content: e.ta_content,
        ta_topic_id: e.ta_topic_id ?? 0,
      }
    : {
        ta_topic_id: 0,
        ta_is_online: false,
        ta_capacity: 0,
        ta_waitlist_enabled: false,
        fields: [],
        ta_content: '',
        // A week of sign-up from now, the event the day after it closes: staff change what differs.
        signup: [dayjs().startOf('hour'), dayjs().startOf('hour').add(7, 'day')],
        time: [dayjs().startOf('hour').add(8, 'day'), dayjs().startOf('hour').add(8, 'day').add(3, 'hour')],
      };

  const submit = async () => {
    const body = bodyOf(form.getFieldsValue(true) as FormValues);
    try {
      if (editing) await update.mutateAsync({ ta_id: eventId, ...body });
      else
        await create.mutateAsync({
          ...body,
          other_lang: (form.getFieldValue('other_lang') as boolean | undefined) ? otherSites.map((s) => s.tws_id) : [],
        });
      onClose();
    } catch (err) {
      form.setFields(serverFieldErrors(err, formNameOf));
    }
  };

  return (
    <Modal
      open
      title={editing ? t('ui.editTitle') : t('ui.create')}
      okText={t('ui.save')}
      cancelText={t('ui.cancel')}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={create.isPending || update.isPending}
      okButtonProps={{ 'data-testid': 'event-save' } as Record<`data-${string}`, string>}
      destroyOnHidden
      width={880}
    >
      <Form form={form} layout="vertical" initialValues={initial} data-testid="event-form">
        <Form.Item name="ta_title" label={t('ui.fieldTitle')}>
          <Input maxLength={200} data-testid="event-title" />
        </Form.Item>
        <Form.Item name="ta_summary" label={t('ui.fieldSummary')}>
          <Input.TextArea maxLength={500} rows={2} data-testid="event-summary" />
        </Form.Item>
        <Form.Item name="ta_topic_id" label={t('ui.fieldTopic')}>
          <Select
            style={{ width: 320 }}
            showSearch={{ optionFilterProp: 'label' }}
            loading={topics.isPending}
            options={[
              { value: 0, label: t('ui.noTopic') },
              ...(topics.data?.list ?? []).map((topic) => ({ value: topic.tt_id, label: topic.tt_title })),
              // An archived topic the event keeps still shows by its number.
              ...(e?.ta_topic_id && !topics.data?.list.some((topic) => topic.tt_id === e.ta_topic_id)
                ? [{ value: e.ta_topic_id, label: `#${e.ta_topic_id}` }]
                : []),
            ]}
            data-testid="event-topic"
          />
        </Form.Item>
        <Form.Item name="ta_cover_url" label={t('ui.fieldCover')}>
          <CoverUpload label={t('ui.uploadCover')} />
        </Form.Item>
        <Form.Item name="ta_is_online" label={t('ui.fieldFormat')}>
          <Radio.Group data-testid="event-format">
            <Radio value={false}>{t('ui.offline')}</Radio>
            <Radio value={true} data-testid="event-online">
              {t('ui.online')}
            </Radio>
          </Radio.Group>
        </Form.Item>
        {online ? (
          <Form.Item name="ta_online_url" label={t('ui.fieldOnlineUrl')}>
            <Input maxLength={500} placeholder="https://" data-testid="event-online-url" />
          </Form.Item>
        ) : (
          <>
            <Space wrap>
              <Form.Item name="ta_province" label={t('ui.fieldProvince')}>
                <Select
                  style={{ width: 200 }}
                  showSearch
                  options={areas.map((a) => ({ value: a.province, label: a.province }))}
                  onChange={() => form.setFieldValue('ta_city', undefined)}
                  data-testid="event-province"
                />
              </Form.Item>
              <Form.Item name="ta_city" label={t('ui.fieldCity')}>
                <Select
                  style={{ width: 200 }}
                  showSearch
                  options={(areas.find((a) => a.province === province)?.cities ?? []).map((c) => ({
                    value: c,
                    label: c,
                  }))}
                  data-testid="event-city"
                />
              </Form.Item>
            </Space>
            <Form.Item name="ta_address" label={t('ui.fieldAddress')}>
              <Input maxLength={300} data-testid="event-address" />
            </Form.Item>
          </>
        )}
        <Space wrap>
          <Form.Item name="ta_capacity" label={t('ui.fieldCapacity')}>
            <InputNumber min={0} max={100000} precision={0} data-testid="event-capacity" />
          </Form.Item>
          <Form.Item name="ta_waitlist_enabled" label={t('ui.fieldWaitlist')} valuePropName="checked">
            <Switch data-testid="event-waitlist" />
          </Form.Item>
        </Space>
        <Form.Item name="signup" label={t('ui.fieldSignupWindow')}>
          <RangePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" data-testid="event-signup-window" />
        </Form.Item>
        <Form.Item name="time" label={t('ui.fieldTime')}>
          <RangePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" data-testid="event-time" />
        </Form.Item>
        <Form.Item label={t('ui.formFields')}>
          <Form.List name="fields">
            {(items, { add, remove }) => (
              <div data-testid="event-fields">
                {items.map((item) => (
                  <Space key={item.key} align="start" wrap>
                    <Form.Item name={[item.name, 'key']} label={t('ui.fieldKey')}>
                      <Input style={{ width: 110 }} maxLength={40} />
                    </Form.Item>
                    <Form.Item name={[item.name, 'label']} label={t('ui.fieldLabel')}>
                      <Input style={{ width: 140 }} maxLength={40} />
                    </Form.Item>
                    <Form.Item name={[item.name, 'type']} label={t('ui.fieldType')}>
                      <Select
                        style={{ width: 110 }}
                        options={EVENT_FIELD_TYPES.map((type) => ({ value: type, label: t(`ui.types.${type}`) }))}
                      />
                    </Form.Item>
                    <Form.Item name={[item.name, 'options']} label={t('ui.fieldOptions')}>
                      <Input style={{ width: 180 }} />
                    </Form.Item>
                    <Form.Item
                      name={[item.name, 'required']}
                      label={t('ui.fieldRequiredLabel')}
                      valuePropName="checked"
                    >
                      <Checkbox />
                    </Form.Item>
                    <Button onClick={() => remove(item.name)} style={{ marginTop: 30 }}>
                      {t('ui.remove')}
                    </Button>
                  </Space>
                ))}
                <Button onClick={() => add({ type: 'text', required: false })} data-testid="event-add-field">
                  {t('ui.addField')}
                </Button>
              </div>
            )}
          </Form.List>
        </Form.Item>
        <Form.Item name="ta_content" label={t('ui.fieldContent')}>
          <LazyRichTextEditor height={300} />
        </Form.Item>
        {!editing && otherSites.length ? (
          <Form.Item name="other_lang" valuePropName="checked">
            <Checkbox data-testid="event-other-lang">{t('ui.fieldOtherLang')}</Checkbox>
          </Form.Item>
        ) : null}
      </Form>
    </Modal>
  );
}

/** Downloads the sign-ups as .xlsx. */
function downloadExport(siteCode: string, taId: number, viewType: number) {
  return downloadFile(
    `/api/${siteCode}${adminEventExport.path}`,
    { ta_id: taId, view_type: viewType },
    `signups-${taId}-${viewType === VIEW_TYPE.waitlist ? 'waitlist' : 'confirmed'}.xlsx`,
  );
}

function SignupsDrawer({ event, onClose }: { event: AdminEvent; onClose: () => void }) {
  const { t } = useTranslation('eventsAdmin');
  const { siteCode, site } = useAdminSite();
  const [viewType, setViewType] = useState<number>(VIEW_TYPE.confirmed);
  const [keyword, setKeyword] = useState('');
  const [code, setCode] = useState('');
  const [exporting, setExporting] = useState(false);
  const formatTime = useFormatTime();
  const body = { ta_id: event.ta_id, view_type: viewType as 1 | 2, ...(keyword ? { keyword } : {}), limit: 100 };
  const list = useCallPages(adminEventSignups, body);
  const signups = list.data?.pages.flatMap((page) => page.list) ?? [];
  const invalidates = [adminEventSignups, adminEventList];
  const checkIn = useCallMutation(adminEventCheckIn, { invalidates });
  const undo = useCallMutation(adminEventUndoCheckIn, { invalidates });
  const prefix = site.prefix;

  const byCode = async () => {
    if (!code.trim()) return;
    try {
      await checkIn.mutateAsync({ ta_id: event.ta_id, code });
      setCode('');
    } catch {
      // the request client showed the refusal
    }
  };

  const columns: ColumnsType<AdminSignup> = [
    { title: t('ui.colMember'), key: 'member', render: (_, s) => s.user_nick_name },
    {
      title: t('ui.colContact'),
      key: 'contact',
      render: (_, s) => (
        <div>
          <div>{s.user_email}</div>
          <div>{s.user_mobile}</div>
        </div>
      ),
    },
    {
      title: t('ui.colAnswers'),
      key: 'answers',
      render: (_, s) => (
        <div>
          {event.ta_form_fields.map((f) =>
            s.answers[f.key] ? (
              <div key={f.key}>
                {f.label}: {s.answers[f.key]}
              </div>
            ) : null,
          )}
        </div>
      ),
    },
    {
      title: t('ui.colCheckIn'),
      key: 'checkin',
      render: (_, s) =>
        s.checked_in ? (
          <Space direction="vertical" size={2}>
            <Tag color="green" data-testid={`signup-checked-${s.signup_id}`}>
              {t('ui.checkedIn')} {s.checkin_time ? formatTime(s.checkin_time, { site }) : ''}
            </Tag>
            <Button
              size="small"
              onClick={() => void undo.mutateAsync({ ta_id: event.ta_id, signup_id: s.signup_id }).catch(() => null)}
            >
              {t('ui.undoCheckIn')}
            </Button>
          </Space>
        ) : viewType === VIEW_TYPE.confirmed ? (
          <Button
            size="small"
            type="primary"
            onClick={() => void checkIn.mutateAsync({ ta_id: event.ta_id, signup_id: s.signup_id }).catch(() => null)}
            data-testid={`signup-checkin-${s.signup_id}`}
          >
            {t('ui.checkIn')}
          </Button>
        ) : null,
    },
  ];

  return (
    <Drawer open width={960} title={`${t('ui.signups')}: ${event.ta_title}`} onClose={onClose} destroyOnHidden>
      <div data-testid="signups-drawer">
        <Space wrap style={{ marginBottom: 12 }}>
          <Input.Search
            value={code}
            onChange={(e) => setCode(e.target.value)}
            onSearch={() => void byCode()}
            enterButton={t('ui.checkIn')}
            placeholder={t('ui.codePlaceholder')}
            aria-label={t('ui.checkInByCode')}
            style={{ width: 420 }}
            loading={checkIn.isPending}
            data-testid="checkin-code"
          />
          <Button
            loading={exporting}
            onClick={() => {
              setExporting(true);
              void downloadExport(siteCode, event.ta_id, viewType).finally(() => setExporting(false));
            }}
            data-testid="signups-export"
          >
            {t('ui.export')}
          </Button>
          <a href={`/${prefix}/signregist/list/${event.ta_id}/1/${viewType}`} target="_blank" rel="noreferrer">
            {t('ui.publicList')}
          </a>
        </Space>
        <Space wrap style={{ marginBottom: 12 }}>
          <Segmented
            value={viewType}
            onChange={(v) => setViewType(Number(v))}
            options={[
              { value: VIEW_TYPE.confirmed, label: `${t('ui.confirmed')} (${event.ta_signup_count})` },
              { value: VIEW_TYPE.waitlist, label: `${t('ui.waitlist')} (${event.ta_waitlist_count})` },
            ]}
          />
          <Input.Search
            allowClear
            placeholder={t('ui.searchSignups')}
            onSearch={(v) => setKeyword(v.trim())}
            style={{ width: 320 }}
            data-testid="signups-search"
          />
        </Space>
        {list.isError ? (
          <Result status="warning" title={t('ui.empty')} />
        ) : (
          <Table<AdminSignup>
            rowKey="signup_id"
            columns={columns}
            dataSource={signups}
            loading={list.isFetching && !list.isFetchingNextPage}
            pagination={false}
            locale={{ emptyText: t('ui.empty') }}
            onRow={(s) => ({ 'data-testid': `signup-row-${s.signup_id}` }) as object}
          />
        )}
        <LoadMore query={list} shown={signups.length} testId="signups-more" />
      </div>
    </Drawer>
  );
}

/** The managed site's events: list, create and edit, sign-ups with check-in and export, questionnaires. */
export function EventsScreen() {
  const { t } = useTranslation('eventsAdmin');
  const { site } = useAdminSite();
  const [keyword, setKeyword] = useState('');
  const [dialog, setDialog] = useState<number | 'new' | null>(null);
  const [signupsOf, setSignupsOf] = useState<AdminEvent | null>(null);
  const [questionnaireOf, setQuestionnaireOf] = useState<AdminEvent | null>(null);
  const query = useCallPages(adminEventList, keyword ? { keyword, limit: 50 } : { limit: 50 });
  const events = query.data?.pages.flatMap((page) => page.list) ?? [];
  const formatTime = useFormatTime();

  const columns: ColumnsType<AdminEvent> = [
    {
      title: t('ui.colTitle'),
      key: 'title',
      render: (_, e) => (
        <div>
          <a href={`/${site.prefix}/activity/info/${e.ta_id}`} target="_blank" rel="noreferrer">
            {e.ta_title}
          </a>
          <div>
            <Tag>{e.ta_is_online ? t('ui.online') : `${e.ta_province} ${e.ta_city}`}</Tag>
          </div>
        </div>
      ),
    },
    {
      title: t('ui.colTime'),
      key: 'time',
      render: (_, e) => `${formatTime(e.ta_start_time, { site })} – ${formatTime(e.ta_end_time, { site })}`,
    },
    {
      title: t('ui.colState'),
      key: 'state',
      render: (_, e) => <Tag>{t(`ui.states.${e.ta_state}` as 'ui.states.10')}</Tag>,
    },
    {
      title: t('ui.colSignups'),
      key: 'signups',
      render: (_, e) =>
        `${e.ta_signup_count}${e.ta_capacity ? ` / ${e.ta_capacity}` : ''} (+${e.ta_waitlist_count}) · ${t('ui.checkedIn')} ${e.ta_checked_in_count}`,
    },
    {
      title: t('ui.colActions'),
      key: 'actions',
      render: (_, e) => (
        <Space>
          <Button size="small" onClick={() => setDialog(e.ta_id)} data-testid={`event-edit-${e.ta_id}`}>
            {t('ui.edit')}
          </Button>
          <Button size="small" onClick={() => setSignupsOf(e)} data-testid={`event-signups-${e.ta_id}`}>
            {t('ui.signups')}
          </Button>
          <Button size="small" onClick={() => setQuestionnaireOf(e)} data-testid={`event-questionnaire-${e.ta_id}`}>
            {t('questionnaireAdmin:ui.questionnaire')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <div className="site-admin" data-testid="events-screen">
      <p>{t('ui.lead')}</p>
      <div className="site-admin__toolbar">
        <Space>
          <Input.Search
            allowClear
            placeholder={t('ui.search')}
            onSearch={(v) => setKeyword(v.trim())}
            style={{ width: 280 }}
          />
          <Button type="primary" onClick={() => setDialog('new')} data-testid="event-add">
            {t('ui.create')}
          </Button>
        </Space>
      </div>
      {query.isError ? (
        <Result status="warning" title={t('ui.empty')} />
      ) : (
        <Table<AdminEvent>
          rowKey="ta_id"
          columns={columns}
          dataSource={events}
          loading={query.isPending || (query.isFetching && !query.isFetchingNextPage)}
          pagination={false}
          locale={{ emptyText: t('ui.empty') }}
          onRow={(e) => ({ 'data-testid': `event-row-${e.ta_id}` }) as object}
          scroll={{ x: 900 }}
        />
      )}
      <LoadMore query={query} shown={events.length} testId="events-more" />
      {dialog !== null ? <EventDialog eventId={dialog} onClose={() => setDialog(null)} /> : null}
      {signupsOf ? <SignupsDrawer event={signupsOf} onClose={() => setSignupsOf(null)} /> : null}
      {questionnaireOf ? (
        <QuestionnaireDrawer event={questionnaireOf} onClose={() => setQuestionnaireOf(null)} />
      ) : null}
    </div>
  );
}
