import { useMemo } from 'react';
import { HTML_EDGES_CLASS, HtmlView } from '../../../components/HtmlView';
import { fillTemplate } from '../../../lib/templates';
import { dataString, type ModuleProps } from '../types';
import { useTemplateSource } from './ModuleTemplateSource';

/**
 * A module's HTML value (Html, HtmlEditor, MoreInfo) with its double-brace placeholders filled from the
 * page's product, venue and deal (unknown ones show N/A; inserted values are escaped and their newlines
 * become line breaks), then sanitised by HtmlView. Nothing for an empty value.
 */
export function useModuleHtml(module: ModuleProps['module']): string | null {
  const value = dataString(module, 'value');
  const source = useTemplateSource();
  const { product, venue, deal } = source;
  return useMemo(
    () => (value ? fillTemplate(value, { product, venue, deal }, { html: true, lineBreaks: true }) : null),
    [value, product, venue, deal],
  );
}

/** The partner's HTML lines up with the other modules: no margin above its first block or below its last. */
export function ModuleHtml({ module }: ModuleProps) {
  const html = useModuleHtml(module);
  return <HtmlView html={html} className={HTML_EDGES_CLASS} />;
}
