import { RingProgress, Text } from '@mantine/core';

/**
 * A score as a number in a ring filled score / max (spec: learning §9 "ring fill is the score
 * out of 100").
 */
export function ScoreRing({
  score,
  max = 100,
  size = 120,
  label,
}: {
  score: number;
  max?: number;
  size?: number;
  /** Accessible name, e.g. "Module score". */
  label: string;
}) {
  const fillPct = Math.max(0, Math.min(100, (score / max) * 100));
  const shown = Number.isInteger(score) ? String(score) : score.toFixed(1);
  return (
    <RingProgress
      size={size}
      thickness={size / 10}
      roundCaps={fillPct > 0}
      role="img"
      aria-label={`${label}: ${shown} out of ${max}`}
      data-fill-pct={fillPct}
      sections={[{ value: fillPct, color: 'brand' }]}
      label={
        <Text ta="center" fw={700} fz={size / 4.5} aria-hidden>
          {shown}
        </Text>
      }
    />
  );
}
