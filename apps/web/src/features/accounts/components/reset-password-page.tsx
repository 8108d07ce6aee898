import { useEffect, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { IconCircleCheck } from '@tabler/icons-react';
import {
  MESSAGES,
  NewPasswordSchema,
  resetPassword as resetPasswordRoute,
} from '@clearspeak/contract';
import { AuthLayout } from '@/components/ui/auth-layout';
import { ErrorAlert } from '@/components/ui/error-alert';
import { PasswordField } from '@/components/ui/password-field';
import { ApiError, errorMessage } from '@/lib/api';
import { useRequestPasswordReset } from '../api/forgot-password';
import { useResetPassword } from '../api/reset-password';

// spec: accounts §5 Reset — the code rule is the contract's (`Enter your OTP.`).
const ResetFormSchema = z
  .object({
    otp: resetPasswordRoute.request.shape.otp,
    newPassword: NewPasswordSchema,
    confirmPassword: z.string().min(1, MESSAGES.reenterRequired),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: MESSAGES.passwordsMustMatch,
    path: ['confirmPassword'],
  });

/** spec: accounts §4 — the success message stays 1.5 s, then sign-in. */
export const RESET_SUCCESS_DELAY_MS = 1500;

/** `/reset-password` (spec: accounts §2): needs the email in navigation state. */
export function ResetPasswordPage() {
  const location = useLocation();
  const state = z.object({ email: z.string().min(1) }).safeParse(location.state);
  if (!state.success) return <Navigate to="/forgot-password" replace />;
  return <ResetForm email={state.data.email} />;
}

function ResetForm({ email }: { email: string }) {
  const navigate = useNavigate();
  const reset = useResetPassword();
  const resend = useRequestPasswordReset();
  const [error, setError] = useState<string | null>(null);
  const [isDone, setDone] = useState(false);
  const form = useForm({
    resolver: zodResolver(ResetFormSchema),
    defaultValues: { otp: '', newPassword: '', confirmPassword: '' },
  });
  const { errors } = form.formState;

  useEffect(() => {
    if (!isDone) return;
    const timer = setTimeout(
      () => void navigate('/signin', { replace: true }),
      RESET_SUCCESS_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [isDone, navigate]);

  const onSubmit = form.handleSubmit(async ({ otp, newPassword }) => {
    setError(null);
    try {
      await reset.mutateAsync({ email, otp, newPassword });
      setDone(true);
    } catch (caught) {
      // spec: accounts §8 — a refused code reads "Invalid OTP" unless the server says more.
      setError(
        caught instanceof ApiError &&
          caught.status >= 400 &&
          caught.status < 500 &&
          caught.message === MESSAGES.generic
          ? MESSAGES.invalidOtp
          : errorMessage(caught),
      );
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

  if (isDone) {
    return (
      <AuthLayout title="Reset your password">
        <Alert color="green" variant="light" icon={<IconCircleCheck size={20} />}>
          {MESSAGES.passwordReset}
        </Alert>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Reset your password">
      <Text>
        Enter the code we sent to <strong>{email}</strong> and choose a new password.
      </Text>
      <form noValidate onSubmit={onSubmit} aria-label="Reset your password">
        <Stack gap="md">
          {error && <ErrorAlert message={error} />}
          <TextInput
            label="Code"
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={12}
            {...form.register('otp')}
            error={errors.otp?.message}
          />
          <PasswordField
            label="New password"
            autoComplete="new-password"
            {...form.register('newPassword')}
            error={errors.newPassword?.message}
          />
          <PasswordField
            label="Re-enter password"
            autoComplete="new-password"
            {...form.register('confirmPassword')}
            error={errors.confirmPassword?.message}
          />
          <Group grow wrap="wrap">
            <Button type="submit" loading={reset.isPending} size="lg">
              Reset Password
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
