// Reading the scenario JSON Schema (generated from the Rust types) to drive the editor: the
// variants of a tagged union (queue disciplines, loss models, sources), the fields of an object
// with their type, default, range and description, and the values of an enum. The editor thus
// offers exactly what the model accepts, with the model's own defaults and help text.
import schemaJson from '../../../public/schema/scenario.v1.json';

type Json = Record<string, unknown>;

export type FieldKind = 'number' | 'integer' | 'boolean' | 'enum' | 'array' | 'object' | 'string';

export interface EnumOption {
  value: string;
  description: string;
  /** Key of its label (web/src/i18n/fieldLabels.ts): `<Enum>:<value>`. */
  key: string;
  /** A short display name (`x-label`), where the model gives one. */
  label?: string;
}

export interface FieldInfo {
  name: string;
  /** Key of its label (web/src/i18n/fieldLabels.ts): `<Def>.<name>`, `<Union>.<kind>.<name>`. */
  key: string;
  kind: FieldKind;
  /** The field may be null/absent with a meaning of its own ("no limit", "preset default"). */
  nullable: boolean;
  required: boolean;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  description: string;
  /** Enum fields: the allowed values. */
  options?: EnumOption[];
  /** Object fields and array items: the definition they refer to. */
  ref?: string;
}

export interface Variant {
  kind: string;
  /** Key of its label: `<Union>:<kind>`. */
  key: string;
  description: string;
  /** A short display name (`x-label`): its registry line's. */
  label?: string;
  /** The transports a traffic source drives (`x-protocols`, from its registry line). */
  protocols?: string[];
  /**
   * Its registry line's example, as a file holds it: one value (`x-example`), or one per
   * transport for a traffic source (`x-examples`, keyed `tcp` / `udp`).
   */
  examples?: Record<string, Record<string, unknown>>;
  fields: FieldInfo[];
}

/** `x-example` as `{ any: … }`, `x-examples` as it is. */
function examplesOf(o: Json): Variant['examples'] {
  const one = o['x-example'];
  if (one && typeof one === 'object') return { any: one as Record<string, unknown> };
  const per = o['x-examples'];
  if (per && typeof per === 'object') return per as Variant['examples'];
  return undefined;
}

const schema = schemaJson as unknown as Json;
const defs = (schema.$defs ?? {}) as Record<string, Json>;

function refName(node: Json): string | undefined {
  const ref = node.$ref;
  if (typeof ref === 'string') return ref.replace('#/$defs/', '');
  const any = node.anyOf;
  if (Array.isArray(any)) {
    for (const a of any as Json[]) {
      const r = refName(a);
      if (r) return r;
    }
  }
  return undefined;
}

function isNullable(node: Json): boolean {
  const t = node.type;
  if (Array.isArray(t) && t.includes('null')) return true;
  const any = node.anyOf;
  return Array.isArray(any) && (any as Json[]).some((a) => a.type === 'null');
}

function baseType(node: Json): string | undefined {
  const t = node.type;
  if (typeof t === 'string') return t;
  if (Array.isArray(t)) return (t as string[]).find((x) => x !== 'null');
  return undefined;
}

/** The values of an enum definition (a oneOf of string constants); empty if it is not one. */
export function enumOptions(defName: string): EnumOption[] {
  const d = defs[defName];
  const one = d?.oneOf;
  if (!Array.isArray(one)) return [];
  const opts: EnumOption[] = [];
  for (const o of one as Json[]) {
    if (typeof o.const !== 'string') return [];
    const label = typeof o['x-label'] === 'string' ? o['x-label'] : undefined;
    opts.push({
      value: o.const,
      description: String(o.description ?? ''),
      key: `${defName}:${o.const}`,
      ...(label ? { label } : {}),
    });
  }
  return opts;
}

function fieldFrom(owner: string, name: string, node: Json, required: boolean): FieldInfo {
  const ref = refName(node);
  const options = ref ? enumOptions(ref) : [];
  const t = baseType(node);
  let kind: FieldKind;
  if (options.length > 0) kind = 'enum';
  else if (t === 'integer' || t === 'number' || t === 'boolean' || t === 'string') kind = t;
  else if (t === 'array') kind = 'array';
  else kind = 'object';
  const items = node.items as Json | undefined;
  const info: FieldInfo = {
    name,
    key: `${owner}.${name}`,
    kind,
    nullable: isNullable(node),
    required,
    description: String(node.description ?? (ref ? (defs[ref]?.description ?? '') : '')),
  };
  if ('default' in node) info.default = node.default;
  if (typeof node.minimum === 'number') info.minimum = node.minimum;
  if (typeof node.maximum === 'number') info.maximum = node.maximum;
  if (options.length > 0) info.options = options;
  if (kind === 'array' && items) info.ref = refName(items) ?? baseType(items);
  else if (ref && kind === 'object') info.ref = ref;
  return info;
}

function fieldsOfNode(node: Json, owner: string, skip: ReadonlySet<string>): FieldInfo[] {
  const props = (node.properties ?? {}) as Record<string, Json>;
  const required = new Set((node.required ?? []) as string[]);
  return Object.entries(props)
    .filter(([name]) => !skip.has(name))
    .map(([name, p]) => fieldFrom(owner, name, p, required.has(name)));
}

/** The fields of an object definition (e.g. `TcpOptions`, `HostSpec`, `CubicParams`). */
export function objectFields(defName: string): FieldInfo[] {
  const d = defs[defName];
  return d ? fieldsOfNode(d, defName, new Set()) : [];
}

/** Each union's variants, read from the schema (which never changes) the first time asked. */
const variantCache = new Map<string, Variant[]>();

/** The variants of a union tagged by `kind` (e.g. `QueueSpec`, `LossSpec`, `SourceSpec`): the
 * same array on every call (the editor asks on every render of a link or a flow; do not change
 * it). */
export function variants(defName: string): Variant[] {
  let out = variantCache.get(defName);
  if (!out) {
    out = readVariants(defName);
    variantCache.set(defName, out);
  }
  return out;
}

function readVariants(defName: string): Variant[] {
  const one = defs[defName]?.oneOf;
  if (!Array.isArray(one)) return [];
  const out: Variant[] = [];
  for (const o of one as Json[]) {
    const props = (o.properties ?? {}) as Record<string, Json>;
    const kind = props.kind?.const;
    if (typeof kind !== 'string') continue;
    const label = typeof o['x-label'] === 'string' ? o['x-label'] : undefined;
    const protocols = Array.isArray(o['x-protocols']) ? (o['x-protocols'] as string[]) : undefined;
    const examples = examplesOf(o);
    out.push({
      kind,
      key: `${defName}:${kind}`,
      description: String(o.description ?? ''),
      ...(label ? { label } : {}),
      ...(protocols ? { protocols } : {}),
      ...(examples ? { examples } : {}),
      fields: fieldsOfNode(o, `${defName}.${kind}`, new Set(['kind'])),
    });
  }
  return out;
}

/** The traffic sources (`SourceSpec` kinds) that can drive a flow of `protocol`. */
export function sourceKindsFor(protocol: 'tcp' | 'udp'): string[] {
  return variants('SourceSpec')
    .filter((v) => v.protocols?.includes(protocol))
    .map((v) => v.kind);
}

/** One variant of a tagged union, or undefined. */
export function variant(defName: string, kind: string): Variant | undefined {
  return variants(defName).find((v) => v.kind === kind);
}

/** A fresh value of a variant: its kind plus every required field at its default (or 0). */
export function newVariantValue(defName: string, kind: string): Record<string, unknown> {
  const v = variant(defName, kind);
  const out: Record<string, unknown> = { kind };
  for (const f of v?.fields ?? []) {
    if (!f.required) continue;
    if (f.default !== undefined) out[f.name] = f.default;
    else if (f.kind === 'array') out[f.name] = [];
    else if (f.kind === 'boolean') out[f.name] = false;
    else if (f.kind === 'enum') out[f.name] = f.options?.[0]?.value;
    else out[f.name] = 0;
  }
  return out;
}

/** The description of a definition (shown as help). */
export function describe(defName: string): string {
  return String(defs[defName]?.description ?? '');
}
