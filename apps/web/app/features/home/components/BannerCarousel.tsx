import { useRef } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '~/lib/use-translation';
import type { Banner } from '@portal/contracts/home';
import { useShell } from '~/lib/shell';
import { bannersQuery } from '../api/home-queries';

function BannerLink({ banner, children }: { banner: Banner; children: React.ReactNode }) {
  const url = banner.tb_link_url;
  if (!url) return <div className="home-banners__link">{children}</div>;
  if (url.startsWith('/') && !url.startsWith('//')) {
    return (
      <Link to={url} className="home-banners__link">
        {children}
      </Link>
    );
  }
  return (
    <a href={url} className="home-banners__link" rel="noopener">
      {children}
    </a>
  );
}

/**
 * Banners as a scroll-snap strip: swipe, scroll or the buttons move it; every slide stays in the
 * accessibility tree and reachable by keyboard (no cloned or aria-hidden slides), no autoplay.
 */
export function BannerCarousel() {
  const { t } = useTranslation('home');
  const { site } = useShell();
  const { data } = useQuery(bannersQuery(site));
  const track = useRef<HTMLDivElement>(null);
  const banners = data?.list ?? [];
  if (banners.length === 0) return null;

  const move = (direction: 1 | -1) => {
    const el = track.current;
    if (!el) return;
    const width = el.clientWidth;
    const atEnd = el.scrollLeft + width >= el.scrollWidth - 2;
    const atStart = el.scrollLeft <= 2;
    const left =
      direction === 1 && atEnd ? 0 : direction === -1 && atStart ? el.scrollWidth : el.scrollLeft + direction * width;
    el.scrollTo({ left, behavior: window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth' });
  };

  return (
    <section
      className="home-banners"
      aria-roledescription="carousel"
      aria-label={t('banners')}
      data-testid="home-banners"
    >
      <div className="home-banners__track" ref={track}>
        {banners.map((banner, i) => (
          <div
            key={banner.tb_id}
            className="home-banners__slide"
            role="group"
            aria-roledescription="slide"
            aria-label={t('slideLabel', { index: i + 1, total: banners.length })}
            data-testid="home-banner"
          >
            <BannerLink banner={banner}>
              <img
                src={banner.tb_img_url}
                alt=""
                width={1200}
                height={360}
                loading={i === 0 ? 'eager' : 'lazy'}
                fetchPriority={i === 0 ? 'high' : undefined}
                decoding="async"
              />
              <span className="home-banners__caption">{banner.tb_title}</span>
            </BannerLink>
          </div>
        ))}
      </div>
      {banners.length > 1 ? (
        <div className="home-banners__controls">
          <button type="button" className="home-banners__button" aria-label={t('prevBanner')} onClick={() => move(-1)}>
            <span aria-hidden="true">‹</span>
          </button>
          <button type="button" className="home-banners__button" aria-label={t('nextBanner')} onClick={() => move(1)}>
            <span aria-hidden="true">›</span>
          </button>
        </div>
      ) : null}
    </section>
  );
}
