import { useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { OtpSchema } from '@clearspeak/contract';
import { AuthLayout } from '@/components/ui/auth-layout';
import { ErrorAlert } from '@/components/ui/error-alert';
import { errorMessage } from '@/lib/api';
import { clearAnonymousId } from '@/lib/anonymous-id';
import { signIn } from '../api/sign-in';
import { useResendOtp } from '../api/resend-otp';
import { useVerifyEmail } from '../api/verify-email';
import { useCompleteSignIn } from '../hooks/use-complete-sign-in';
import { firstLoginPath } from '../api/first-login-path';

const VerificationFormSchema = z.object({ otp: OtpSchema });

const CredentialsSchema = z.object({ email: z.string().min(1), password: z.string().min(1) });

/**
 * `/email-verification` (spec: accounts §2, §4): needs the email and password of the
 * sign-up in navigation state, so a verified learner is signed in without typing them again.
 */
export function EmailVerificationPage() {
  const location = useLocation();
  const credentials = CredentialsSchema.safeParse(location.state);
  if (!credentials.success) return <Navigate to="/signup" replace />;
  return <VerificationForm email={credentials.data.email} password={credentials.data.password} />;
}

function VerificationForm({ email, password }: { email: string; password: string }) {
  const navigate = useNavigate();
  const verify = useVerifyEmail();
  const resend = useResendOtp();
  const completeSignIn = useCompleteSignIn();
  const [error, setError] = useState<string | null>(null);
  const [isSigningIn, setSigningIn] = useState(false);
  const form = useForm({
    resolver: zodResolver(VerificationFormSchema),
    defaultValues: { otp: '' },
  });

  const onSubmit = form.handleSubmit(async ({ otp }) => {
    setError(null);
    try {
      await verify.mutateAsync({ email, otp });
      setSigningIn(true);
      const session = await signIn({ email, password });
      clearAnonymousId();
      await completeSignIn(session.data, { remember: false });
      // spec: accounts §4 — on first login the AI feedback notification opens if it exists.
      await navigate(await firstLoginPath(), { replace: true, state: { firstLogin: true } });
    } catch (caught) {
      setSigningIn(false);
      setError(errorMessage(caught));
    }
  });

  const onResend = async () => {
    setError(null);
    try {
      const result = await resend.mutateAsync(email);
      notifications.show({ color: 'brand', message: result.message });
    } catch (caught) {
      setError(errorMessage(caught));
    }
  };

  return (
    <AuthLayout title="Verify your email">
      <Text>
        We sent a 6-digit code to <strong>{email}</strong>. It is valid for 10 minutes.
      </Text>
      <form noValidate onSubmit={onSubmit} aria-label="Verify your email">
        <Stack gap="md">
          {error && <ErrorAlert message={error} />}
          <TextInput
            label="Verification code"
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={12}
            {...form.register('otp')}
            error={form.formState.errors.otp?.message}
          />
          <Group grow wrap="wrap">
            <Button type="submit" loading={verify.isPending || isSigningIn} size="lg">
              Verify
            </Button>
            <Button
              variant="default"
              size="lg"
              onClick={() => void onResend()}
              loading={resend.isPending}
            >
              Resend
            </Button>
          </Group>
        </Stack>
      </form>
    </AuthLayout>
  );
}
