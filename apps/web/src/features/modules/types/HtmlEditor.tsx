import { ModuleHtml } from '../components/ModuleHtml';
import type { ModuleProps } from '../types';

/**
 * HtmlEditor (spec 2.4): HTML written in the partner's rich-text editor. It is shown exactly like Html:
 * placeholders filled, then sanitised.
 */
export default function HtmlEditor({ module }: ModuleProps) {
  return <ModuleHtml module={module} />;
}
