import { ModuleHtml } from '../components/ModuleHtml';
import type { ModuleProps } from '../types';

/** Html (spec 2.4): the partner's HTML with the page's placeholders filled, sanitised. */
export default function Html({ module }: ModuleProps) {
  return <ModuleHtml module={module} />;
}
