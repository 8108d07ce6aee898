import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ENV_VARS } from './env.ts';

// The README points newcomers at .env.example: it must name every variable the server reads.
describe('.env.example', () => {
  const text = readFileSync(fileURLToPath(new URL('../../../../.env.example', import.meta.url)), 'utf8');
  it.each(Object.keys(ENV_VARS))('documents %s', (name) => {
    expect(text).toMatch(new RegExp(`^# ${name}=`, 'm'));
  });
});
