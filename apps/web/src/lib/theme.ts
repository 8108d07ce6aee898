import { createTheme, type MantineColorsTuple } from '@mantine/core';

// A calm teal: readable on white (button text passes WCAG AA on shade 7) and not alarming
// next to the red used for errors.
const brand: MantineColorsTuple = [
  '#e6fbf7',
  '#d3f3ed',
  '#a8e6da',
  '#79d8c6',
  '#53ccb5',
  '#3bc5aa',
  '#2bc1a5',
  '#19aa90',
  '#0f766e',
  '#005c55',
];

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: 8,
  colors: { brand },
  defaultRadius: 'md',
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '650' },
  // Phone-first: inputs and buttons default to the larger size (>= 42 px touch targets).
  components: {
    Button: { defaultProps: { size: 'md' } },
    TextInput: { defaultProps: { size: 'md' } },
    PasswordInput: { defaultProps: { size: 'md' } },
    Checkbox: { defaultProps: { size: 'md' } },
    ActionIcon: { defaultProps: { size: 'xl' } },
    // Dialog titles read as headings ('Coaching limit reached', 'Practice again?'), not as body text.
    Modal: { styles: { title: { fontWeight: 650, fontSize: 'var(--mantine-font-size-lg)' } } },
  },
  focusRing: 'auto',
});
