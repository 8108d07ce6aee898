const DATE = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric' });

/** A server timestamp as the learner's calendar day ("November 21, 2026"); '' when unreadable. */
export function formatFeedbackDate(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : DATE.format(date);
}

/** A star row's accessible name: "Pronunciation: 4 out of 5 stars". */
export function starsLabel(factorName: string, score: number): string {
  return `${factorName}: ${score} out of 5 ${score === 1 ? 'star' : 'stars'}`;
}
