import { describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { TypingTips } from './typing-tips';

const FIRST = 'Hang Tight!...';
const SECOND = 'Breathe.';

function shown() {
  return screen.getByRole('note').textContent;
}

/** Millisecond by millisecond, so each timer the component sets after a render also runs. */
function advance(ms: number) {
  for (let i = 0; i < ms; i += 1) {
    act(() => {
      vi.advanceTimersByTime(1);
    });
  }
}

describe('waiting tips (spec: accounts §4)', () => {
  it('types each tip at 100 ms per character and starts the next one 5 s after it is complete', () => {
    vi.useFakeTimers();
    render(
      <MantineProvider>
        <TypingTips tips={[FIRST, SECOND]} />
      </MantineProvider>,
    );
    expect(shown()).toBe('');
    // The whole tip is the accessible name from the start.
    expect(screen.getByRole('note', { name: FIRST })).toBeInTheDocument();
    advance(100);
    expect(shown()).toBe('H');
    advance(399);
    expect(shown()).toBe('Hang');
    advance(1);
    expect(shown()).toBe('Hang ');
    advance(100 * (FIRST.length - 5));
    expect(shown()).toBe(FIRST);

    // Complete: it stays for 5 s, then the next tip starts typing.
    advance(4999);
    expect(shown()).toBe(FIRST);
    advance(1);
    expect(screen.getByRole('note', { name: SECOND })).toHaveTextContent('');
    advance(300);
    expect(shown()).toBe('Bre');
    advance(100 * (SECOND.length - 3) + 5000);
    // After the last tip the first comes back.
    expect(screen.getByRole('note', { name: FIRST })).toBeInTheDocument();
  });
});
