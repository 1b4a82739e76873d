import type { Random } from './random.ts';

/** The part of JSON Schema that the api's OpenAPI document (from zod) uses. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  additionalProperties?: boolean | JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
}

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  schema: JsonSchema;
}

export interface Operation {
  method: string;
  /** The OpenAPI path template, e.g. `/api/users/profile/{UserId}`. */
  path: string;
  label: string;
  body?: JsonSchema;
  parameters: Parameter[];
  /** Whether a Bearer token is required, optional (a visitor gets less) or not used. */
  signIn: 'required' | 'optional' | 'none';
}

interface OpenApiDocument {
  paths: Record<
    string,
    Record<
      string,
      {
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
        parameters?: Parameter[];
        security?: Record<string, unknown>[];
      }
    >
  >;
}

/** An empty requirement among the alternatives means a visitor may call it too. */
function signInOf(security: Record<string, unknown>[] = []): Operation['signIn'] {
  if (security.length === 0) return 'none';
  return security.some((requirement) => Object.keys(requirement).length === 0) ? 'optional' : 'required';
}

/** Every operation of the document (the documentation pages themselves excluded). */
export function operationsOf(document: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    if (path.startsWith('/api/docs')) continue;
    for (const [method, operation] of Object.entries(methods)) {
      operations.push({
        method: method.toUpperCase(),
        path,
        label: `${method.toUpperCase()} ${path}`,
        body: operation.requestBody?.content?.['application/json']?.schema,
        parameters: operation.parameters ?? [],
        signIn: signInOf(operation.security),
      });
    }
  }
  return operations;
}

/** Values that satisfy the document's string patterns, tried in order. */
const PATTERNED_STRINGS = [
  '9876543210',
  'asha.rao@example.com',
  '123456',
  'ord_fuzz0001',
  'TXNREF00012345',
  'EPfuzz_0001',
  '2025-01-15',
  '250.50',
  'data:image/jpeg;base64,/9j/4AAQSkZJRg==',
];

/** Product-shaped values for fields the fuzzer knows by name, so that valid samples reach the rules. */
export type Hints = Record<string, unknown>;

function stringSample(schema: JsonSchema): string {
  if (schema.pattern) {
    const pattern = new RegExp(schema.pattern);
    const fitting = PATTERNED_STRINGS.find((candidate) => pattern.test(candidate));
    if (fitting) return fitting;
  }
  const length = Math.min(Math.max(schema.minLength ?? 1, 8), schema.maxLength ?? 8);
  return 'Asha Rao'.padEnd(length, 'x').slice(0, length);
}

function numberSample(schema: JsonSchema, integer: boolean): number {
  const exclusive = schema.exclusiveMinimum === true ? 1 : 0;
  const low = (schema.minimum ?? 1) + exclusive;
  const value = Math.min(Math.max(low, 500), schema.maximum ?? 500);
  return integer ? Math.round(value) : value;
}

export const typeOf = (schema: JsonSchema): string | undefined =>
  Array.isArray(schema.type) ? schema.type.find((type) => type !== 'null') : schema.type;

/** A value that the schema accepts (hints first, by field name). */
export function sampleOf(schema: JsonSchema, random: Random, hints: Hints = {}, field = ''): unknown {
  if (field in hints) return hints[field];
  if (schema.default !== undefined) return schema.default;
  if (schema.enum) return random.pick(schema.enum);
  const variant = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (variant?.[0]) return sampleOf(variant[0], random, hints, field);
  switch (typeOf(schema)) {
    case 'object': {
      const value: Record<string, unknown> = {};
      for (const [name, property] of Object.entries(schema.properties ?? {})) {
        if (schema.required?.includes(name) || random.chance(0.6))
          value[name] = sampleOf(property, random, hints, name);
      }
      return value;
    }
    case 'array': {
      const count = Math.max(schema.minItems ?? 0, 1);
      return Array.from({ length: count }, () => sampleOf(schema.items ?? {}, random, hints, field));
    }
    case 'string':
      return stringSample(schema);
    case 'integer':
      return numberSample(schema, true);
    case 'number':
      return numberSample(schema, false);
    case 'boolean':
      return true;
    default:
      return {};
  }
}

/** The URL of an operation with `pathValues` filled in and `query` appended as written. */
export function urlOf(operation: Operation, pathValues: Record<string, string>, query = ''): string {
  const path = operation.path.replace(/\{([^}]+)\}/g, (_match, name: string) => pathValues[name] ?? 'x');
  return query ? `${path}?${query}` : path;
}
