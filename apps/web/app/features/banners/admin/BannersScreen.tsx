import { useState } from 'react';
import { SiteAdminNote } from '~/components/admin/SiteAdminNote';
import { useTranslation } from '~/lib/use-translation';
import dayjs, { type Dayjs } from 'dayjs';
import Button from 'antd/es/button';
import DatePicker from 'antd/es/date-picker';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Modal from 'antd/es/modal';
import Popconfirm from 'antd/es/popconfirm';
import Result from 'antd/es/result';
import Space from 'antd/es/space';
import Table, { type ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import {
  adminBannerCreate,
  adminBannerDelete,
  adminBannerList,
  adminBannerReorder,
  adminBannerUpdate,
  BANNER_STATE,
  uploadBannerImage,
  type AdminBanner,
} from '@portal/contracts/banners';
import { bannerList } from '@portal/contracts/home';
import { useCall, useCallMutation } from '~/lib/query/use-call';
import { contractRule } from '~/lib/forms/contract-rules';
import { useFormatTime } from '~/lib/format';
import { useShell } from '~/lib/shell';
import { SiteImageUpload } from '~/components/upload/SiteImageUpload';
import { movedIds } from '~/lib/admin/reorder';
import { serverFieldErrors } from '~/lib/forms/server-field-errors';

const { RangePicker } = DatePicker;

const STATE_TAG: Record<number, { color: string; key: 'scheduled' | 'live' | 'ended' }> = {
  [BANNER_STATE.scheduled]: { color: 'blue', key: 'scheduled' },
  [BANNER_STATE.live]: { color: 'green', key: 'live' },
  [BANNER_STATE.ended]: { color: 'default', key: 'ended' },
};

interface FormValues {
  tb_title?: string;
  tb_img_url?: string;
  tb_link_url?: string;
  tb_sort?: number | null;
  schedule?: [Dayjs | null, Dayjs | null] | null;
}

function bodyOf(values: FormValues) {
  const [start, end] = values.schedule ?? [null, null];
  return {
    tb_title: values.tb_title ?? '',
    tb_img_url: values.tb_img_url ?? '',
    tb_link_url: values.tb_link_url ?? '',
    ...(typeof values.tb_sort === 'number' ? { tb_sort: values.tb_sort } : {}),
    tb_start_time: start ? start.toISOString() : null,
    tb_end_time: end ? end.toISOString() : null,
  };
}

/** Form field of each body field, for a 40001 answer's messages. */
const FIELD_OF: Record<string, keyof FormValues> = {
  tb_title: 'tb_title',
  tb_img_url: 'tb_img_url',
  tb_link_url: 'tb_link_url',
  tb_sort: 'tb_sort',
  tb_start_time: 'schedule',
  tb_end_time: 'schedule',
};

/** Adds or edits one banner in a dialog. */
/** What a banner write makes stale: this screen's list and the home page's (if this tab has it). */
const BANNER_CALLS = [adminBannerList, bannerList];

function BannerDialog({ banner, onClose }: { banner: AdminBanner | null | 'new'; onClose: () => void }) {
  const { t } = useTranslation('siteAdmin');
  const [form] = Form.useForm<FormValues>();
  const create = useCallMutation(adminBannerCreate, { invalidates: BANNER_CALLS });
  const update = useCallMutation(adminBannerUpdate, { invalidates: BANNER_CALLS });
  const editing = banner !== null && banner !== 'new' ? banner : null;
  const schema = editing ? adminBannerUpdate.body : adminBannerCreate.body;
  const body = () => ({
    ...(editing ? { tb_id: editing.tb_id } : {}),
    ...bodyOf(form.getFieldsValue(true) as FormValues),
  });
  const rule = (...fields: string[]) => contractRule(t, schema, body, ...fields.map((f) => [f]));

  const submit = async () => {
    try {
      await form.validateFields();
    } catch {
      return; // the fields show what is wrong
    }
    try {
      if (editing)
        await update.mutateAsync({ tb_id: editing.tb_id, ...bodyOf(form.getFieldsValue(true) as FormValues) });
      else await create.mutateAsync(bodyOf(form.getFieldsValue(true) as FormValues));
      onClose();
    } catch (err) {
      form.setFields(serverFieldErrors(err, (field) => FIELD_OF[field] ?? null));
    }
  };

  const initial: FormValues = editing
    ? {
        tb_title: editing.tb_title,
        tb_img_url: editing.tb_img_url,
        tb_link_url: editing.tb_link_url,
        tb_sort: editing.tb_sort,
        schedule: [
          editing.tb_start_time ? dayjs(editing.tb_start_time) : null,
          editing.tb_end_time ? dayjs(editing.tb_end_time) : null,
        ],
      }
    : { tb_link_url: '' };

  return (
    <Modal
      open={banner !== null}
      title={editing ? t('banners.editTitle') : t('banners.create')}
      okText={t('save')}
      cancelText={t('cancel')}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={create.isPending || update.isPending}
      destroyOnHidden
      width={640}
    >
      <Form form={form} layout="vertical" initialValues={initial} preserve={false} data-testid="banner-form">
        <Form.Item name="tb_title" label={t('banners.fieldTitle')} rules={[rule('tb_title')]}>
          <Input maxLength={100} showCount data-testid="banner-title" />
        </Form.Item>
        <Form.Item name="tb_img_url" label={t('banners.fieldImage')} rules={[rule('tb_img_url')]}>
          <SiteImageUpload call={uploadBannerImage} label={t('banners.upload')} testId="banner-image" />
        </Form.Item>
        <Form.Item
          name="tb_link_url"
          label={t('banners.fieldLink')}
          extra={t('banners.fieldLinkHelp')}
          rules={[rule('tb_link_url')]}
        >
          <Input maxLength={500} data-testid="banner-link" />
        </Form.Item>
        <Form.Item
          name="schedule"
          label={t('banners.fieldSchedule')}
          extra={t('banners.fieldScheduleHelp')}
          rules={[rule('tb_start_time', 'tb_end_time')]}
        >
          <RangePicker
            showTime={{ format: 'HH:mm' }}
            format="YYYY-MM-DD HH:mm"
            allowEmpty={[true, true]}
            placeholder={[t('banners.startPlaceholder'), t('banners.endPlaceholder')]}
            data-testid="banner-schedule"
          />
        </Form.Item>
        <Form.Item
          name="tb_sort"
          label={t('banners.fieldSort')}
          extra={t('banners.fieldSortHelp')}
          rules={[rule('tb_sort')]}
        >
          <InputNumber min={0} max={1_000_000} precision={0} data-testid="banner-sort" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The banners of the managed site: preview, state, schedule, order; add, edit, delete. */
export function BannersScreen() {
  const { t } = useTranslation('siteAdmin');
  const { site: uiSite } = useShell();
  const query = useCall(adminBannerList, {});
  const remove = useCallMutation(adminBannerDelete, { invalidates: BANNER_CALLS });
  const reorder = useCallMutation(adminBannerReorder, { invalidates: BANNER_CALLS });
  const [dialog, setDialog] = useState<AdminBanner | null | 'new'>(null);
  const formatTime = useFormatTime();
  const when = (iso: string) => formatTime(iso, { site: uiSite });

  if (query.isPending) return <Table loading columns={[]} dataSource={[]} />;
  if (query.isError) {
    return (
      <Result
        status="warning"
        title={t('loadFailed')}
        extra={<Button onClick={() => void query.refetch()}>{t('retry')}</Button>}
      />
    );
  }
  const banners = query.data.list;

  const move = async (index: number, by: -1 | 1) => {
    const ids = movedIds(
      banners.map((b) => b.tb_id),
      index,
      by,
    );
    await reorder.mutateAsync({ ids }).catch(() => undefined);
  };

  const columns: ColumnsType<AdminBanner> = [
    {
      key: 'order',
      width: 96,
      render: (_, b, i) => (
        <Space size={4}>
          <Button
            size="small"
            aria-label={`${t('moveUp')} ${b.tb_title}`}
            disabled={i === 0 || reorder.isPending}
            onClick={() => void move(i, -1)}
            data-testid={`banner-up-${b.tb_id}`}
          >
            ↑
          </Button>
          <Button
            size="small"
            aria-label={`${t('moveDown')} ${b.tb_title}`}
            disabled={i === banners.length - 1 || reorder.isPending}
            onClick={() => void move(i, 1)}
            data-testid={`banner-down-${b.tb_id}`}
          >
            ↓
          </Button>
        </Space>
      ),
    },
    {
      title: t('banners.colImage'),
      key: 'image',
      width: 180,
      render: (_, b) => <img className="banner-admin__thumb" src={b.tb_img_url} alt="" width={160} loading="lazy" />,
    },
    {
      title: t('banners.colTitle'),
      key: 'title',
      render: (_, b) => (
        <div>
          <div className="banner-admin__title">{b.tb_title}</div>
          <div className="banner-admin__link">
            {t('banners.colLink')}: {b.tb_link_url || t('banners.noLink')}
          </div>
        </div>
      ),
    },
    {
      title: t('banners.colSchedule'),
      key: 'schedule',
      render: (_, b) =>
        !b.tb_start_time && !b.tb_end_time ? (
          t('banners.always')
        ) : (
          <div>
            {b.tb_start_time ? <div>{t('banners.from', { start: when(b.tb_start_time) })}</div> : null}
            {b.tb_end_time ? <div>{t('banners.until', { end: when(b.tb_end_time) })}</div> : null}
          </div>
        ),
    },
    {
      title: t('banners.colState'),
      key: 'state',
      width: 110,
      render: (_, b) => {
        const tag = STATE_TAG[b.tb_state] ?? STATE_TAG[BANNER_STATE.live]!;
        return (
          <Tag color={tag.color} data-testid={`banner-state-${b.tb_id}`}>
            {t(`banners.states.${tag.key}`)}
          </Tag>
        );
      },
    },
    {
      title: t('actions'),
      key: 'actions',
      width: 150,
      render: (_, b) => (
        <Space>
          <Button size="small" onClick={() => setDialog(b)} data-testid={`banner-edit-${b.tb_id}`}>
            {t('edit')}
          </Button>
          <Popconfirm
            title={t('confirmDelete', { name: b.tb_title })}
            okText={t('delete')}
            cancelText={t('cancel')}
            okButtonProps={{ danger: true }}
            onConfirm={() => remove.mutateAsync({ tb_id: b.tb_id }).catch(() => undefined)}
          >
            <Button size="small" danger data-testid={`banner-delete-${b.tb_id}`}>
              {t('delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <div className="site-admin" data-testid="banners-screen">
      <SiteAdminNote lead={t('banners.lead')} />
      <div className="site-admin__toolbar">
        <Button type="primary" onClick={() => setDialog('new')} data-testid="banner-add">
          {t('banners.create')}
        </Button>
      </div>
      <Table<AdminBanner>
        rowKey="tb_id"
        columns={columns}
        dataSource={banners}
        pagination={false}
        locale={{ emptyText: t('empty') }}
        loading={query.isFetching && !query.isPending}
        onRow={(b) => ({ 'data-testid': `banner-row-${b.tb_id}` }) as object}
        scroll={{ x: 900 }}
      />
      {dialog !== null ? <BannerDialog banner={dialog} onClose={() => setDialog(null)} /> : null}
    </div>
  );
}
