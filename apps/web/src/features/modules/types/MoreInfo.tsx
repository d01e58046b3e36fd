import ExpandMoreIcon from '~icons/ic/baseline-expand-more';
import { HTML_EDGES_CLASS, HtmlView } from '../../../components/HtmlView';
import { useModuleHtml } from '../components/ModuleHtml';
import { type ModuleProps, moduleLabel } from '../types';

/**
 * MoreInfo (spec 2.4): extra information behind its label, as an outlined accordion the visitor opens. A
 * native disclosure (<details>/<summary>): the browser gives it its button role, expanded state and
 * keyboard (Enter, Space) without script. The label is an h2 inside the summary, as the HTML standard
 * allows, so the page's outline keeps it. Without a label the HTML is simply shown.
 */
export default function MoreInfo({ module }: ModuleProps) {
  const html = useModuleHtml(module);
  const label = moduleLabel(module);
  if (!html) return null;
  if (!label) return <HtmlView html={html} />;

  return (
    <details className="tp-outlined tp-accordion">
      <summary>
        <h2 className="tp-body1 tp-bold">{label}</h2>
        <ExpandMoreIcon className="tp-icon-lg tp-accordion-icon" />
      </summary>
      <HtmlView html={html} className={`tp-accordion-body ${HTML_EDGES_CLASS}`} />
    </details>
  );
}
