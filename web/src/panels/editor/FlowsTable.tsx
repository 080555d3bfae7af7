// The flows: one row each with source, destination, protocol and algorithm, start time and size;
// a row opens to show its application, TCP options and algorithm parameters (from the schema).
// Above VIRTUAL_ABOVE flows the table scrolls in its own box and only the rows on screen are in
// the page; the open flow's details then show beneath the box.
import { Fragment, memo, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { CC_ALGORITHMS, ccLabel } from '../../scenario/ccAlgorithms';
import { addFlow, duplicateFlow, hostIds, removeFlow } from '../../scenario/graph';
import { objectFields, sourceKindsFor, variant } from '../../scenario/schemaInfo';
import { startVariant } from '../../scenario/starters';
import type { Flow, Scenario } from '../../scenario/types';
import { editScenario, setField } from '../../state/editorStore';
import { useLabel } from '../hooks/useLabel';
import { useStrings } from '../hooks/useStrings';
import { VIRTUAL_ABOVE, useVirtualRows } from '../hooks/useVirtualRows';
import { Icon } from './Icon';
import { NumberField } from './NumberField';
import { SchemaFields } from './SchemaFields';
import { SelectField } from './SelectField';

// The transports each source drives come from its registry line (the schema's `x-protocols`).
const UDP_SOURCES = sourceKindsFor('udp');
const TCP_ONLY_SOURCES = sourceKindsFor('tcp').filter((k) => !UDP_SOURCES.includes(k));
const CC_PARAM_DEFS = new Map(objectFields('CcParams').map((f) => [f.name, f.ref ?? '']));

/** The protocol select's value: `udp` or `tcp:<algorithm>`. */
export function protocolValue(f: Flow): string {
  return f.protocol === 'udp' ? 'udp' : `tcp:${f.cc ?? 'newreno'}`;
}

/** The flow after choosing `value` in the protocol select. */
export function withProtocol(f: Flow, value: string): Flow {
  if (value === 'udp') {
    const source =
      f.source && UDP_SOURCES.includes(f.source.kind)
        ? f.source
        : (startVariant('SourceSpec', 'cbr', 'udp') as Flow['source']);
    const next: Flow = { ...f, protocol: 'udp', source };
    delete next.cc;
    return next;
  }
  const cc = value.slice(4) as NonNullable<Flow['cc']>;
  const tcpSource = f.source && TCP_ONLY_SOURCES.includes(f.source.kind);
  const next: Flow = { ...f, protocol: 'tcp', cc };
  if (!tcpSource) delete next.source;
  return next;
}

interface Props {
  scenario: Scenario;
  open: number | null;
  onOpen(index: number | null): void;
}

export function FlowsTable({ scenario, open, onOpen }: Props) {
  const t = useStrings();
  const nodes = scenario.topology.nodes;
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the hosts depend on the nodes only
  const hosts = useMemo(() => hostIds(scenario), [nodes]);
  const hostOptions = useMemo(() => hosts.map((h) => ({ value: h, label: h })), [hosts]);
  const protocolOptions = useMemo(
    () => [
      ...CC_ALGORITHMS.map((cc) => ({ value: `tcp:${cc}`, label: `TCP · ${ccLabel(cc)}` })),
      { value: 'udp', label: t.flows.udp },
    ],
    [t],
  );
  const flows = scenario.flows;
  const windowed = flows.length > VIRTUAL_ABOVE;
  const box = useRef<HTMLDivElement>(null);
  const [rowHeight, setRowHeight] = useState(measuredRowHeight);
  const win = useVirtualRows(box, windowed ? flows.length : 0, rowHeight);
  // Rows are as tall as the layout makes them (a table row, or a card in a narrow column):
  // measured from the first one rendered by a ResizeObserver, which reports after the browser's
  // own layout (measuring while the editor mounts made it lay out the whole page once more).
  useEffect(() => {
    const tr = box.current?.querySelector<HTMLElement>('tr[data-testid^="flow-row-"]');
    if (!windowed || !tr || typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(() => {
      const style = getComputedStyle(tr);
      const h =
        tr.offsetHeight + (parseFloat(style.marginTop) + parseFloat(style.marginBottom) || 0);
      if (h <= 0) return;
      measuredRowHeight = h;
      setRowHeight((old) => (Math.abs(h - old) > 1 ? h : old));
    });
    ro.observe(tr);
    return () => ro.disconnect();
  }, [windowed, win.start]);
  const [start, end] = windowed ? [win.start, win.end] : [0, flows.length];
  const openFlow = open !== null ? flows[open] : undefined;
  // Rows keyed by flow id (an id repeated in the slice, which validation refuses, by its index
  // too): removing the first flow moves the rows' DOM up instead of rebuilding every row.
  const keys = new Set<string>();
  const keyOf = (f: Flow, i: number) => {
    const k = keys.has(f.id) ? `${f.id}#${i}` : f.id;
    keys.add(k);
    return k;
  };
  const row = (f: Flow, i: number) => (
    <FlowRow
      key={keyOf(f, i)}
      flow={f}
      index={i}
      hostOptions={hostOptions}
      protocolOptions={protocolOptions}
      open={open === i}
      inlineDetails={!windowed}
      onOpen={onOpen}
    />
  );
  const spacer = (px: number, key: string) =>
    px > 0 && (
      <tr key={key} aria-hidden="true" className="flows__spacer">
        <td colSpan={7} style={{ height: px, padding: 0, border: 0 }} />
      </tr>
    );
  return (
    <div className="flows">
      {flows.length === 0 ? (
        <p className="muted">{t.flows.none}</p>
      ) : (
        <div
          ref={box}
          className={windowed ? 'flows__scroll' : undefined}
          data-testid="flows-scroll"
          data-windowed={windowed || undefined}
        >
          <table
            className="flows__table"
            data-testid="flows-table"
            aria-rowcount={windowed ? flows.length + 1 : undefined}
          >
            <thead>
              <tr>
                <th scope="col">{t.flows.id}</th>
                <th scope="col">{t.flows.src}</th>
                <th scope="col">{t.flows.dst}</th>
                <th scope="col">{t.flows.algorithm}</th>
                <th scope="col">{t.flows.start}</th>
                <th scope="col">{t.flows.size}</th>
                <th scope="col">
                  <span className="visually-hidden">{t.flows.details('')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {windowed && spacer(win.padTop, 'above')}
              {flows.slice(start, end).map((f, k) => row(f, start + k))}
              {windowed && spacer(win.padBottom, 'below')}
            </tbody>
          </table>
        </div>
      )}
      {windowed && openFlow && open !== null && (
        <div className="flows__details flows__details--below" data-testid="flow-details-below">
          <h4>{openFlow.id}</h4>
          <FlowDetails flow={openFlow} index={open} />
        </div>
      )}
      <button
        type="button"
        className="button button--small"
        data-testid="add-flow"
        disabled={hosts.length < 2}
        onClick={() => editScenario(addFlow)}
      >
        {t.flows.add}
      </button>
    </div>
  );
}

/** The height of a flow's row in the windowed table: the last one measured (at first, a guess),
 * so that the table opens again at the height its rows had. */
let measuredRowHeight = 44;

interface RowProps {
  flow: Flow;
  index: number;
  hostOptions: { value: string; label: string }[];
  protocolOptions: { value: string; label: string }[];
  open: boolean;
  /** Show the open row's details under it (false: the table is windowed, they show below it). */
  inlineDetails: boolean;
  onOpen(index: number | null): void;
}

/** A flow's row. Its props stay the same objects while the flow does (a verdict landing or a run's
 * progress renders the table again, not its rows; each field follows the editor's store itself). */
const FlowRow = memo(function FlowRow(p: RowProps) {
  const { flow: f, index: i, hostOptions, protocolOptions, open, onOpen } = p;
  const onToggle = () => onOpen(open ? null : i);
  const name = useLabel();
  const t = useStrings();
  const detailsId = useId();
  const base = `flows[${i}]`;
  const udp = f.protocol === 'udp';
  return (
    <Fragment>
      <tr data-testid={`flow-row-${i}`}>
        <th scope="row">{f.id}</th>
        <td>
          <SelectField
            compact
            path={`${base}.src`}
            label={`${f.id} ${t.flows.src}`}
            options={hostOptions}
          />
        </td>
        <td>
          <SelectField
            compact
            path={`${base}.dst`}
            label={`${f.id} ${t.flows.dst}`}
            options={hostOptions}
          />
        </td>
        <td>
          <SelectField
            compact
            path={`${base}.cc`}
            label={`${f.id} ${t.flows.algorithm}`}
            exactErrors
            value={protocolValue(f)}
            options={protocolOptions}
            onChange={(v) => setField(base, withProtocol(f, v))}
          />
        </td>
        <td>
          <NumberField
            compact
            path={`${base}.start_s`}
            label={`${f.id} ${t.flows.start}`}
            nullable
            placeholder="0"
          />
        </td>
        <td>
          {udp ? (
            <SelectField
              compact
              path={`${base}.source.kind`}
              label={`${f.id} ${t.flows.udpRate}`}
              exactErrors
              options={UDP_SOURCES.map((k) => ({ value: k, label: name(`SourceSpec:${k}`, k) }))}
              onChange={(k) => setField(`${base}.source`, startVariant('SourceSpec', k, 'udp'))}
            />
          ) : (
            <NumberField
              compact
              path={`${base}.source.bytes`}
              label={`${f.id} ${t.flows.size}`}
              integer
              nonNegative
              nullable
              placeholder="∞"
              hint={t.flows.sizeHint}
              commit={(v, text) =>
                setField(
                  `${base}.source`,
                  v === null ? undefined : { kind: 'sized', bytes: v },
                  text,
                )
              }
            />
          )}
        </td>
        <td className="flows__actions">
          <button
            type="button"
            className="button button--icon"
            aria-expanded={open}
            aria-controls={detailsId}
            aria-label={t.flows.details(f.id)}
            title={t.flows.details(f.id)}
            data-testid={`flow-details-${i}`}
            onClick={onToggle}
          >
            <Icon name={open ? 'close' : 'open'} />
          </button>
          <button
            type="button"
            className="button button--icon"
            aria-label={t.flows.duplicate(f.id)}
            title={t.flows.duplicate(f.id)}
            onClick={() => editScenario((s) => duplicateFlow(s, i))}
          >
            <Icon name="copy" />
          </button>
          <button
            type="button"
            className="button button--icon button--danger"
            aria-label={t.flows.remove(f.id)}
            title={t.flows.remove(f.id)}
            data-testid={`flow-remove-${i}`}
            onClick={() => editScenario((s) => removeFlow(s, i))}
          >
            <Icon name="remove" />
          </button>
        </td>
      </tr>
      {open && p.inlineDetails && (
        <tr className="flows__details" id={detailsId}>
          <td colSpan={7}>
            <FlowDetails flow={f} index={i} />
          </td>
        </tr>
      )}
    </Fragment>
  );
});

/** The flow's random start (its fixed start is a column of the table). */
const START_FIELDS = objectFields('Flow').filter((f) => f.name === 'start_jitter_s');

/** An open flow's random start, application, algorithm parameters and TCP options (from the
 * schema). */
function FlowDetails({ flow: f, index: i }: { flow: Flow; index: number }): ReactNode {
  const t = useStrings();
  const base = `flows[${i}]`;
  const udp = f.protocol === 'udp';
  const sourceVariant = variant('SourceSpec', f.source?.kind ?? 'bulk');
  const ccDef = CC_PARAM_DEFS.get(f.cc ?? 'newreno');
  return (
    <>
      <SchemaFields fields={START_FIELDS} basePath={base} />
      {sourceVariant && sourceVariant.fields.length > 0 && (
        <fieldset className="params">
          <legend>{t.flows.source}</legend>
          <SchemaFields fields={sourceVariant.fields} basePath={`${base}.source`} />
        </fieldset>
      )}
      {!udp && ccDef && (
        <fieldset className="params">
          <legend>{t.flows.ccParams(ccLabel(f.cc ?? 'newreno'))}</legend>
          <SchemaFields
            fields={objectFields(ccDef)}
            basePath={`${base}.cc_params.${f.cc ?? 'newreno'}`}
          />
        </fieldset>
      )}
      {!udp && (
        <details className="params">
          <summary>{t.flows.tcpOptions}</summary>
          <SchemaFields fields={objectFields('TcpOptions')} basePath={`${base}.tcp`} />
        </details>
      )}
    </>
  );
}
