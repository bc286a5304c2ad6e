import { SiteAdminNote } from '~/components/admin/SiteAdminNote';
import { useTranslation } from '~/lib/use-translation';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Result from 'antd/es/result';
import Skeleton from 'antd/es/skeleton';
import Switch from 'antd/es/switch';
import { commonData } from '@portal/contracts/home';
import {
  adminSettingsGet,
  adminSettingsUpdate,
  SETTINGS_RULE,
  siteSettingsSchema,
  uploadSettingsImage,
  type SiteSettings,
} from '@portal/contracts/settings';
import { useAdminSite } from '~/lib/admin/admin-context';
import { useCall, useCallMutation } from '~/lib/query/use-call';
import { SiteImageUpload } from '~/components/upload/SiteImageUpload';
import { contractRule } from '~/lib/forms/contract-rules';
import { useFormatTime } from '~/lib/format';
import { useShell } from '~/lib/shell';
import { serverFieldErrors } from '~/lib/forms/server-field-errors';

type Values = Omit<SiteSettings, 'update_time'>;

function bodyOf(v: Partial<Values>): Values {
  return {
    contact_email: (v.contact_email ?? '').trim(),
    website: (v.website ?? '').trim(),
    copyright: v.copyright ?? '',
    qr_code_url: v.qr_code_url ?? '',
    image_config: { fileSize: v.image_config?.fileSize as number, fileLimit: v.image_config?.fileLimit as number },
    file_config: { fileSize: v.file_config?.fileSize as number, fileLimit: v.file_config?.fileLimit as number },
    review: { post_review: v.review?.post_review === true },
    permission_switch: v.permission_switch === true,
  };
}

function SettingsForm({ settings }: { settings: SiteSettings }) {
  const { t } = useTranslation('siteAdmin');
  const { site: uiSite } = useShell();
  const formatTime = useFormatTime();
  const { siteCode } = useAdminSite();
  const [form] = Form.useForm<Values>();
  const save = useCallMutation(adminSettingsUpdate, {
    // The footer and the upload limits of this tab's portal pages.
    invalidates: [adminSettingsGet, { call: commonData, site: siteCode }],
  });
  const body = () => bodyOf(form.getFieldsValue(true) as Partial<Values>);
  const rule = (...path: string[]) => contractRule(t, siteSettingsSchema, body, path);

  const submit = async () => {
    try {
      const saved = await save.mutateAsync(body());
      form.setFieldsValue(saved);
    } catch (err) {
      form.setFields(serverFieldErrors(err, (field) => field.split('.')));
    }
  };

  const limits = (group: 'image_config' | 'file_config') => (
    <div className="site-admin__pair">
      <Form.Item name={[group, 'fileSize']} label={t('settings.fileSize')} rules={[rule(group, 'fileSize')]}>
        <InputNumber
          min={SETTINGS_RULE.fileSizeMb.min}
          max={SETTINGS_RULE.fileSizeMb.max}
          precision={0}
          data-testid={`settings-${group}-size`}
        />
      </Form.Item>
      <Form.Item name={[group, 'fileLimit']} label={t('settings.fileLimit')} rules={[rule(group, 'fileLimit')]}>
        <InputNumber
          min={SETTINGS_RULE.fileLimit.min}
          max={SETTINGS_RULE.fileLimit.max}
          precision={0}
          data-testid={`settings-${group}-limit`}
        />
      </Form.Item>
    </div>
  );

  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={settings}
      onFinish={() => void submit()}
      data-testid="settings-form"
    >
      <Card size="small" title={t('settings.groupFooter')} className="site-admin__card">
        <Form.Item name="contact_email" label={t('settings.contactEmail')} rules={[rule('contact_email')]}>
          <Input type="email" maxLength={SETTINGS_RULE.emailMax} data-testid="settings-contact-email" />
        </Form.Item>
        <Form.Item name="website" label={t('settings.website')} rules={[rule('website')]}>
          <Input type="url" maxLength={500} data-testid="settings-website" />
        </Form.Item>
        <Form.Item name="copyright" label={t('settings.copyright')} rules={[rule('copyright')]}>
          <Input maxLength={SETTINGS_RULE.copyrightMax} showCount data-testid="settings-copyright" />
        </Form.Item>
        <Form.Item label={t('settings.qrCode')} required={false}>
          <Form.Item name="qr_code_url" noStyle rules={[rule('qr_code_url')]}>
            <SiteImageUpload
              call={uploadSettingsImage}
              label={t('settings.qrUpload')}
              previewWidth={120}
              testId="settings-qr"
            />
          </Form.Item>
          <Form.Item noStyle shouldUpdate={(a, b) => a.qr_code_url !== b.qr_code_url}>
            {() =>
              form.getFieldValue('qr_code_url') ? (
                <Button
                  size="small"
                  onClick={() => form.setFieldValue('qr_code_url', '')}
                  data-testid="settings-qr-remove"
                >
                  {t('settings.qrRemove')}
                </Button>
              ) : (
                <span className="site-admin__muted">{t('settings.qrNone')}</span>
              )
            }
          </Form.Item>
        </Form.Item>
      </Card>
      <Card size="small" title={t('settings.groupUploads')} className="site-admin__card">
        <h3 className="site-admin__subhead">{t('settings.imageUploads')}</h3>
        {limits('image_config')}
        <h3 className="site-admin__subhead">{t('settings.fileUploads')}</h3>
        {limits('file_config')}
      </Card>
      <Card size="small" title={t('settings.groupSwitches')} className="site-admin__card">
        <Form.Item
          name={['review', 'post_review']}
          label={t('settings.postReview')}
          extra={t('settings.postReviewHelp')}
          valuePropName="checked"
        >
          <Switch data-testid="settings-post-review" />
        </Form.Item>
        <Form.Item
          name="permission_switch"
          label={t('settings.permissionSwitch')}
          extra={t('settings.permissionSwitchHelp')}
          valuePropName="checked"
        >
          <Switch data-testid="settings-permission-switch" />
        </Form.Item>
      </Card>
      <div className="site-admin__actions">
        <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="settings-save">
          {t('save')}
        </Button>
        {settings.update_time ? (
          <span className="site-admin__muted">
            {t('settings.lastSaved', {
              time: formatTime(settings.update_time, { site: uiSite }),
            })}
          </span>
        ) : null}
      </div>
    </Form>
  );
}

/** The managed site's settings in one form, grouped: footer, upload limits, switches. */
export function SettingsScreen() {
  const { t } = useTranslation('siteAdmin');
  const { siteCode } = useAdminSite();
  const query = useCall(adminSettingsGet, {});
  if (query.isPending) return <Skeleton active paragraph={{ rows: 10 }} />;
  if (query.isError) {
    return (
      <Result
        status="warning"
        title={t('loadFailed')}
        extra={<Button onClick={() => void query.refetch()}>{t('retry')}</Button>}
      />
    );
  }
  return (
    <div className="site-admin" data-testid="settings-screen">
      <SiteAdminNote />
      {/* A new form per managed site, so switching sites never keeps the other site's values. */}
      <SettingsForm key={siteCode} settings={query.data} />
    </div>
  );
}
