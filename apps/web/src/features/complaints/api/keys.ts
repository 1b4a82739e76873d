/** Every query key of the complaints feature; invalidate only through these. */
export const complaintsKeys = {
  all: ['complaints'] as const,
  mine: (userId: string) => [...complaintsKeys.all, 'mine', userId] as const,
};
