import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { loginPath } from '~/lib/login-link';
import { useShell } from '~/lib/shell';
import { DisclosureMenu } from './DisclosureMenu';
import { EditIcon } from './icons';

/** What a member can publish from the navbar (spec 2). */
export const PUBLISH_KINDS = ['article', 'post', 'journal'] as const;
export type PublishKind = (typeof PUBLISH_KINDS)[number];

/** Dispatched for a signed-in member; the publishing dialogs (a later issue) listen for it. */
export const PUBLISH_EVENT = 'portal:publish';

const labelKey = { article: 'publishArticle', post: 'publishPost', journal: 'publishJournal' } as const;

export function PublishMenu() {
  const { t } = useTranslation('nav');
  const { site, user, origin } = useShell();
  const location = useLocation();
  const navigate = useNavigate();

  const onSelect = (key: string) => {
    if (!user) {
      // spec 4: a logged-out visitor trying to publish goes to login, and comes back here after.
      void navigate(loginPath(site, location, origin || window.location.origin));
      return;
    }
    window.dispatchEvent(new CustomEvent(PUBLISH_EVENT, { detail: { kind: key as PublishKind } }));
  };

  return (
    <DisclosureMenu
      testId="publish-menu"
      primary
      icon={<EditIcon />}
      trigger={t('publish')}
      items={PUBLISH_KINDS.map((kind) => ({ key: kind, label: t(labelKey[kind]), testId: `publish-${kind}` }))}
      onSelect={onSelect}
    />
  );
}
