import { useEffect, useState } from 'react';
import { Text } from '@mantine/core';
import { TIP_CHAR_MS, TIP_PAUSE_MS } from '../lib/messages';

/**
 * The waiting screen's rotating tips (spec: accounts §4): each tip is typed at 100 ms per
 * character; 5 s after it is complete the next one starts (wrapping round).
 */
export function TypingTips({ tips }: { tips: readonly string[] }) {
  const [tipIndex, setTipIndex] = useState(0);
  const [shownChars, setShownChars] = useState(0);
  const tip = tips[tipIndex % Math.max(1, tips.length)] ?? '';

  useEffect(() => {
    if (tips.length === 0) return undefined;
    if (shownChars < tip.length) {
      const timer = setTimeout(() => setShownChars((n) => n + 1), TIP_CHAR_MS);
      return () => clearTimeout(timer);
    }
    const timer = setTimeout(() => {
      setTipIndex((i) => (i + 1) % tips.length);
      setShownChars(0);
    }, TIP_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [shownChars, tip, tips.length]);

  if (tips.length === 0) return null;
  // The whole tip is the accessible name: a screen reader hears it once, not letter by letter.
  return (
    <Text role="note" aria-label={tip} size="lg" ta="center" mih="3.5em">
      {tip.slice(0, shownChars)}
    </Text>
  );
}
