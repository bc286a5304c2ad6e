import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from '~/lib/use-translation';
import { commonDataQuery } from '~/lib/query/site-queries';
import { useShell } from '~/lib/shell';

/**
 * Contact, website, the public-account QR code of the site's language, copyright (spec 2), and the
 * terms of use and privacy policy that registration asks members to accept (issue 17).
 */
export function Footer() {
  const { t } = useTranslation('footer');
  const { site } = useShell();
  const { data } = useQuery(commonDataQuery(site));

  return (
    <footer className="portal-footer" data-testid="footer">
      <div className="portal-footer__inner">
        {data ? (
          <>
            <div className="portal-footer__links">
              <p>
                <a href={`mailto:${data.contact_email}`} data-testid="footer-email">
                  {t('contact', { email: data.contact_email })}
                </a>
              </p>
              <p>
                <a href={data.website} rel="noopener" data-testid="footer-website">
                  {t('website')}
                </a>
              </p>
              <p className="portal-footer__legal">
                <Link to={`/${site.prefix}/terms`} data-testid="footer-terms">
                  {t('titles:terms')}
                </Link>
                <Link to={`/${site.prefix}/privacy`} data-testid="footer-privacy">
                  {t('titles:privacy')}
                </Link>
              </p>
              <p className="portal-footer__copyright" data-testid="footer-copyright">
                {data.copyright}
              </p>
            </div>
            {data.qr_code_url ? (
              <figure className="portal-footer__qr">
                <img
                  src={data.qr_code_url}
                  alt={t('qrCodeAlt')}
                  width={96}
                  height={96}
                  loading="lazy"
                  data-testid="footer-qr"
                />
                <figcaption>{t('qrCode')}</figcaption>
              </figure>
            ) : null}
          </>
        ) : null}
      </div>
    </footer>
  );
}
