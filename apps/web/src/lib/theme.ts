import {
  createTheme,
  defaultVariantColorsResolver,
  type MantineColorsTuple,
  type VariantColorsResolver,
} from '@mantine/core';

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

// Light variants (badges such as 'In progress' and 'Completed', light alerts) put shade 9 text on
// a pale background: for yellow and green that is 2.7:1 and 3.8:1, below WCAG AA for their small
// bold text. These darker texts give 6.7:1 and 5.7:1.
const DARK_LIGHT_TEXT: Record<string, string> = { yellow: '#7a4a00', green: '#1e6b30' };

const variantColorResolver: VariantColorsResolver = (input) => {
  const colors = defaultVariantColorsResolver(input);
  const dark = input.variant === 'light' && input.color ? DARK_LIGHT_TEXT[input.color] : undefined;
  return dark ? { ...colors, color: dark, hoverColor: dark } : colors;
};

export const theme = createTheme({
  variantColorResolver,
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
    // Mantine's default (200) lifts a list row's unread dot above the toasts (z-index 90, under
    // the header); above its own avatar or icon is all an indicator needs.
    Indicator: { defaultProps: { zIndex: 1 } },
    // Menu rows ('See all notifications', the push prompt) are 40 px touch targets (Mantine: 34).
    Menu: { styles: { item: { minHeight: 40 } } },
    // Dialog titles read as headings ('Coaching limit reached', 'Practice again?'), not as body text.
    Modal: { styles: { title: { fontWeight: 650, fontSize: 'var(--mantine-font-size-lg)' } } },
  },
  focusRing: 'auto',
});
