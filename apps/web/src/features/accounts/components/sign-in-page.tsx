import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { Anchor, Button, Checkbox, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { WebPortalLoginRequestSchema } from '@clearspeak/contract';
import { AuthLayout } from '@/components/ui/auth-layout';
import { ErrorAlert } from '@/components/ui/error-alert';
import { PasswordField } from '@/components/ui/password-field';
import { ApiError, errorMessage } from '@/lib/api';
import { useAuthConfig } from '../api/get-auth-config';
import { useSignIn } from '../api/sign-in';
import { useCompleteSignIn } from '../hooks/use-complete-sign-in';
import { CaptchaField } from './captcha-field';
import { SocialSignIn } from './social-sign-in';

// The contract's own email/password rules, so the form says what the server says (accounts §5).
const SignInFormSchema = WebPortalLoginRequestSchema.pick({ email: true, password: true }).extend({
  remember_me: z.boolean(),
});

/**
 * `/` and `/signin` (spec: accounts §2 Login, §4 Login states). On success the session is
 * stored and the router shows the page the visitor wanted (see app/guards).
 */
export function SignInPage() {
  const signIn = useSignIn();
  const completeSignIn = useCompleteSignIn();
  const authConfig = useAuthConfig();
  const [error, setError] = useState<string | null>(null);
  const [isCaptchaRequired, setCaptchaRequired] = useState(false);
  const [captchaAttempt, setCaptchaAttempt] = useState(0);
  const [captchaSolution, setCaptchaSolution] = useState<string | null>(null);
  const [isCompleting, setCompleting] = useState(false);

  const form = useForm({
    resolver: zodResolver(SignInFormSchema),
    defaultValues: { email: '', password: '', remember_me: false },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      const result = await signIn.mutateAsync({
        email: values.email,
        password: values.password,
        remember_me: values.remember_me,
        ...(isCaptchaRequired && captchaSolution
          ? { 'g-recaptcha-response': captchaSolution }
          : {}),
      });
      setCompleting(true);
      await completeSignIn(result.data, { remember: values.remember_me });
    } catch (caught) {
      setCompleting(false);
      setError(errorMessage(caught));
      if (caught instanceof ApiError && caught.showCaptcha) {
        setCaptchaRequired(true);
        // A solved challenge is used up by the refused attempt; fetch a new one.
        setCaptchaAttempt((n) => n + 1);
        setCaptchaSolution(null);
      }
    }
  });

  const onSocialSession = async (session: Parameters<typeof completeSignIn>[0]) => {
    setCompleting(true);
    await completeSignIn(session, { remember: form.getValues('remember_me') });
  };

  return (
    <AuthLayout title="Sign in">
      <SocialSignIn mode="signin" onSession={onSocialSession} onError={setError} />
      <form noValidate onSubmit={onSubmit} aria-label="Sign in">
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
            autoComplete="current-password"
            {...form.register('password')}
            error={errors.password?.message}
          />
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Checkbox label="Remember me" {...form.register('remember_me')} />
            <Anchor component={RouterLink} to="/forgot-password" fw={500}>
              Forgot Password?
            </Anchor>
          </Group>
          {isCaptchaRequired && (
            <CaptchaField
              kind={authConfig.data?.captcha ?? 'altcha'}
              recaptchaSiteKey={authConfig.data?.recaptcha_site_key ?? null}
              attempt={captchaAttempt}
              onSolved={setCaptchaSolution}
            />
          )}
          <Button type="submit" loading={signIn.isPending || isCompleting} fullWidth size="lg">
            Sign in
          </Button>
        </Stack>
      </form>
      <Text ta="center">
        New to ClearSpeak?{' '}
        <Anchor component={RouterLink} to="/signup" fw={600}>
          Create an account
        </Anchor>
      </Text>
    </AuthLayout>
  );
}
