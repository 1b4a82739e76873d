import { seedCircles } from './data.ts';

/** One of India's 22 telecom circles (licensed service areas). */
export interface TelecomCircle {
  /** The 2-letter code of the seed data (DL, MU, TN ...). */
  code: string;
  /** The name shown to customers. */
  name: string;
  /** The 3-letter code used inside plan ids (AIRT-MUM-0399-01). */
  planCode: string;
}

/** Customer-facing names and plan-id codes, by the seed data's 2-letter code. */
const circleNames: Record<string, [name: string, planCode: string]> = {
  DL: ['Delhi NCR', 'DEL'],
  MU: ['Mumbai', 'MUM'],
  KO: ['Kolkata', 'KOL'],
  AP: ['Andhra Pradesh', 'APR'],
  GJ: ['Gujarat', 'GUJ'],
  KA: ['Karnataka', 'KAR'],
  MH: ['Maharashtra & Goa', 'MAH'],
  TN: ['Tamil Nadu', 'TND'],
  HR: ['Haryana', 'HAR'],
  KL: ['Kerala', 'KER'],
  MP: ['Madhya Pradesh & Chhattisgarh', 'MPC'],
  PB: ['Punjab', 'PUN'],
  RJ: ['Rajasthan', 'RAJ'],
  UE: ['UP East', 'UPE'],
  UW: ['UP West', 'UPW'],
  WB: ['West Bengal', 'WBL'],
  AS: ['Assam', 'ASM'],
  BR: ['Bihar & Jharkhand', 'BIH'],
  HP: ['Himachal Pradesh', 'HIP'],
  JK: ['Jammu & Kashmir', 'JAK'],
  NE: ['North East', 'NES'],
  OR: ['Odisha', 'ODI'],
};

const telecomCircles: TelecomCircle[] = seedCircles.circles.map((circle) => {
  const [name, planCode] = circleNames[circle.code] ?? [circle.name, circle.code];
  return { code: circle.code, name, planCode };
});

const circlesByCode = new Map(telecomCircles.map((circle) => [circle.code, circle]));

/** The circles a mobile operator serves; MTNL is split into its Delhi and Mumbai billers. */
export function operatorCircles(operator: 'Airtel' | 'Jio' | 'Vi' | 'BSNL' | 'MTNL Delhi' | 'MTNL Mumbai') {
  if (operator === 'MTNL Delhi') return [circlesByCode.get('DL')!];
  if (operator === 'MTNL Mumbai') return [circlesByCode.get('MU')!];
  const codes = seedCircles.operators[operator]?.circles ?? [];
  return codes.map((code) => circlesByCode.get(code)).filter((circle) => circle !== undefined);
}
