import { readFileSync } from 'node:fs';

/**
 * The research snapshots the simulated network is built from (copies of the shared seed data, see
 * data/*.json `about` and `sources`). Only the fields the sandbox reads are typed here.
 */

export interface SeedParam {
  name: string;
  data_type?: 'NUMERIC' | 'ALPHANUMERIC' | 'ALPHABETIC';
  min_length?: number;
  max_length?: number;
  regex?: string;
  optional?: boolean;
}

export interface SeedBiller {
  name: string;
  biller_id: string | null;
  coverage: string | null;
  bill_fetch_supported?: boolean;
  bill_fetch_requirement?: 'MANDATORY' | 'OPTIONAL' | 'NOT_SUPPORTED';
  bill_validation?: 'MANDATORY' | 'OPTIONAL' | 'NOT_SUPPORTED';
  adhoc?: boolean;
  amount_exactness?: string;
  customer_params?: SeedParam[];
  aliases?: string[];
}

interface SeedState {
  id: string;
  name: string;
  type: 'State' | 'UT';
  districts: string[];
}

interface SeedCircle {
  code: string;
  name: string;
}

export interface SeedPlan {
  price_inr: number;
  validity_days: number | null;
  data: string;
  calls: string;
  sms: string;
  category: string;
  status?: string;
}

function readSeed<T>(file: string): T {
  return JSON.parse(readFileSync(new URL(`./data/${file}`, import.meta.url), 'utf8')) as T;
}

export const seedBillers = readSeed<{ categories: Record<string, SeedBiller[]> }>('billers.json').categories;

/** Short names people search billers by (TNEB, MSEDCL, …), keyed by the biller's name on the network. */
export const billerShortNames = readSeed<{ aliases: Record<string, string[]> }>(
  'biller-aliases.json',
).aliases;

export const seedStates = readSeed<{ states: SeedState[] }>('india-states-districts.json').states;

export const seedCircles = readSeed<{
  circles: SeedCircle[];
  operators: Record<string, { circles: string[] }>;
}>('telecom-circles.json');

export const seedPlans = readSeed<{ operators: Record<string, SeedPlan[]> }>('prepaid-plans.json').operators;
