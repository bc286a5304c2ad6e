import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { SiteAdminNote } from '~/components/admin/SiteAdminNote';
import { useTranslation } from '~/lib/use-translation';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Result from 'antd/es/result';
import Segmented from 'antd/es/segmented';
import Skeleton from 'antd/es/skeleton';
import {
  adminPageGet,
  adminPageUpdate,
  PAGE_RULE,
  PAGE_SLUGS,
  pageContent,
  type AdminPage,
  type PageSlug,
} from '@portal/contracts/pages';
import { utf8Bytes } from '@portal/contracts/text-rules';
import { useAdminSite } from '~/lib/admin/admin-context';
import { useCall, useCallMutation } from '~/lib/query/use-call';
import { contractRule } from '~/lib/forms/contract-rules';
import { serverFieldErrors } from '~/lib/forms/server-field-errors';

interface Values {
  title: string;
  content: string;
}

function PageForm({ page }: { page: AdminPage }) {
  const { t } = useTranslation('siteAdmin');
  const { site } = useAdminSite();
  const [form] = Form.useForm<Values>();
  const save = useCallMutation(adminPageUpdate, { invalidates: [adminPageGet, pageContent] });
  const [previewVersion, setPreviewVersion] = useState(0);
  const content = Form.useWatch('content', form) ?? page.content;
  const body = () => ({ slug: page.slug, ...(form.getFieldsValue(true) as Values) });
  const rule = (field: keyof Values) => contractRule(t, adminPageUpdate.body, body, [field]);
  // The portal's page of the managed site, without navbar and footer (?is_admin=1).
  const previewUrl = `/${site.prefix}/${page.slug}?is_admin=1`;

  const submit = async () => {
    try {
      const saved = await save.mutateAsync(body());
      // Show what was stored: the server removes whatever the allow-list does not keep.
      form.setFieldsValue({ title: saved.title, content: saved.content });
      setPreviewVersion((v) => v + 1);
    } catch (err) {
      form.setFields(serverFieldErrors(err, (field) => (field === 'title' || field === 'content' ? field : null)));
    }
  };

  return (
    <div className="pages-admin">
      <Form
        form={form}
        layout="vertical"
        initialValues={{ title: page.title, content: page.content }}
        onFinish={() => void submit()}
        className="pages-admin__form"
        data-testid="page-form"
      >
        <Form.Item name="title" label={t('pages.fieldTitle')} rules={[rule('title')]}>
          <Input maxLength={PAGE_RULE.titleMax} showCount data-testid="page-title" />
        </Form.Item>
        <Form.Item
          name="content"
          label={t('pages.fieldContent')}
          extra={
            <>
              <div>{t('pages.contentHelp')}</div>
              <div data-testid="page-size">{t('pages.size', { kb: (utf8Bytes(content) / 1024).toFixed(1) })}</div>
            </>
          }
          rules={[rule('content')]}
        >
          <Input.TextArea rows={20} spellCheck={false} className="pages-admin__html" data-testid="page-content" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="page-save">
          {t('save')}
        </Button>
      </Form>
      <Card
        size="small"
        title={t('pages.preview')}
        extra={
          <a href={previewUrl.replace('?is_admin=1', '')} target="_blank" rel="noopener" data-testid="page-open">
            {t('pages.openPage')}
          </a>
        }
        className="pages-admin__preview"
      >
        <p className="site-admin__muted">{t('pages.previewNote')}</p>
        <iframe
          key={`${site.prefix}-${previewVersion}`}
          src={previewUrl}
          title={t('pages.preview')}
          className="pages-admin__frame"
          data-testid="page-preview"
        />
      </Card>
    </div>
  );
}

const isSlug = (value: string | null): value is PageSlug => PAGE_SLUGS.some((s) => s === value);

/**
 * The managed site's content pages (about, terms of use, privacy policy): title and HTML, with the
 * portal page as a live preview. The page picked is in the URL (`?page=terms`), so it can be linked.
 */
export function ContentPagesScreen() {
  const { t } = useTranslation('siteAdmin');
  const { siteCode } = useAdminSite();
  const [params, setParams] = useSearchParams();
  const picked = params.get('page');
  const slug: PageSlug = isSlug(picked) ? picked : 'about';
  const query = useCall(adminPageGet, { slug });
  const pick = (next: PageSlug) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.set('page', next);
        return updated;
      },
      { replace: true },
    );

  let body: ReactNode;
  if (query.isPending) body = <Skeleton active paragraph={{ rows: 12 }} />;
  else if (query.isError) {
    body = (
      <Result
        status="warning"
        title={t('loadFailed')}
        extra={<Button onClick={() => void query.refetch()}>{t('retry')}</Button>}
      />
    );
  } else body = <PageForm key={`${siteCode}-${slug}`} page={query.data} />;

  return (
    <div className="site-admin" data-testid="pages-screen">
      <SiteAdminNote />
      <Segmented<PageSlug>
        value={slug}
        onChange={pick}
        options={PAGE_SLUGS.map((value) => ({ value, label: t(`pages.slugs.${value}`) }))}
        aria-label={t('pages.pageLabel')}
        className="site-admin__note"
        data-testid="pages-picker"
      />
      {body}
    </div>
  );
}
