import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '~/lib/use-translation';

/** A titled block of the home page with an optional "view all" link. */
export function HomeBlock({
  id,
  title,
  viewAllTo,
  children,
}: {
  id: string;
  title: string;
  viewAllTo?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('common');
  const headingId = `${id}-title`;
  return (
    <section className={`home-block home-block--${id}`} aria-labelledby={headingId} data-testid={id}>
      <div className="home-block__head">
        <h2 id={headingId}>{title}</h2>
        {viewAllTo ? (
          <Link to={viewAllTo} className="home-block__more">
            {t('viewAll')}
            <span className="portal-visually-hidden">: {title}</span>
          </Link>
        ) : null}
      </div>
      {children}
    </section>
  );
}

export function EmptyBlock() {
  const { t } = useTranslation('common');
  return <p className="home-block__empty">{t('empty')}</p>;
}
