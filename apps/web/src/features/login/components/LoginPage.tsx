import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { LOGIN_NOT_FOUND_MESSAGE } from '@trailpass/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Image } from '../../../components/Image';
import { isApiError } from '../../../lib/api-client';
import { AppLink, useAppNavigate } from '../../../lib/navigation';
import { dataQueryKey, loginMedia, passName, useAppData } from '../../app-data';
import { useLogin } from '../api/login';
import { type LoginFormInput, type LoginFormValues, loginFormSchema } from './login-form';

function failureMessage(error: unknown): string {
  if (isApiError(error, 404)) return LOGIN_NOT_FOUND_MESSAGE;
  if (isApiError(error, 429)) return 'Too many attempts. Please wait a moment and try again.';
  if (isApiError(error, 403)) return 'This link cannot be used to sign in.';
  return 'We could not sign you in right now. Please try again.';
}

/** Spec 2.13: Pass Login. */
export default function LoginPage() {
  const { data } = useAppData();
  const queryClient = useQueryClient();
  const navigate = useAppNavigate();
  const login = useLogin();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isValid, isSubmitting },
  } = useForm<LoginFormInput, unknown, LoginFormValues>({
    resolver: zodResolver(loginFormSchema),
    mode: 'all',
    defaultValues: { email: '' },
  });

  const media = data ? loginMedia(data) : { background: null, logo: null };
  const name = data ? passName(data) : 'Trailpass';

  const onSubmit = handleSubmit(async ({ email }) => {
    setFailure(null);
    try {
      await login.mutateAsync({ email });
    } catch (error) {
      const fieldMessage = isApiError(error, 400) ? error.fields?.email : undefined;
      if (fieldMessage) setError('email', { type: 'server', message: fieldMessage });
      else setFailure(failureMessage(error));
      return;
    }
    // The session now has a pass holder: reload the initial data, then go to Experiences.
    await queryClient.refetchQueries({ queryKey: dataQueryKey() });
    navigate('Experiences', { replace: true });
  });

  const emailField = register('email', { onChange: () => setFailure(null) });
  const emailError = errors.email?.message;

  return (
    <Box
      sx={{
        minHeight: '100dvh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        p: 2,
        bgcolor: 'grey.100',
        backgroundImage: media.background ? `url("${encodeURI(media.background)}")` : undefined,
        backgroundSize: 'cover',
        backgroundPosition: 'center',
      }}
    >
      <Paper elevation={3} sx={{ width: '100%', maxWidth: 400, p: 3, borderRadius: 2 }}>
        <Box sx={{ display: 'flex', justifyContent: 'center', mb: 2 }}>
          {media.logo ? (
            <Image
              src={media.logo}
              alt={`${name} logo`}
              loading="eager"
              sx={{ maxHeight: 64, maxWidth: '100%', objectFit: 'contain' }}
            />
          ) : (
            <Typography component="p" variant="h6">
              {name}
            </Typography>
          )}
        </Box>
        <Typography component="h1" variant="h5" sx={{ textAlign: 'center', fontWeight: 600, mb: 2 }}>
          Pass Login
        </Typography>
        <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'grid', gap: 2 }}>
          {failure && <Alert severity="error">{failure}</Alert>}
          <TextField
            {...emailField}
            id="login-email"
            label="Email"
            type="email"
            autoComplete="email"
            inputMode="email"
            fullWidth
            error={Boolean(emailError)}
            helperText={emailError ?? ' '}
            slotProps={{ htmlInput: { 'aria-required': true, spellCheck: false, autoCapitalize: 'none' } }}
          />
          <Button
            type="submit"
            variant="contained"
            size="large"
            fullWidth
            disabled={!isValid}
            loading={isSubmitting}
          >
            Access Your Pass
          </Button>
        </Box>
        {/* Spec 6: Common Questions stay open to a visitor who is not signed in. */}
        <Link component={AppLink} to="CommonQuestions" sx={{ display: 'inline-block', mt: 2, py: 1.5 }}>
          Common Questions
        </Link>
      </Paper>
    </Box>
  );
}
