// Fields generated from the JSON Schema: every parameter of a queue discipline, loss model,
// traffic source, TCP option block, algorithm or host model, with the model's own default as
// the placeholder, its label with units from the label table and its description (in the
// reader's language) as the hint; a select shows its options' labels and the chosen one's
// description. New parameters appear with their schema names until the label table has them
// (a unit test fails until it does).
import type { FieldInfo } from '../../scenario/schemaInfo';
import { activeScenario, editor } from '../../state/editorStore';
import { useStore } from '../hooks/useStore';
import { useHelp } from '../hooks/useHelp';
import { useLabel } from '../hooks/useLabel';
import { unitOf } from '../../scenario/units';
import { BoolField } from './BoolField';
import { FlowListField } from './FlowListField';
import { Help } from './Help';
import { IntListField } from './IntListField';
import { NumberField } from './NumberField';
import { SelectField } from './SelectField';

function placeholderFor(f: FieldInfo, scale: number): string | undefined {
  if (typeof f.default === 'number') return String(Number((f.default / scale).toPrecision(6)));
  return undefined;
}

/** A readable name from a field name (`limit_packets` → `limit packets`), for a field the label
 * table does not have yet. */
export function labelOf(name: string): string {
  return name.replace(/_(bps|ms|ns|s)$/, '').replace(/_/g, ' ');
}

interface Props {
  fields: FieldInfo[];
  basePath: string;
  skip?: readonly string[];
}

export function SchemaFields({ fields, basePath, skip = [] }: Props) {
  return (
    <div className="schema-fields">
      {fields
        .filter((f) => !skip.includes(f.name))
        .map((f) => (
          <SchemaField key={f.name} f={f} path={`${basePath}.${f.name}`} />
        ))}
    </div>
  );
}

function SchemaField({ f, path }: { f: FieldInfo; path: string }) {
  const help = useHelp();
  const name = useLabel();
  const label = name(f.key, labelOf(f.name));
  const hint = f.description ? <Help text={f.description} /> : undefined;
  switch (f.kind) {
    case 'number':
    case 'integer': {
      const { unit, scale } = unitOf(f.name);
      return (
        <NumberField
          path={path}
          label={label}
          unit={unit}
          scale={scale}
          integer={f.kind === 'integer' && scale === 1}
          nonNegative={f.minimum !== undefined && f.minimum >= 0}
          nullable={!f.required || f.nullable}
          placeholder={placeholderFor(f, scale)}
          hint={hint}
        />
      );
    }
    case 'boolean':
      return (
        <BoolField
          path={path}
          label={label}
          nullable={f.nullable}
          fallback={typeof f.default === 'boolean' ? f.default : false}
          hint={hint}
        />
      );
    case 'enum':
      return (
        <SelectField
          path={path}
          label={label}
          fallback={typeof f.default === 'string' ? f.default : (f.options?.[0]?.value ?? '')}
          options={(f.options ?? []).map((o) => ({
            value: o.value,
            label: name(o.key, o.value),
            title: help(o.description).text,
            description: o.description,
          }))}
          hint={hint}
        />
      );
    case 'array':
      if (f.ref === 'integer') return <IntListField path={path} label={label} hint={hint} />;
      if (f.ref) return <FlowListField path={path} label={label} itemDef={f.ref} hint={hint} />;
      return null;
    case 'string':
      return f.name === 'flow' ? <FlowRefField path={path} label={label} /> : null;
    default:
      return null;
  }
}

/** A field that names a flow: a select of the scenario's flow ids. */
function FlowRefField({ path, label }: { path: string; label: string }) {
  const flows = activeScenario(useStore(editor)).flows;
  return (
    <SelectField
      path={path}
      label={label}
      options={flows.map((f) => ({ value: f.id, label: f.id }))}
    />
  );
}
