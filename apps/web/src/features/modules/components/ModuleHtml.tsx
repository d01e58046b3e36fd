import { useMemo } from 'react';
import { HtmlView } from '../../../components/HtmlView';
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

/**
 * The partner's first heading or paragraph starts at the module's top and the last ends at its bottom,
 * so HTML modules line up with the others. Blocks are spaced by their bottom margins (a :first-child
 * selector would do the same, but emotion warns about it).
 */
export const HTML_EDGES_SX = { '& > *': { mt: 0 }, '& > :last-child': { mb: 0 } } as const;

export function ModuleHtml({ module }: ModuleProps) {
  const html = useModuleHtml(module);
  return <HtmlView html={html} sx={HTML_EDGES_SX} />;
}
