import type { BbpsLocation } from '@erti/protocols';
import { seedStates } from './data.ts';

/**
 * The coverage locations: India's 36 states and union territories with three-letter ids and their
 * districts. Real coverage lists are untidy, and the spec asks for that untidiness so screens handle it:
 * a few districts carry a second spelling, and Lakshadweep has no areas at all.
 */
const extraSpellings: Record<string, string[]> = {
  MAH: ['Mumbai'],
  HAR: ['Gurugram'],
  ODI: ['Baleswar'],
  KAR: ['Bengaluru Urban'],
  WBL: ['North 24 parganas'],
};

const statesWithoutAreas = new Set(['LAK']);

export const coverageLocations: BbpsLocation[] = seedStates.map((state) => ({
  id: state.id,
  name: state.name,
  areas: statesWithoutAreas.has(state.id)
    ? []
    : [...state.districts, ...(extraSpellings[state.id] ?? [])].sort((a, b) => a.localeCompare(b)),
}));

const locationsById = new Map(coverageLocations.map((location) => [location.id, location]));
const locationsByName = new Map(coverageLocations.map((location) => [location.name.toLowerCase(), location]));

export function locationById(id: string): BbpsLocation | undefined {
  return locationsById.get(id);
}

/** The state a free-text coverage such as "Maharashtra (Mumbai)" starts with. */
export function locationInText(text: string): BbpsLocation | undefined {
  const lower = text.toLowerCase();
  const exact = locationsByName.get(lower.replace(/\s*\(.*$/, '').trim());
  if (exact) return exact;
  return coverageLocations.find((location) => lower.startsWith(location.name.toLowerCase()));
}
