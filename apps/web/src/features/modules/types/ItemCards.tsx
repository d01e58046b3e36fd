import type { PageModule } from '@trailpass/contract';
import { useLocation } from 'react-router';
import { SpacedText } from '../../../components/SpacedText';
import { CardList } from '../components/CardList';
import { type CardLink, ContentCard } from '../components/ContentCard';
import { externalUrl, inAppPath, withToken } from '../components/item-links';
import { TitledSection } from '../components/TitledSection';
import { type ModuleProps, moduleLabel } from '../types';

export interface ItemCardData {
  title: string;
  text: string | null;
  image: string | null;
  url: string | null;
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

/** data.items as the partner wrote them; an entry without a title or text is dropped. */
export function itemCards(module: PageModule): ItemCardData[] {
  const items = module.data.items;
  if (!Array.isArray(items)) return [];
  return items.flatMap((item): ItemCardData[] => {
    if (typeof item !== 'object' || item === null) return [];
    const record = item as Record<string, unknown>;
    const title = text(record.title);
    const body = text(record.text);
    if (!title && !body) return [];
    return [{ title: title ?? '', text: body, image: text(record.image), url: text(record.url) }];
  });
}

/** A url under /pass/ stays in the app (with t); an http(s) url opens another site; anything else, none. */
export function itemLink(url: string | null, currentSearch: string): CardLink | null {
  const path = inAppPath(url);
  if (path !== null) return { kind: 'path', to: withToken(path, currentSearch) };
  const href = externalUrl(url);
  return href ? { kind: 'external', href } : null;
}

/** Spec 2.4 ItemCards: the partner's own cards (title, text, picture, link) from data.items. */
export default function ItemCards({ module }: ModuleProps) {
  const { search } = useLocation();
  const items = itemCards(module);
  if (items.length === 0) return null;
  return (
    <TitledSection title={moduleLabel(module)}>
      {(headingId) => (
        <CardList
          items={items}
          itemKey={(_, index) => index}
          labelledBy={headingId}
          label={module.name}
          renderItem={(item) => (
            <ContentCard title={item.title} image={item.image} link={itemLink(item.url, search)}>
              <SpacedText text={item.text} variant="body2" className="tp-secondary" />
            </ContentCard>
          )}
        />
      )}
    </TitledSection>
  );
}
