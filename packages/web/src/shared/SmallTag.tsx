// Semi's tag styles without Semi's Tag component: the component brings Avatar, its icons and lodash's
// deep clone into the first load (about 5 KB gzipped) for marks that are only ever a small label
// (issue 48). Pages that need a real Tag (closable, avatar, click) still import Semi's.
import '@douyinfe/semi-foundation/lib/es/tag/tag.css';
import type { CSSProperties } from 'react';

type Colour = 'grey' | 'red' | 'amber';

/**
 * What Semi's `<Tag size="small" color={colour}>` renders for a text, on Semi's own styles. With
 * `aria-label` the tag is announced by that name instead of its text (a badge: role img).
 */
export function SmallTag({
  colour,
  children,
  className,
  style,
  'aria-label': ariaLabel,
  ...data
}: {
  colour: Colour;
  children: string;
  className?: string;
  style?: CSSProperties;
  'aria-label'?: string;
} & { [key: `data-${string}`]: string | boolean | undefined }) {
  return (
    <div
      {...data}
      {...(ariaLabel ? { role: 'img', 'aria-label': ariaLabel } : {})}
      style={style}
      className={`semi-tag semi-tag-small semi-tag-square semi-tag-light semi-tag-${colour}-light${className ? ` ${className}` : ''}`}
    >
      <div className="semi-tag-content semi-tag-content-ellipsis">{children}</div>
    </div>
  );
}
