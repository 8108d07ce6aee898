import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { Anchor, Button, List, Stack, Text, TextInput, ThemeIcon } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { IconCheck } from '@tabler/icons-react';
import {
  EmailSchema,
  NewPasswordSchema,
  PRODUCT_NAME,
  PasswordSchema,
  ROLE,
  alreadyRegisteredMessage,
  type Session,
} from '@clearspeak/contract';
import { AuthLayout } from '@/components/ui/auth-layout';
import { ErrorAlert } from '@/components/ui/error-alert';
import { PasswordField } from '@/components/ui/password-field';
import { ApiError, errorMessage } from '@/lib/api';
import { clearAnonymousId, getAnonymousId } from '@/lib/anonymous-id';
import { useRegister } from '../api/register';
import { useCompleteSignIn } from '../hooks/use-complete-sign-in';
import { SocialSignIn } from './social-sign-in';
import { firstLoginPath } from '../api/first-login-path';

// spec: accounts §5 Signup — the login messages ("Enter your email id.", "Enter your
// password."), then the contract's strength rule for a new password.
const SignUpFormSchema = z.object({
  email: EmailSchema,
  password: PasswordSchema.pipe(NewPasswordSchema),
});

export function SignUpPage() {
  const navigate = useNavigate();
  const register = useRegister();
  const completeSignIn = useCompleteSignIn();
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    resolver: zodResolver(SignUpFormSchema),
    defaultValues: { email: '', password: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async ({ email, password }) => {
    setError(null);
    try {
      await register.mutateAsync({
        email,
        password,
        // spec: accounts §5 "password confirmation sent equal to password"
        password_confirmation: password,
        role_id: ROLE.learner,
        device_type: 'web',
        anonymousUserId: getAnonymousId(),
      });
      clearAnonymousId();
      await navigate('/email-verification', { state: { email, password } });
    } catch (caught) {
      if (caught instanceof ApiError && (caught.status === 409 || caught.errorCode === 409)) {
        // spec: accounts §8 Register 409 — offer to retrieve the password.
        modals.openConfirmModal({
          title: 'Email already registered',
          centered: true,
          children: <Text>{alreadyRegisteredMessage(PRODUCT_NAME)}</Text>,
          labels: { confirm: 'Yes', cancel: 'No' },
          onConfirm: () => void navigate('/forgot-password', { state: { email } }),
        });
        return;
      }
      setError(errorMessage(caught));
    }
  });

  // spec: accounts §4 — signing up lands on /modules/3 with the firstLogin flag.
  const onSocialSession = async (session: Session) => {
    await completeSignIn(session, { remember: false });
    // spec: accounts §4 — on first login the AI feedback notification opens if it exists.
    await navigate(await firstLoginPath(), { state: { firstLogin: true } });
  };

  return (
    <AuthLayout title="Create your account">
      <SocialSignIn mode="signup" onSession={onSocialSession} onError={setError} />
      <form noValidate onSubmit={onSubmit} aria-label="Create your account">
        <Stack gap="md">
          {error && <ErrorAlert message={error} />}
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            inputMode="email"
            {...form.register('email')}
            error={errors.email?.message}
          />
          <PasswordField
            label="Password"
            autoComplete="new-password"
            description="At least 8 characters."
            {...form.register('password')}
            error={errors.password?.message}
          />
          <Text size="sm" c="gray.7">
            By creating an account you agree to the {PRODUCT_NAME} Terms of Service and Privacy
            Policy.
          </Text>
          <Button type="submit" loading={register.isPending} fullWidth size="lg">
            Become a {PRODUCT_NAME}
          </Button>
        </Stack>
      </form>
      <List
        spacing="xs"
        size="sm"
        aria-label="About your membership"
        icon={
          <ThemeIcon size={22} radius="xl" variant="light">
            <IconCheck size={14} />
          </ThemeIcon>
        }
      >
        <List.Item>
          Your free membership includes a sample lesson and the fluency assessment.
        </List.Item>
        <List.Item>Full lessons and coaching from a human coach need a paid plan.</List.Item>
        <List.Item>We recommend 10 minutes of practice every day.</List.Item>
      </List>
      <Text ta="center">
        Already have an account?{' '}
        <Anchor component={RouterLink} to="/signin" fw={600}>
          Sign in
        </Anchor>
      </Text>
    </AuthLayout>
  );
}
