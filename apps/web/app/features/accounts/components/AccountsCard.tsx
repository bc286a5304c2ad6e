import type { ReactNode } from 'react';

/** The frame of the sign-in, recovery and information pages: a titled card in the middle. */
export function AccountsCard({
  id,
  title,
  lead,
  children,
}: {
  id: string;
  title: string;
  lead?: string;
  children: ReactNode;
}) {
  return (
    <div className="portal-page accounts-page" data-testid={id}>
      <section className="accounts-card" aria-labelledby={`${id}-title`}>
        <h1 id={`${id}-title`} className="accounts-card__title">
          {title}
        </h1>
        {lead ? <p className="accounts-card__lead">{lead}</p> : null}
        {children}
      </section>
    </div>
  );
}
