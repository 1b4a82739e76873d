/** Every query key of the accounts feature; invalidate only through these. */
export const accountKeys = {
  all: ['accounts'] as const,
  profile: (userId: string) => [...accountKeys.all, 'profile', userId] as const,
};
