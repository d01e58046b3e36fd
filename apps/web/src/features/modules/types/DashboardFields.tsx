import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import { userLocale } from '../../../lib/distance';
import { fieldValue, moduleFields } from '../components/fields';
import { TitledSection } from '../components/TitledSection';
import { useModuleContext } from '../context';
import { type ModuleProps, moduleLabel } from '../types';

/** Spec 2.4 DashboardFields: label and value pairs (points, next expiry, the user's own fields). */
export default function DashboardFields({ module }: ModuleProps) {
  const { appData } = useModuleContext();
  const fields = moduleFields(module);
  if (fields.length === 0) return null;
  const locale = userLocale();
  return (
    <TitledSection title={moduleLabel(module)}>
      <Paper variant="outlined" sx={{ px: 2, py: 1 }}>
        <Box
          component="dl"
          sx={{
            m: 0,
            display: 'grid',
            gridTemplateColumns: 'minmax(0, 1fr) auto',
            columnGap: 2,
            rowGap: 1,
            typography: 'body2',
            '& dt': { color: 'text.secondary' },
            '& dd': { m: 0, fontWeight: 600, textAlign: 'right' },
          }}
        >
          {fields.map((field, position) => (
            // Fields never move within a module; two may share a label, so their place is the key.
            // biome-ignore lint/suspicious/noArrayIndexKey: fixed order, nothing is inserted or removed
            <Box key={position} sx={{ display: 'contents' }}>
              <dt>{field.label}</dt>
              <dd>{fieldValue(field, appData, locale)}</dd>
            </Box>
          ))}
        </Box>
      </Paper>
    </TitledSection>
  );
}
