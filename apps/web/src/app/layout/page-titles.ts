import { matchPath } from 'react-router';

export type Leading = 'none' | 'back' | 'close';

export interface PageHeader {
  title: string;
  /** Back arrow for pages below a section, close icon for flows one leaves (checkout, assessment). */
  leading: Leading;
  /** Where back/close goes; explicit so a page opened from a link never leaves the app. */
  backTo?: string;
}

// spec: accounts §2 and learning-experience §2 — every header title of both documents.
// The first matching pattern wins, so more specific paths come first.
const PAGES: readonly (PageHeader & { pattern: string })[] = [
  { pattern: '/modules', title: 'Modules', leading: 'none' },
  { pattern: '/modules/*', title: 'Modules', leading: 'back', backTo: '/modules' },
  { pattern: '/my-lessons', title: 'My Lessons', leading: 'back', backTo: '/modules' },
  {
    pattern: '/initialAssessment',
    title: 'Fluency Assessment',
    leading: 'close',
    backTo: '/modules',
  },
  { pattern: '/fluency', title: 'Fluency Assessment', leading: 'back', backTo: '/modules' },
  { pattern: '/notifications', title: 'Notifications', leading: 'back', backTo: '/modules' },
  {
    pattern: '/notifications/:id',
    title: 'Notifications',
    leading: 'back',
    backTo: '/notifications',
  },
  { pattern: '/checkout', title: 'Checkout', leading: 'close', backTo: '/subscription' },
  { pattern: '/confirm', title: 'Checkout', leading: 'close', backTo: '/modules' },
  { pattern: '/subscription', title: 'Subscription', leading: 'back', backTo: '/settings' },
  { pattern: '/profile', title: 'Profile', leading: 'none' },
  { pattern: '/changePassword', title: 'Change Password', leading: 'back', backTo: '/profile' },
  { pattern: '/settings', title: 'Settings', leading: 'back', backTo: '/profile' },
  { pattern: '/invitation', title: 'Invitation', leading: 'back', backTo: '/profile' },
  // spec: accounts §2 — "/billingInfo (back goes to /profile)".
  { pattern: '/billingInfo', title: 'Billing Info', leading: 'back', backTo: '/profile' },
  { pattern: '/purchases/:id', title: 'Billing Info', leading: 'back', backTo: '/billingInfo' },
  { pattern: '/user_activity', title: 'Activities', leading: 'back', backTo: '/settings' },
  { pattern: '/dictionary', title: 'Dictionary', leading: 'none' },
  { pattern: '/dictionary/*', title: 'Dictionary', leading: 'back', backTo: '/dictionary' },
];

const NOT_FOUND: PageHeader = { title: 'Page not found', leading: 'back', backTo: '/modules' };

export function headerFor(pathname: string): PageHeader {
  for (const page of PAGES) {
    if (matchPath({ path: page.pattern, end: true, caseSensitive: true }, pathname)) {
      const { pattern: _pattern, ...header } = page;
      return header;
    }
  }
  return NOT_FOUND;
}
