import { forwardRef, useState } from 'react';
import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { IconEye, IconEyeOff } from '@tabler/icons-react';

/**
 * A password input with the show/hide eye (spec: accounts §2 Login). The eye is a real,
 * focusable button whose name says what it will do.
 */
export const PasswordField = forwardRef<HTMLInputElement, PasswordInputProps>(
  function PasswordField(props, ref) {
    const [visible, setVisible] = useState(false);
    return (
      <PasswordInput
        ref={ref}
        visible={visible}
        onVisibilityChange={setVisible}
        visibilityToggleFocusable
        visibilityToggleButtonProps={{ 'aria-label': visible ? 'Hide password' : 'Show password' }}
        visibilityToggleIcon={({ reveal }) =>
          reveal ? <IconEyeOff size={20} /> : <IconEye size={20} />
        }
        {...props}
      />
    );
  },
);
