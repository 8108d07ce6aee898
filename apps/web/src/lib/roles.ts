import { ROLE } from '@clearspeak/contract';

const NAMES: Record<number, string> = {
  [ROLE.admin]: 'Admin',
  [ROLE.learner]: 'Learner',
  [ROLE.coach]: 'Coach',
};

export function roleName(roleId: number): string {
  return NAMES[roleId] ?? `Role ${roleId}`;
}

export function isLearner(roleId: number): boolean {
  return roleId === ROLE.learner;
}

export function isCoach(roleId: number): boolean {
  return roleId === ROLE.coach;
}
