// The settings of the selected link: rate, delay, MTU, jitter, loss on the wire, the queue
// discipline with its parameters (from the schema), and the rate of the reverse direction. Queue
// disciplines and loss models are listed by name, with the chosen one's description under them.
import { variant, variants } from '../../scenario/schemaInfo';
import { startVariant, switchQueue } from '../../scenario/starters';
import type { Link } from '../../scenario/types';
import { setField } from '../../state/editorStore';
import { useHelp } from '../hooks/useHelp';
import { useLabel } from '../hooks/useLabel';
import { useStrings } from '../hooks/useStrings';
import { queueName } from '../../lessons/valueWords';
import { NumberField } from './NumberField';
import { SchemaFields } from './SchemaFields';
import { SelectField } from './SelectField';

const QUEUES = variants('QueueSpec');
const LOSSES = variants('LossSpec');

export function LinkInspector({ link, index }: { link: Link; index: number }) {
  const t = useStrings();
  const help = useHelp();
  const name = useLabel();
  const base = `topology.links[${index}]`;
  const queueKind = link.queue?.kind ?? 'drop_tail';
  const queue = variant('QueueSpec', queueKind);
  const lossKind = link.loss?.kind ?? '';
  const loss = lossKind ? variant('LossSpec', lossKind) : undefined;
  return (
    <section className="inspector" aria-labelledby="inspector-heading" data-testid="link-inspector">
      <h3 id="inspector-heading" className="inspector__title">
        {t.link.heading(link.id)}{' '}
        <span className="inspector__sub">{t.link.ends(link.a, link.b)}</span>
      </h3>
      <div className="grid2">
        <NumberField path={`${base}.rate_bps`} label={t.link.rate} unit="Mb/s" scale={1e6} />
        <NumberField path={`${base}.delay_ms`} label={t.link.delay} unit="ms" />
        <NumberField
          path={`${base}.mtu_bytes`}
          label={t.link.mtu}
          unit="B"
          integer
          nonNegative
          nullable
          placeholder="1500"
        />
        <NumberField
          path={`${base}.jitter_ms`}
          label={t.link.jitter}
          unit="ms"
          nullable
          placeholder="0"
        />
      </div>
      <SelectField
        path={`${base}.queue.kind`}
        label={t.link.queue}
        fallback="drop_tail"
        exactErrors
        options={QUEUES.map((q) => ({
          value: q.kind,
          label: name(q.key, queueName(q.kind)),
          title: help(q.description).text,
          description: q.description,
        }))}
        onChange={(kind) => setField(`${base}.queue`, switchQueue(link.queue, kind))}
      />
      {queue && queue.fields.length > 0 && (
        <details className="params" open>
          <summary>{t.link.queueParams}</summary>
          <SchemaFields fields={queue.fields} basePath={`${base}.queue`} />
        </details>
      )}
      <SelectField
        path={`${base}.loss.kind`}
        label={t.link.loss}
        fallback=""
        exactErrors
        options={[
          { value: '', label: t.link.lossNone },
          ...LOSSES.map((l) => ({
            value: l.kind,
            label: name(l.key, l.kind),
            title: help(l.description).text,
            description: l.description,
          })),
        ]}
        onChange={(kind) =>
          setField(`${base}.loss`, kind ? startVariant('LossSpec', kind) : undefined)
        }
      />
      {loss && <SchemaFields fields={loss.fields} basePath={`${base}.loss`} />}
      <NumberField
        path={`${base}.reverse.rate_bps`}
        label={t.link.reverseRate}
        unit="Mb/s"
        scale={1e6}
        nullable
        hint={t.link.reverseHint}
      />
    </section>
  );
}
