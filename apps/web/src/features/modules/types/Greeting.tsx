import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { SpacedText } from '../../../components/SpacedText';
import { useModuleContext } from '../context';
import { dataString, type ModuleProps } from '../types';

/**
 * Greeting (spec 2.4): the page's welcome, data.label as its heading, greeting a signed-in visitor by
 * first name, and data.notes below it.
 */
export default function Greeting({ module }: ModuleProps) {
  const { appData } = useModuleContext();
  const label = dataString(module, 'label');
  const notes = dataString(module, 'notes');
  const firstName = appData.partner_user?.first_name.trim() || null;
  if (!label && !notes) return null;

  return (
    <Box sx={{ pt: 2 }}>
      {label && (
        <Typography component="h2" variant="h5" sx={{ fontWeight: 600 }}>
          {firstName && (
            <Typography
              component="span"
              variant="subtitle1"
              sx={{ display: 'block', color: 'text.secondary' }}
            >
              Hi {firstName},{' '}
            </Typography>
          )}
          {label}
        </Typography>
      )}
      <SpacedText text={notes} component="p" className="tp-secondary" style={{ marginTop: label ? 8 : 0 }} />
    </Box>
  );
}
