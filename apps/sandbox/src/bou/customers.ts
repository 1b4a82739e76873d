import type { BbpsParamInfo, NameValue } from '@erti/protocols';
import type { Catalogue, CatalogueEntry } from './catalogue.ts';
import { NetworkRefusal } from './envelope.ts';

/**
 * The customer behind a request: the parameter checks every biller applies, and the "test numbers"
 * that make the network answer with a given NPCI outcome (see the sandbox README).
 */

/** Parameter names plan billers accept besides their MDM ones (the recharge form sends them). */
const planExtras = new Set(['Circle', 'Id']);

const patterns = new Map<string, RegExp>();
function pattern(regEx: string): RegExp {
  let compiled = patterns.get(regEx);
  if (!compiled) {
    compiled = new RegExp(regEx);
    patterns.set(regEx, compiled);
  }
  return compiled;
}

export function paramValue(params: NameValue[], name: string): string {
  return params.find((param) => param.name === name)?.value.trim() ?? '';
}

/** Why these parameters are not acceptable to the biller, or undefined when they are. */
function paramProblem(entry: CatalogueEntry, params: NameValue[]): string | undefined {
  const infos = entry.biller.billerInputParams.paramInfo;
  const known = new Set(infos.map((info) => info.paramName));
  const unknown = params.find(
    (param) => !known.has(param.name) && !(entry.plans && planExtras.has(param.name)),
  );
  if (unknown) return `Unknown parameter ${unknown.name}`;
  for (const info of infos) {
    const problem = valueProblem(info, paramValue(params, info.paramName));
    if (problem) return problem;
  }
  if (
    infos.every((info) => info.isOptional === 'true') &&
    infos.every((info) => !paramValue(params, info.paramName))
  ) {
    return `Enter at least one of ${infos.map((info) => info.paramName).join(', ')}`;
  }
  return undefined;
}

function valueProblem(info: BbpsParamInfo, value: string): string | undefined {
  if (!value) return info.isOptional === 'true' ? undefined : `${info.paramName} is required`;
  return pattern(info.regEx).test(value) ? undefined : `Invalid ${info.paramName}`;
}

/** Throws the failure `code` when the parameters are not acceptable. */
export function requireValidParams(entry: CatalogueEntry, params: NameValue[], code: string): void {
  const problem = paramProblem(entry, params);
  if (problem) throw new NetworkRefusal(code, problem);
}

/**
 * The last four characters of the first filled parameter (in the biller's order): test numbers
 * ending in 0001, 0004, 0008 ... pick the network's answer.
 */
export function testSuffix(entry: CatalogueEntry, params: NameValue[]): string {
  for (const info of entry.biller.billerInputParams.paramInfo) {
    const value = paramValue(params, info.paramName);
    if (value) return value.slice(-4);
  }
  return '';
}

/** A stable key for the customer: the biller and the parameter values in the biller's order. */
export function customerKey(entry: CatalogueEntry, params: NameValue[]): string {
  const values = entry.biller.billerInputParams.paramInfo.map((info) =>
    paramValue(params, info.paramName).toUpperCase(),
  );
  return `${entry.biller.billerId}|${values.join('|')}`;
}

/** The biller, if it exists and takes payments; else the failure `code`. */
export function requireActiveBiller(catalogue: Catalogue, billerId: string, code: string): CatalogueEntry {
  const entry = catalogue.byId(billerId);
  if (entry?.biller.billerStatus !== 'ACTIVE') throw new NetworkRefusal(code, `Unknown biller ${billerId}`);
  return entry;
}
