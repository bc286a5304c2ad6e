import { useState } from 'react';
import { useTranslation } from '~/lib/use-translation';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Result from 'antd/es/result';
import Skeleton from 'antd/es/skeleton';
import { STATUS } from '@portal/contracts/envelope';
import { aboutPage } from '@portal/contracts/home';
import { adminPageGet, adminPageUpdate, PAGE_RULE, type AdminPage } from '@portal/contracts/pages';
import { utf8Bytes } from '@portal/contracts/text-rules';
import { serverIssues } from '~/lib/forms/form-issues';
import { useAdminSite } from '~/lib/admin/admin-context';
import { CallMutationError, useCall, useCallMutation } from '~/lib/query/use-call';
import { contractRule } from '~/lib/forms/contract-rules';

interface Values {
  title: string;
  content: string;
}

function AboutForm({ page }: { page: AdminPage }) {
  const { t } = useTranslation('siteAdmin');
  const { site } = useAdminSite();
  const [form] = Form.useForm<Values>();
  const save = useCallMutation(adminPageUpdate, { invalidates: [adminPageGet, aboutPage] });
  const [previewVersion, setPreviewVersion] = useState(0);
  const content = Form.useWatch('content', form) ?? page.content;
  const body = () => ({ slug: 'about' as const, ...(form.getFieldsValue(true) as Values) });
  const rule = (field: keyof Values) => contractRule(t, adminPageUpdate.body, body, [field]);
  // The portal's About page of the managed site, without navbar and footer (?is_admin=1).
  const previewUrl = `/${site.prefix}/about?is_admin=1`;

  const submit = async () => {
    try {
      const saved = await save.mutateAsync(body());
      // Show what was stored: the server removes whatever the allow-list does not keep.
      form.setFieldsValue({ title: saved.title, content: saved.content });
      setPreviewVersion((v) => v + 1);
    } catch (err) {
      if (err instanceof CallMutationError && String(err.envelope?.status) === String(STATUS.validation)) {
        form.setFields(
          serverIssues(err.envelope?.data)
            .filter((i) => i.field === 'title' || i.field === 'content')
            .map((i) => ({ name: i.field as keyof Values, errors: [i.message] })),
        );
      }
    }
  };

  return (
    <div className="about-admin">
      <Form
        form={form}
        layout="vertical"
        initialValues={{ title: page.title, content: page.content }}
        onFinish={() => void submit()}
        className="about-admin__form"
        data-testid="about-form"
      >
        <Form.Item name="title" label={t('pages.fieldTitle')} rules={[rule('title')]}>
          <Input maxLength={PAGE_RULE.titleMax} showCount data-testid="about-title" />
        </Form.Item>
        <Form.Item
          name="content"
          label={t('pages.fieldContent')}
          extra={
            <>
              <div>{t('pages.contentHelp')}</div>
              <div data-testid="about-size">{t('pages.size', { kb: (utf8Bytes(content) / 1024).toFixed(1) })}</div>
            </>
          }
          rules={[rule('content')]}
        >
          <Input.TextArea rows={20} spellCheck={false} className="about-admin__html" data-testid="about-content" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="about-save">
          {t('save')}
        </Button>
      </Form>
      <Card
        size="small"
        title={t('pages.preview')}
        extra={
          <a href={previewUrl.replace('?is_admin=1', '')} target="_blank" rel="noopener" data-testid="about-open">
            {t('pages.openPage')}
          </a>
        }
        className="about-admin__preview"
      >
        <p className="site-admin__muted">{t('pages.previewNote')}</p>
        <iframe
          key={`${site.prefix}-${previewVersion}`}
          src={previewUrl}
          title={t('pages.preview')}
          className="about-admin__frame"
          data-testid="about-preview"
        />
      </Card>
    </div>
  );
}

/** The managed site's About page: title and HTML, with the portal page as a live preview. */
export function AboutScreen() {
  const { t } = useTranslation('siteAdmin');
  const { siteCode } = useAdminSite();
  const query = useCall(adminPageGet, { slug: 'about' });
  if (query.isPending) return <Skeleton active paragraph={{ rows: 12 }} />;
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
    <div className="site-admin" data-testid="about-screen">
      <Alert type="info" showIcon title={t('cacheNote')} className="site-admin__note" />
      <AboutForm key={siteCode} page={query.data} />
    </div>
  );
}
