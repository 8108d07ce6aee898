/**
 * The anonymous visitor id of the fluency assessment (spec: accounts §3 "Anonymous visitor"):
 * obtained from the server by the assessment screens, sent with register and social sign-in
 * so the visitor's recordings follow them, and removed after registration or verification.
 */
const KEY = 'anonymousUserId';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function getAnonymousId(): string | undefined {
  const value = localStorage.getItem(KEY);
  return value !== null && UUID.test(value) ? value : undefined;
}

export function setAnonymousId(value: string): void {
  localStorage.setItem(KEY, value);
}

export function clearAnonymousId(): void {
  localStorage.removeItem(KEY);
}
