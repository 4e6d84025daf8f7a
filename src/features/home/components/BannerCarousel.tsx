import { memo, useEffect, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '../../../components/ui/Skeleton.tsx';
import { useWhenIdle } from '../../../lib/use-when-idle.ts';
import { arrivedBanners, takeBanners, type Banner } from '../api/get-banners.ts';
import styles from './home-content.module.css';

/** Banner autoplay interval (docs/product-rules.md#home). */
export const BANNER_AUTOPLAY_MS = 3000;
/** The banner box's height: its skeleton and the images take the same, so nothing moves when they arrive. */
/** The intrinsic size a banner image is laid out at before it loads (the box keeps its 5:2 shape, home-content.module.css). */
const BANNER_SIZE = { width: 750, height: 300 };

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** The banner carousel, autoplaying every 3 s (still under prefers-reduced-motion, where the dots step it). */
export const BannerCarousel = memo(function BannerCarousel() {
  const { t } = useTranslation();
  // Banners that arrived before this first render show in it: the first one is home's largest paint.
  const [banners, setBanners] = useState<Banner[] | null>(arrivedBanners);
  const [index, setIndex] = useState(0);
  // A banner is an SVG with text: each costs the browser a document and a text layout (tens of ms on
  // a slow phone). The first one is home's largest paint; the others wait until the page is idle, or
  // until their dot is chosen, so they neither delay that paint nor lengthen its task.
  const idle = useWhenIdle();
  useEffect(() => {
    let mounted = true;
    // The same list again when it was shown from the first render (no re-render); taking it means a later visit asks anew.
    void takeBanners().then((list) => mounted && setBanners(list));
    return () => {
      mounted = false;
    };
  }, []);
  const count = banners?.length ?? 0;
  useEffect(() => {
    if (count < 2 || prefersReducedMotion()) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), BANNER_AUTOPLAY_MS);
    return () => clearInterval(timer);
  }, [count]);
  if (banners === null) return <Skeleton height="auto" className={styles.bannerSkeleton} />;
  if (count === 0) return null;
  return (
    <section
      className={styles.banners}
      aria-roledescription="carousel"
      aria-label={t('home.banners.label')}
      data-testid="banners"
    >
      <div className={styles.bannerTrack} style={{ '--slide': index } as CSSProperties}>
        {banners.map((banner, i) =>
          i === 0 || i === index || idle ? (
            <img
              key={banner.id ?? i}
              className={styles.bannerImage}
              src={banner.img}
              // The first is home's largest paint (index.html starts its download early).
              fetchPriority={i === 0 ? 'high' : undefined}
              alt=""
              aria-hidden={i !== index}
              width={BANNER_SIZE.width}
              height={BANNER_SIZE.height}
            />
          ) : (
            <span key={banner.id ?? i} className={styles.bannerImage} aria-hidden="true" />
          ),
        )}
      </div>
      <div className={styles.dots}>
        {banners.map((banner, i) => (
          <button
            key={banner.id ?? i}
            type="button"
            className={styles.dot}
            aria-current={i === index ? 'true' : undefined}
            aria-label={t('home.banners.goTo', { number: i + 1 })}
            onClick={() => setIndex(i)}
          />
        ))}
      </div>
    </section>
  );
});
