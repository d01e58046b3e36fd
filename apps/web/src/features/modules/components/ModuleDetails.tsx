import type { ReactNode } from 'react';
import { SpacedText } from '../../../components/SpacedText';

/** One labelled piece of an entity's details (Valid until, Restrictions, ...): a small h3 and its text. */
export function ModuleDetail({
  label,
  text,
  children,
}: {
  label: string;
  text?: string | null;
  children?: ReactNode;
}) {
  const hasText = Boolean(text?.trim());
  if (!hasText && !children) return null;
  return (
    <div className="tp-mod-detail">
      <h3 className="tp-subtitle2 tp-bold">{label}</h3>
      {hasText ? <SpacedText text={text} variant="body2" /> : children}
    </div>
  );
}

/** A 16:9 box for an entity's hero picture, so the text below does not move when it loads. */
export const HERO_BOX_STYLE = {
  display: 'block',
  width: '100%',
  aspectRatio: '16 / 9',
  height: 'auto',
  objectFit: 'cover',
  borderRadius: 4,
  background: 'var(--tp-hover)',
} as const;
