import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from '~/lib/use-translation';
import { PERMISSIONS } from '@portal/contracts/permissions';
import { usePermission } from '~/components/permission/Permitted';
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
/** The named permission behind each entry (spec 6 permission switch). */
const permissionOf = {
  article: PERMISSIONS.articlePublish,
  post: PERMISSIONS.postPublish,
  journal: PERMISSIONS.journalSubmit,
} as const;

export function PublishMenu() {
  const { t } = useTranslation('nav');
  const { site, user, origin } = useShell();
  const location = useLocation();
  const navigate = useNavigate();
  const allowed = {
    article: usePermission(permissionOf.article),
    post: usePermission(permissionOf.post),
    journal: usePermission(permissionOf.journal),
  };
  // A visitor sees every entry (it leads to login); a member only what the switch leaves them.
  const kinds = user ? PUBLISH_KINDS.filter((kind) => allowed[kind]) : PUBLISH_KINDS;

  const onSelect = (key: string) => {
    if (!user) {
      // spec 4: a logged-out visitor trying to publish goes to login, and comes back here after.
      void navigate(loginPath(site, location, origin || window.location.origin));
      return;
    }
    window.dispatchEvent(new CustomEvent(PUBLISH_EVENT, { detail: { kind: key as PublishKind } }));
  };

  if (kinds.length === 0) return null;
  return (
    <DisclosureMenu
      testId="publish-menu"
      primary
      icon={<EditIcon />}
      trigger={t('publish')}
      items={kinds.map((kind) => ({ key: kind, label: t(labelKey[kind]), testId: `publish-${kind}` }))}
      onSelect={onSelect}
    />
  );
}
