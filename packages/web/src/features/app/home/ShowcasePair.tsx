import { useTranslation } from 'react-i18next';
import { type ShowcaseItem, type ShowcasePicture, showcaseUrl } from './showcaseApi.ts';
import './home.css';

/** One picture: AVIF where the browser takes it, else WebP; sized and lazy so the page stays fast. */
function Picture({ picture, alt, width }: { picture: ShowcasePicture; alt: string; width: number }) {
  const height = Math.round((picture.height / picture.width) * width);
  return (
    <picture>
      <source srcSet={showcaseUrl(picture.file, 'avif')} type="image/avif" />
      <img
        src={showcaseUrl(picture.file, 'webp')}
        alt={alt}
        width={width}
        height={height}
        loading="lazy"
        decoding="async"
        className="showcase-img"
      />
    </picture>
  );
}

/** A before/after pair side by side (the after alone when nothing went in). */
export function ShowcasePair({ item, width }: { item: ShowcaseItem; width: number }) {
  const { t } = useTranslation('home');
  // Pictures keep one size whether or not a "before" went in, so cards line up.
  const side = Math.floor((width - 8) / 2);
  const classes = `showcase-pair${item.id === 'cutout' ? ' transparent' : ''}${item.before ? '' : ' single'}`;
  return (
    <div className={classes} data-testid={`showcase-${item.id}`}>
      {item.before && (
        <span className="showcase-side">
          <Picture picture={item.before} alt={t('before')} width={side} />
          <span className="showcase-label">{t('before')}</span>
        </span>
      )}
      <span className="showcase-side">
        <Picture picture={item.after} alt={t('after')} width={side} />
        <span className="showcase-label after">{t('after')}</span>
      </span>
    </div>
  );
}
