import type { Faq } from '@trailpass/contract';
import { BUILT_IN_GUIDES, type Guide, type GuideStep } from './guides/guides';

/** Where the built-in guides apply: spec 2.16 shows them on iOS/iPadOS and Android only. */
export type GuidePlatform = 'ios' | 'android' | 'desktop';

/**
 * The platform from the user agent. iPadOS asks for desktop sites and reports a Mac: only its touch
 * screen tells them apart. (The install prompt decides the same way; features do not share internals.)
 */
export function guidePlatform(
  nav: Pick<Navigator, 'userAgent' | 'maxTouchPoints'> = navigator,
): GuidePlatform {
  const agent = nav.userAgent;
  if (/iPhone|iPad|iPod/.test(agent) || (/Macintosh/.test(agent) && nav.maxTouchPoints > 1)) return 'ios';
  return /Android/.test(agent) ? 'android' : 'desktop';
}

/** One entry of Common Questions: a plain question and HTML answer, or a guide's steps. */
export type QuestionEntry =
  | { kind: 'answer'; id: number; question: string; icon: string | null; answer: string | null }
  | {
      kind: 'guide';
      id: number;
      question: string;
      icon: string | null;
      code: string;
      steps: readonly GuideStep[];
    };

/**
 * Spec 2.16: the offer's FAQs with a question and showOnMobilePass, in their order. An FAQ with a code
 * shows the built-in guide of that code (its own question and icon first), for this platform's steps;
 * it is dropped when no guide has the code, and on a desktop, which has no guides.
 */
export function commonQuestions(
  faqs: readonly Faq[],
  platform: GuidePlatform,
  guides: readonly Guide[] = BUILT_IN_GUIDES,
): QuestionEntry[] {
  const entries: QuestionEntry[] = [];
  for (const faq of faqs) {
    const question = faq.question.trim();
    if (!question || !faq.showOnMobilePass) continue;
    const code = faq.code?.trim();
    if (!code) {
      entries.push({ kind: 'answer', id: faq.id, question, icon: faq.icon, answer: faq.answer });
      continue;
    }
    const guide = guides.find((candidate) => candidate.code === code);
    if (!guide || platform === 'desktop') continue;
    entries.push({
      kind: 'guide',
      id: faq.id,
      question,
      icon: faq.icon ?? guide.icon,
      code,
      steps: platform === 'ios' ? guide.ios : guide.android,
    });
  }
  return entries;
}
