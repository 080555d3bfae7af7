// A list of per-flow entries of a queue discipline (WFQ/DRR weights, priorities, reservations):
// one row per entry with the entry's schema fields, plus add and remove.
import type { ReactNode } from 'react';
import { useStore } from '../hooks/useStore';
import { useStrings } from '../hooks/useStrings';
import { objectFields } from '../../scenario/schemaInfo';
import { activeScenario, editor, setField, valueAt } from '../../state/editorStore';
import { FieldMessage } from './FieldMessage';
import { SchemaFields } from './SchemaFields';
import { useFieldErrors } from './fieldContext';

interface Props {
  path: string;
  label: string;
  itemDef: string;
  /** A string, or <Help> for a schema description in the reader's language. */
  hint?: ReactNode;
}

export function FlowListField({ path, label, itemDef, hint }: Props) {
  const t = useStrings();
  const state = useStore(editor);
  const errors = useFieldErrors(path, true);
  const raw = valueAt(path, state);
  const list = Array.isArray(raw) ? (raw as Record<string, unknown>[]) : [];
  const fields = objectFields(itemDef);
  const add = () => {
    const flows = activeScenario(state).flows;
    const item: Record<string, unknown> = {};
    for (const f of fields) {
      if (!f.required) continue;
      if (f.name === 'flow') item.flow = flows[list.length % Math.max(1, flows.length)]?.id ?? '';
      else if (f.name === 'rate_bps') item.rate_bps = 1e6;
      else item[f.name] = typeof f.default === 'number' ? f.default : 1;
    }
    setField(path, [...list, item]);
  };
  return (
    <fieldset className="listfield">
      <legend>{label}</legend>
      {list.map((_, i) => (
        <div className="listfield__row" key={i}>
          <SchemaFields fields={fields} basePath={`${path}[${i}]`} />
          <button
            type="button"
            className="button button--small"
            onClick={() =>
              setField(
                path,
                list.filter((_, k) => k !== i),
              )
            }
          >
            {t.topology.remove}
          </button>
        </div>
      ))}
      <button
        type="button"
        className="button button--small"
        onClick={add}
        aria-label={`+ ${label}`}
      >
        +
      </button>
      <FieldMessage id={`${path}-note`} problem={errors[0]} hint={hint} />
    </fieldset>
  );
}
