import { useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { EmailSchema } from '@clearspeak/contract';
import { AuthLayout } from '@/components/ui/auth-layout';
import { ErrorAlert } from '@/components/ui/error-alert';
import { errorMessage } from '@/lib/api';
import { useRequestPasswordReset } from '../api/forgot-password';

const ForgotPasswordFormSchema = z.object({ email: EmailSchema });

function emailFromState(state: unknown): string {
  const parsed = z.object({ email: z.string() }).safeParse(state);
  return parsed.success ? parsed.data.email : '';
}

/** `/forgot-password` (spec: accounts §2): one email field, "Send Verification Code". */
export function ForgotPasswordPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const request = useRequestPasswordReset();
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    resolver: zodResolver(ForgotPasswordFormSchema),
    // Arriving from the sign-up 409 dialog, the email is already known.
    defaultValues: { email: emailFromState(location.state) },
  });

  const onSubmit = form.handleSubmit(async ({ email }) => {
    setError(null);
    try {
      await request.mutateAsync(email);
      await navigate('/reset-password', { state: { email } });
    } catch (caught) {
      setError(errorMessage(caught));
    }
  });

  return (
    <AuthLayout title="Forgot your password?">
      <Text>
        Enter the email of your account. We will send you a code to choose a new password.
      </Text>
      <form noValidate onSubmit={onSubmit} aria-label="Forgot your password?">
        <Stack gap="md">
          {error && <ErrorAlert message={error} />}
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            inputMode="email"
            {...form.register('email')}
            error={form.formState.errors.email?.message}
          />
          <Button type="submit" loading={request.isPending} fullWidth size="lg">
            Send Verification Code
          </Button>
        </Stack>
      </form>
      <Text ta="center">
        <Anchor component={RouterLink} to="/signin" fw={600}>
          Back to sign in
        </Anchor>
      </Text>
    </AuthLayout>
  );
}
