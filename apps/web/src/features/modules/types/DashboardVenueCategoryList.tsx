import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '../../../components/visually-hidden';
import { TitledSection } from '../components/TitledSection';
import { VenueList } from '../components/VenueList';
import { categoryGroups } from '../components/venues';
import { useModuleContext } from '../context';
import { type ModuleProps, moduleLabel } from '../types';

export function placesCount(count: number): string {
  return `${count} ${count === 1 ? 'place' : 'places'}`;
}

/**
 * Spec 2.4 DashboardVenueCategoryList: one collapsible section per category of data.categories, its
 * heading saying how many venues it holds, opening onto those venues. Nothing when no category has one.
 */
export default function DashboardVenueCategoryList({ module }: ModuleProps) {
  const ctx = useModuleContext();
  const groups = categoryGroups(module, ctx);
  if (groups.length === 0) return null;

  return (
    <TitledSection title={moduleLabel(module)}>
      {groups.map(({ category, venues }) => (
        <Accordion
          key={category.id}
          disableGutters
          variant="outlined"
          // Closed sections hold no cards, so a long category list stays light.
          slotProps={{ transition: { unmountOnExit: true } }}
        >
          <AccordionSummary expandIcon={<ExpandMoreIcon aria-hidden="true" />}>
            <Typography component="span" sx={{ fontWeight: 600, flexGrow: 1 }}>
              {category.name}
              {/* The count sits apart on screen; read aloud it needs a pause after the name. */}
              <Box component="span" sx={visuallyHidden}>
                ,{' '}
              </Box>
            </Typography>
            <Typography component="span" variant="body2" color="text.secondary" sx={{ mx: 1, flexShrink: 0 }}>
              {placesCount(venues.length)}
            </Typography>
          </AccordionSummary>
          <AccordionDetails sx={{ pt: 0 }}>
            <VenueList venues={venues} layout="rows" label={category.name} />
          </AccordionDetails>
        </Accordion>
      ))}
    </TitledSection>
  );
}
