import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { HtmlView } from '../../../components/HtmlView';
import { HTML_EDGES_SX, useModuleHtml } from '../components/ModuleHtml';
import { type ModuleProps, moduleLabel } from '../types';

/**
 * MoreInfo (spec 2.4): extra information behind its label, as an accordion the visitor opens (the
 * label is the h2 of its button; MUI names the details region after it). Without a label the HTML is
 * simply shown.
 */
export default function MoreInfo({ module }: ModuleProps) {
  const id = useId();
  const html = useModuleHtml(module);
  const label = moduleLabel(module);
  if (!html) return null;
  if (!label) return <HtmlView html={html} />;

  return (
    <Accordion variant="outlined" disableGutters slotProps={{ heading: { component: 'h2' } }}>
      <AccordionSummary expandIcon={<ExpandMoreIcon />} id={`${id}-summary`} aria-controls={`${id}-details`}>
        <Typography component="span" sx={{ fontWeight: 600 }}>
          {label}
        </Typography>
      </AccordionSummary>
      <AccordionDetails>
        <HtmlView html={html} sx={HTML_EDGES_SX} />
      </AccordionDetails>
    </Accordion>
  );
}
