import { useState } from 'react';
import dayjs, { type Dayjs } from 'dayjs';
import Button from 'antd/es/button';
import DatePicker from 'antd/es/date-picker';
import Drawer from 'antd/es/drawer';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Modal from 'antd/es/modal';
import Result from 'antd/es/result';
import Skeleton from 'antd/es/skeleton';
import Space from 'antd/es/space';
import Switch from 'antd/es/switch';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import { raffleCurrent, raffleWinners, RAFFLE_RULE } from '@portal/contracts/raffle';
import {
  adminRaffleCreate,
  adminRaffleDraws,
  adminRaffleExport,
  adminRaffleList,
  adminRaffleUpdate,
  uploadRafflePrizeImage,
  type AdminRaffleCampaign,
  type AdminRaffleDraw,
} from '@portal/contracts/raffle-admin';
import { LoadMore } from '~/components/admin/LoadMore';
import { SiteAdminNote } from '~/components/admin/SiteAdminNote';
import { SiteImageUpload } from '~/components/upload/SiteImageUpload';
import { downloadFile } from '~/lib/admin/download-file';
import { useAdminSite } from '~/lib/admin/admin-context';
import { contractRule } from '~/lib/forms/contract-rules';
import { serverFieldErrors } from '~/lib/forms/server-field-errors';
import { useFormatTime } from '~/lib/format';
import { useCallMutation, useCallPages } from '~/lib/query/use-call';
import { toast } from '~/lib/toast';
import { useTranslation } from '~/lib/use-translation';

/** What a save makes stale: the back office's list and the raffle page (if this tab has it). */
const RAFFLE_CALLS = [adminRaffleList, adminRaffleDraws, raffleCurrent, raffleWinners];

interface PrizeValues {
  trp_id?: number;
  trp_name?: string;
  trp_img_url?: string;
  trp_stock?: number | null;
  trp_weight?: number | null;
  won?: number;
}

interface CampaignValues {
  trc_title?: string;
  trc_description?: string;
  window?: [Dayjs | null, Dayjs | null] | null;
  trc_daily_chances?: number | null;
  trc_chance_price?: number | null;
  trc_no_prize_weight?: number | null;
  trc_enabled?: boolean;
  prizes?: PrizeValues[];
}

const TOP_FIELDS = [
  'trc_title',
  'trc_description',
  'trc_daily_chances',
  'trc_chance_price',
  'trc_no_prize_weight',
  'trc_enabled',
] as const;

function CampaignDialog({ campaign, onClose }: { campaign: AdminRaffleCampaign | 'new'; onClose: () => void }) {
  const { t } = useTranslation('raffleAdmin');
  const [form] = Form.useForm<CampaignValues>();
  const editing = campaign === 'new' ? null : campaign;
  const create = useCallMutation(adminRaffleCreate, { invalidates: RAFFLE_CALLS, successToast: false });
  const update = useCallMutation(adminRaffleUpdate, { invalidates: RAFFLE_CALLS, successToast: false });
  const body = () => {
    const v = form.getFieldsValue(true) as CampaignValues;
    const [start, end] = v.window ?? [null, null];
    return {
      trc_title: v.trc_title ?? '',
      trc_description: v.trc_description ?? '',
      trc_start_time: start ? start.toISOString() : '',
      trc_end_time: end ? end.toISOString() : '',
      trc_daily_chances: v.trc_daily_chances ?? null,
      trc_chance_price: v.trc_chance_price ?? null,
      trc_no_prize_weight: v.trc_no_prize_weight ?? null,
      trc_enabled: v.trc_enabled === true,
      prizes: (v.prizes ?? []).map((p) => ({
        ...(p.trp_id ? { trp_id: p.trp_id } : {}),
        trp_name: p.trp_name ?? '',
        trp_img_url: p.trp_img_url ?? '',
        trp_stock: p.trp_stock ?? null,
        trp_weight: p.trp_weight ?? null,
      })),
    };
  };
  const schema = adminRaffleCreate.body;
  const rule = (...path: (string | number)[]) => contractRule(t, schema, body, path);
  const submit = async () => {
    try {
      await form.validateFields();
    } catch {
      return;
    }
    try {
      const values = body() as never;
      if (editing) await update.mutateAsync({ ...(values as object), trc_id: editing.trc_id } as never);
      else await create.mutateAsync(values);
      toast.success(t('saved'));
      onClose();
    } catch (err) {
      form.setFields(
        serverFieldErrors(err, (field) => {
          if ((TOP_FIELDS as readonly string[]).includes(field)) return field;
          if (field === 'trc_start_time' || field === 'trc_end_time') return 'window';
          const prize = /^prizes\.(\d+)\.(\w+)$/.exec(field);
          return prize ? (['prizes', Number(prize[1]), prize[2]] as never) : null;
        }),
      );
    }
  };
  const initial: CampaignValues = editing
    ? {
        trc_title: editing.trc_title,
        trc_description: editing.trc_description,
        window: [dayjs(editing.trc_start_time), dayjs(editing.trc_end_time)],
        trc_daily_chances: editing.trc_daily_chances,
        trc_chance_price: editing.trc_chance_price,
        trc_no_prize_weight: editing.trc_no_prize_weight,
        trc_enabled: editing.trc_enabled,
        prizes: editing.prizes.map((p) => ({ ...p })),
      }
    : {
        trc_title: '',
        trc_description: '',
        window: [dayjs(), dayjs().add(30, 'day')],
        trc_daily_chances: 1,
        trc_chance_price: 20,
        trc_no_prize_weight: 10,
        trc_enabled: true,
        prizes: [{ trp_name: '', trp_img_url: '', trp_stock: 10, trp_weight: 1 }],
      };

  return (
    <Modal
      open
      title={editing ? t('editTitle', { title: editing.trc_title }) : t('createTitle')}
      okText={t('save')}
      cancelText={t('cancel')}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={create.isPending || update.isPending}
      destroyOnHidden
      width={860}
      okButtonProps={{ 'data-testid': 'raffle-campaign-save' } as Record<`data-${string}`, string>}
    >
      <Form form={form} layout="vertical" initialValues={initial} preserve={false} data-testid="raffle-campaign-form">
        <Form.Item name="trc_title" label={t('fieldTitle')} rules={[rule('trc_title')]}>
          <Input maxLength={RAFFLE_RULE.titleMax} showCount data-testid="raffle-campaign-title" />
        </Form.Item>
        <Form.Item name="trc_description" label={t('fieldDescription')} rules={[rule('trc_description')]}>
          <Input.TextArea maxLength={RAFFLE_RULE.descriptionMax} rows={3} data-testid="raffle-campaign-description" />
        </Form.Item>
        <Form.Item
          name="window"
          label={t('fieldWindow')}
          rules={[contractRule(t, schema, body, ['trc_start_time'], ['trc_end_time'])]}
        >
          <DatePicker.RangePicker showTime data-testid="raffle-campaign-window" />
        </Form.Item>
        <Space wrap align="start" size="large">
          <Form.Item name="trc_daily_chances" label={t('fieldDailyChances')} rules={[rule('trc_daily_chances')]}>
            <InputNumber min={0} max={RAFFLE_RULE.dailyChancesMax} precision={0} data-testid="raffle-campaign-daily" />
          </Form.Item>
          <Form.Item name="trc_chance_price" label={t('fieldChancePrice')} rules={[rule('trc_chance_price')]}>
            <InputNumber min={0} max={RAFFLE_RULE.chancePriceMax} precision={0} data-testid="raffle-campaign-price" />
          </Form.Item>
          <Form.Item name="trc_no_prize_weight" label={t('fieldNoPrizeWeight')} rules={[rule('trc_no_prize_weight')]}>
            <InputNumber min={0} max={RAFFLE_RULE.weightMax} precision={0} data-testid="raffle-campaign-no-prize" />
          </Form.Item>
          <Form.Item name="trc_enabled" label={t('fieldEnabled')} valuePropName="checked">
            <Switch data-testid="raffle-campaign-enabled" />
          </Form.Item>
        </Space>
        <h3>{t('prizesTitle')}</h3>
        <Form.List name="prizes">
          {(fields, { add, remove }) => (
            <>
              {fields.map((field) => (
                <Space key={field.key} wrap align="start" data-testid={`raffle-prize-row-${field.name}`}>
                  <Form.Item
                    name={[field.name, 'trp_name']}
                    label={t('prizeName')}
                    rules={[rule('prizes', field.name, 'trp_name')]}
                  >
                    <Input maxLength={RAFFLE_RULE.prizeNameMax} data-testid={`raffle-prize-name-${field.name}`} />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'trp_stock']}
                    label={t('prizeStock')}
                    rules={[rule('prizes', field.name, 'trp_stock')]}
                  >
                    <InputNumber
                      min={0}
                      max={RAFFLE_RULE.stockMax}
                      precision={0}
                      data-testid={`raffle-prize-stock-${field.name}`}
                    />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'trp_weight']}
                    label={t('prizeWeight')}
                    rules={[rule('prizes', field.name, 'trp_weight')]}
                  >
                    <InputNumber
                      min={1}
                      max={RAFFLE_RULE.weightMax}
                      precision={0}
                      data-testid={`raffle-prize-weight-${field.name}`}
                    />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'trp_img_url']}
                    label={t('prizeImage')}
                    rules={[rule('prizes', field.name, 'trp_img_url')]}
                  >
                    <SiteImageUpload
                      call={uploadRafflePrizeImage}
                      label={t('uploadImage')}
                      testId={`raffle-prize-image-${field.name}`}
                    />
                  </Form.Item>
                  <Form.Item label=" ">
                    <Button onClick={() => remove(field.name)} disabled={fields.length <= 1}>
                      {t('removePrize')}
                    </Button>
                  </Form.Item>
                </Space>
              ))}
              <Form.Item>
                <Button
                  onClick={() => add({ trp_name: '', trp_img_url: '', trp_stock: 10, trp_weight: 1 })}
                  disabled={fields.length >= RAFFLE_RULE.prizesMax}
                  data-testid="raffle-prize-add"
                >
                  {t('addPrize')}
                </Button>
              </Form.Item>
            </>
          )}
        </Form.List>
      </Form>
    </Modal>
  );
}

function DrawsDrawer({ campaign, onClose }: { campaign: AdminRaffleCampaign; onClose: () => void }) {
  const { t } = useTranslation('raffleAdmin');
  const { siteCode } = useAdminSite();
  const formatTime = useFormatTime();
  const [wonOnly, setWonOnly] = useState(false);
  const query = useCallPages(adminRaffleDraws, { trc_id: campaign.trc_id, won_only: wonOnly, limit: 50 });
  const rows = query.data?.pages.flatMap((p) => p.list) ?? [];
  const exportWinners = () =>
    downloadFile(
      `/api/${siteCode}${adminRaffleExport.path}`,
      { trc_id: campaign.trc_id },
      `raffle-${campaign.trc_id}-winners.xlsx`,
    );
  return (
    <Drawer open onClose={onClose} width={820} title={t('drawsTitle', { title: campaign.trc_title })}>
      <Space style={{ marginBottom: 12 }} wrap>
        <Switch checked={wonOnly} onChange={setWonOnly} data-testid="raffle-draws-won-only" /> {t('wonOnly')}
        <Button onClick={() => void exportWinners()} data-testid="raffle-export">
          {t('exportWinners')}
        </Button>
      </Space>
      <Table<AdminRaffleDraw>
        rowKey="draw_id"
        size="small"
        pagination={false}
        loading={query.isPending}
        dataSource={rows}
        data-testid="raffle-draws"
        columns={[
          {
            title: t('colMember'),
            key: 'member',
            render: (_, r) => `${r.user_nick_name} (${r.user_email || r.user_id})`,
          },
          {
            title: t('colPrize'),
            key: 'prize',
            render: (_, r) => (r.won ? <Tag color="gold">{r.trp_name}</Tag> : t('noPrize')),
          },
          {
            title: t('colChance'),
            key: 'chance',
            render: (_, r) => (r.chance === 'extra' ? t('chanceExtra') : t('chanceDaily')),
          },
          { title: t('colTime'), key: 'time', render: (_, r) => formatTime(r.create_time) },
        ]}
      />
      <LoadMore query={query} shown={rows.length} />
    </Drawer>
  );
}

/**
 * The managed site's raffles (issue 22 item 5, decision 037): campaigns with their window, chances,
 * price and prizes; the draw log and the winners' export. Every change is audited.
 */
export function RaffleScreen() {
  const { t } = useTranslation('raffleAdmin');
  const { siteCode } = useAdminSite();
  const formatTime = useFormatTime();
  const query = useCallPages(adminRaffleList, { limit: 20 });
  const [editing, setEditing] = useState<AdminRaffleCampaign | 'new' | null>(null);
  const [drawsOf, setDrawsOf] = useState<AdminRaffleCampaign | null>(null);
  const rows = query.data?.pages.flatMap((p) => p.list) ?? [];

  if (query.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (query.isError) {
    return (
      <Result
        status="warning"
        title={t('siteAdmin:loadFailed')}
        extra={<Button onClick={() => void query.refetch()}>{t('siteAdmin:retry')}</Button>}
      />
    );
  }
  return (
    <div className="site-admin" data-testid="raffle-screen">
      <SiteAdminNote lead={t('lead')} />
      <Space style={{ margin: '12px 0' }}>
        <Button type="primary" onClick={() => setEditing('new')} data-testid="raffle-create">
          {t('create')}
        </Button>
      </Space>
      <Table<AdminRaffleCampaign>
        key={siteCode}
        rowKey="trc_id"
        size="small"
        pagination={false}
        dataSource={rows}
        locale={{ emptyText: t('empty') }}
        onRow={(row) => ({ 'data-testid': `raffle-campaign-${row.trc_id}` }) as object}
        columns={[
          { title: t('colTitle'), dataIndex: 'trc_title', key: 'title' },
          {
            title: t('colWindow'),
            key: 'window',
            render: (_, r) => `${formatTime(r.trc_start_time)} – ${formatTime(r.trc_end_time)}`,
          },
          {
            title: t('colState'),
            key: 'state',
            render: (_, r) =>
              r.trc_enabled ? (
                <Tag color={r.trc_state === 'running' ? 'processing' : 'default'}>{t(r.trc_state)}</Tag>
              ) : (
                <Tag>{t('hidden')}</Tag>
              ),
          },
          {
            title: t('colPrizes'),
            key: 'prizes',
            render: (_, r) =>
              r.prizes.map((p) => (
                <div key={p.trp_id}>{t('prizeLine', { name: p.trp_name, stock: p.trp_stock, won: p.won })}</div>
              )),
          },
          { title: t('colDraws'), dataIndex: 'draws', key: 'draws' },
          {
            title: t('colPrice'),
            key: 'price',
            render: (_, r) => (r.trc_chance_price > 0 ? t('priceValue', { price: r.trc_chance_price }) : t('noSale')),
          },
          {
            title: '',
            key: 'actions',
            render: (_, r) => (
              <Space>
                <Button size="small" onClick={() => setEditing(r)} data-testid={`raffle-edit-${r.trc_id}`}>
                  {t('edit')}
                </Button>
                <Button size="small" onClick={() => setDrawsOf(r)} data-testid={`raffle-draws-${r.trc_id}`}>
                  {t('drawLog')}
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <LoadMore query={query} shown={rows.length} />
      {editing ? (
        <CampaignDialog
          key={editing === 'new' ? 'new' : editing.trc_id}
          campaign={editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {drawsOf ? <DrawsDrawer campaign={drawsOf} onClose={() => setDrawsOf(null)} /> : null}
    </div>
  );
}
