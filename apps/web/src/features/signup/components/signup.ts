import type { UnregisteredLink } from '@trailpass/contract';

export type SignupPartner = UnregisteredLink['pass']['partner'];

/** Passes grouped by their partner, in first-seen order. */
export function groupByPartner(links: readonly UnregisteredLink[]) {
  const groups = new Map<number, { partner: SignupPartner; links: UnregisteredLink[] }>();
  for (const link of links) {
    const { partner } = link.pass;
    const group = groups.get(partner.id);
    if (group) group.links.push(link);
    else groups.set(partner.id, { partner, links: [link] });
  }
  return [...groups.values()];
}

/** Highlight bullets: one per non-empty line of the newline-separated source text. */
export function highlightLines(text: string | null | undefined): string[] {
  return (text ?? '')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
}
