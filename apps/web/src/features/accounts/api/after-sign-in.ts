import { addKartraTag, updateTerms } from '@clearspeak/contract';
import { call } from '@/lib/api';

/** The CRM tag sent on every login (spec: accounts §4 "On login a tag call is sent"). */
export const LOGIN_TAG = 'web-login';

export function tagLogin() {
  return call(addKartraTag, { 'user-tag': LOGIN_TAG });
}

/** spec: accounts §4 — on first login the terms are accepted automatically. */
export function acceptTerms() {
  return call(updateTerms, { terms_checked: true });
}
