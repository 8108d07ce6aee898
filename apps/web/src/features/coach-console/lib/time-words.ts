/**
 * How long a request has waited, in words a coach scans quickly: '12 min', '3 h' (up to
 * 48 h, where hours matter against the 1–2 day promise), then '2 days'.
 */
export function formatWaiting(minutes: number): string {
  const safeMinutes = Math.max(0, Math.floor(minutes));
  if (safeMinutes < 1) return 'just now';
  if (safeMinutes < 60) return `${safeMinutes} min`;
  const hours = Math.floor(safeMinutes / 60);
  if (hours < 48) return `${hours} h`;
  const days = Math.floor(hours / 24);
  return `${days} days`;
}

/** Time spent on a review: '0:45', '12:05', '1:02:09'. */
export function formatClock(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const ss = s.toString().padStart(2, '0');
  return h > 0 ? `${h}:${m.toString().padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/** A coach's average handling time: '42 min', '1 h 5 min'; '—' before the first answer. */
export function formatAverageMinutes(minutes: number | null): string {
  if (minutes === null) return '—';
  const rounded = Math.round(minutes);
  if (rounded < 60) return `${rounded} min`;
  const h = Math.floor(rounded / 60);
  const m = rounded % 60;
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
}

/**
 * Seconds on a review so far: what earlier claims added (`time_spent_seconds`, stored when
 * a claim ends) plus the running claim since `claimed_at`.
 */
export function reviewSeconds(detail: { time_spent_seconds: number; claimed_at: string | null; status: string }, nowMs: number): number {
  if (detail.status !== 'claimed' || !detail.claimed_at) return detail.time_spent_seconds;
  const runningMs = nowMs - Date.parse(detail.claimed_at);
  return detail.time_spent_seconds + Math.max(0, Math.floor(runningMs / 1000));
}
