import { useState } from 'react';
import { Alert, Button, Paper, Stack, Text } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { IconCircleCheck } from '@tabler/icons-react';
import { updatePassword as updatePasswordRoute } from '@clearspeak/contract';
import { ErrorAlert } from '@/components/ui/error-alert';
import { PasswordField } from '@/components/ui/password-field';
import { errorMessage } from '@/lib/api';
import { useUpdatePassword } from '../api/update-password';

/**
 * `/changePassword` (spec: accounts §2 Profile): old, new and confirm. The server decides
 * what is valid (accounts §5 "no client rule shown") and its message is shown either way.
 */
export function ChangePasswordPage() {
  const update = useUpdatePassword();
  const [result, setResult] = useState<{ isError: boolean; message: string } | null>(null);
  const form = useForm({
    resolver: zodResolver(updatePasswordRoute.request),
    defaultValues: { old_password: '', new_password: '', new_password_confirmation: '' },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    setResult(null);
    try {
      const response = await update.mutateAsync(values);
      setResult({ isError: false, message: response.message });
      form.reset();
    } catch (caught) {
      setResult({ isError: true, message: errorMessage(caught) });
    }
  });

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} maw={480}>
      <form noValidate onSubmit={onSubmit} aria-label="Change Password">
        <Stack gap="md">
          <Text c="gray.7">Choose a new password for your account.</Text>
          {result?.isError && <ErrorAlert message={result.message} />}
          {result && !result.isError && (
            <Alert color="green" variant="light" icon={<IconCircleCheck size={20} />}>
              {result.message}
            </Alert>
          )}
          <PasswordField
            label="Old password"
            autoComplete="current-password"
            {...form.register('old_password')}
          />
          <PasswordField
            label="New password"
            autoComplete="new-password"
            {...form.register('new_password')}
          />
          <PasswordField
            label="Confirm new password"
            autoComplete="new-password"
            {...form.register('new_password_confirmation')}
          />
          <Button type="submit" loading={update.isPending} size="lg">
            Change Password
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
