import { Group, Rating, SimpleGrid, Text } from '@mantine/core';
import { FEEDBACK_FACTORS, FEEDBACK_FACTOR_NAMES, type FeedbackFactor } from '@clearspeak/contract';

/** 1–5 stars for each scoring factor (issue 5: pronunciation, fluency, intonation, stress). */
export function FactorRatings({
  scores,
  onChange,
  readOnly = false,
}: {
  scores: Partial<Record<FeedbackFactor, number>>;
  onChange?: (factor: FeedbackFactor, stars: number) => void;
  readOnly?: boolean;
}) {
  return (
    <SimpleGrid cols={1} spacing={6}>
      {FEEDBACK_FACTORS.map((factor) => {
        const name = FEEDBACK_FACTOR_NAMES[factor];
        const stars = scores[factor];
        return (
          <Group key={factor} justify="space-between" wrap="nowrap" gap="sm" role="group" aria-label={name}>
            <Text fw={600} size="sm">
              {name}
            </Text>
            <Group gap={6} wrap="nowrap">
              <Rating
                value={stars ?? 0}
                onChange={(value) => onChange?.(factor, value)}
                readOnly={readOnly}
                size="md"
                name={`coach-stars-${factor}`}
                getSymbolLabel={(value) => `${name}: ${value} ${value === 1 ? 'star' : 'stars'}`}
              />
              <Text size="xs" c="gray.7" w={24} ta="right" aria-hidden>
                {stars ? `${stars}/5` : '–'}
              </Text>
            </Group>
          </Group>
        );
      })}
    </SimpleGrid>
  );
}
