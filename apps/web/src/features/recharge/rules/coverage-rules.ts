/** Case and spacing do not make a different place: 'North 24 Parganas' and 'north 24  parganas' are one. */
const placeKey = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();

/** A location's areas for the area select: blanks dropped, duplicate spellings shown once, sorted. */
export function distinctAreas(areas: readonly string[]): string[] {
  const byKey = new Map<string, string>();
  for (const area of areas) {
    const key = placeKey(area);
    if (key && !byKey.has(key)) byKey.set(key, area.trim().replace(/\s+/g, ' '));
  }
  return [...byKey.values()].sort((a, b) => a.localeCompare(b, 'en-IN'));
}
