// spec: learning-experience §4 Score colour and §9 Business constants.

export type Tone = 'red' | 'orange' | 'yellow' | 'green' | 'gray';

/** Module card score: 0 grey, under 70 red, 70–89 yellow, 90 or more green (§4, §9: 70 and 90). */
export function moduleScoreTone(score: number): Tone {
  if (score <= 0) return 'gray';
  if (score < 70) return 'red';
  if (score < 90) return 'yellow';
  return 'green';
}

/** Phone score on the 0–3 scale: at most 1.5 red, up to 2 orange, above 2 green (§9). */
export function phoneScoreTone(score: number): Tone {
  if (score <= 1.5) return 'red';
  if (score <= 2) return 'orange';
  return 'green';
}

/** Fluency word score: below 70 red, 70 or more green (§9). */
export function fluencyWordTone(score: number): Tone {
  return score < 70 ? 'red' : 'green';
}

/** Letter bar height as a percentage: the score out of 3 (§9). */
export function letterBarHeightPct(score: number): number {
  return Math.max(0, Math.min(100, (score / 3) * 100));
}

/** Listen-and-choose default score: 10 × correct / total (§9), rounded to one decimal. */
export function listenChooseScore(correct: number, total: number): number {
  if (total <= 0) return 0;
  return Math.round(((10 * correct) / total) * 10) / 10;
}

/** CSS colour of a tone, from Mantine's palette (orange and yellow darkened for contrast on white). */
export function toneColor(tone: Tone): string {
  switch (tone) {
    case 'red':
      return 'var(--mantine-color-red-7)';
    case 'orange':
      return 'var(--mantine-color-orange-7)';
    case 'yellow':
      return 'var(--mantine-color-yellow-8)';
    case 'green':
      return 'var(--mantine-color-green-8)';
    case 'gray':
      return 'var(--mantine-color-gray-6)';
  }
}
