// The settings of the selected node: for a host, its end-host model (preset by name with the
// chosen one's description, offload on or off, and every model parameter from the schema); a
// router has nothing of its own to set.
import { enumOptions, objectFields } from '../../scenario/schemaInfo';
import type { Node } from '../../scenario/types';
import { useHelp } from '../hooks/useHelp';
import { useLabel } from '../hooks/useLabel';
import { useStrings } from '../hooks/useStrings';
import { BoolField } from './BoolField';
import { firstSentence } from './firstSentence';
import { SchemaFields } from './SchemaFields';
import { SelectField } from './SelectField';

const PRESETS = enumOptions('HostPreset');
const HOST_FIELDS = objectFields('HostSpec');

export function NodeInspector({ node, index }: { node: Node; index: number }) {
  const t = useStrings();
  const help = useHelp();
  const name = useLabel();
  const base = `topology.nodes[${index}]`;
  const kindLabel = node.kind === 'host' ? t.topology.host : t.topology.router;
  return (
    <section className="inspector" aria-labelledby="inspector-heading" data-testid="node-inspector">
      <h3 id="inspector-heading" className="inspector__title">
        {t.node.heading(node.id)} <span className="inspector__sub">{kindLabel}</span>
      </h3>
      {node.kind === 'router' ? (
        <p className="muted">{t.node.routerNote}</p>
      ) : (
        <>
          <SelectField
            path={`${base}.host.preset`}
            label={t.node.hostModel}
            fallback="ideal"
            exactErrors
            options={PRESETS.map((p) => ({
              value: p.value,
              label: name(p.key, p.value),
              title: firstSentence(help(p.description).text),
              description: p.description,
            }))}
          />
          <BoolField path={`${base}.host.offload`} label={t.node.offload} nullable />
          <details className="params">
            <summary>{t.node.advanced}</summary>
            <SchemaFields
              fields={HOST_FIELDS}
              basePath={`${base}.host`}
              skip={['preset', 'offload']}
            />
          </details>
        </>
      )}
    </section>
  );
}
