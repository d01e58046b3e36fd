import { useId, useState } from 'react';
import ExpandMoreIcon from '~icons/ic/baseline-expand-more';
import { HTML_EDGES_CLASS, HtmlView } from '../../../components/HtmlView';
import { useModuleHtml } from '../components/ModuleHtml';
import { type ModuleProps, moduleLabel } from '../types';

/**
 * MoreInfo (spec 2.4): extra information behind its label, as an outlined accordion the visitor opens. The
 * WAI-ARIA accordion pattern, as MUI's Accordion drew it: the label is the h2 of a button that says whether
 * it is expanded, and the details are a region named by it. (A native <details> would not expose the
 * expanded state as aria-expanded nor the details as a region.) Without a label the HTML is simply shown.
 */
export default function MoreInfo({ module }: ModuleProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const html = useModuleHtml(module);
  const label = moduleLabel(module);
  if (!html) return null;
  if (!label) return <HtmlView html={html} />;

  return (
    <div className="tp-outlined tp-accordion">
      <h2 className="tp-accordion-heading">
        <button
          type="button"
          id={`${id}-summary`}
          aria-expanded={open}
          aria-controls={`${id}-details`}
          onClick={() => setOpen((wasOpen) => !wasOpen)}
          className="tp-accordion-summary"
        >
          <span className="tp-body1 tp-bold">{label}</span>
          <ExpandMoreIcon className="tp-icon-lg tp-accordion-icon" />
        </button>
      </h2>
      {/* A section named by the button is a region. */}
      <section
        id={`${id}-details`}
        aria-labelledby={`${id}-summary`}
        hidden={!open}
        className="tp-accordion-body"
      >
        <HtmlView html={html} className={HTML_EDGES_CLASS} />
      </section>
    </div>
  );
}
