import { describe, expect, it } from 'vitest';
import { headerFor } from './page-titles';

describe('header titles', () => {
  it.each([
    ['/modules', 'Modules', 'none'],
    ['/modules/3', 'Modules', 'back'],
    ['/initialAssessment', 'Fluency Assessment', 'close'],
    ['/fluency', 'Fluency Assessment', 'back'],
    ['/notifications', 'Notifications', 'back'],
    ['/notifications/12', 'Notifications', 'back'],
    ['/checkout', 'Checkout', 'close'],
    ['/subscription', 'Subscription', 'back'],
    ['/profile', 'Profile', 'none'],
    ['/changePassword', 'Change Password', 'back'],
    ['/settings', 'Settings', 'back'],
    ['/invitation', 'Invitation', 'back'],
    ['/billingInfo', 'Billing Info', 'back'],
    ['/purchases/5', 'Billing Info', 'back'],
    ['/user_activity', 'Activities', 'back'],
    ['/dictionary', 'Dictionary', 'none'],
    ['/dictionary/search', 'Dictionary', 'back'],
    ['/my-lessons', 'My Lessons', 'back'],
  ])('%s is titled %s with %s', (path, title, leading) => {
    expect(headerFor(path)).toMatchObject({ title, leading });
  });

  it('sends Billing Info back to the profile (spec: accounts §2)', () => {
    expect(headerFor('/billingInfo').backTo).toBe('/profile');
  });

  it('names an unknown page honestly', () => {
    expect(headerFor('/nowhere').title).toBe('Page not found');
  });
});
