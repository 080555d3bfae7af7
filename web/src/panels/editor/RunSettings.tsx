// Seed, duration and sampling interval of the run.
import { useStrings } from '../hooks/useStrings';
import { NumberField } from './NumberField';

export function RunSettings() {
  const t = useStrings();
  return (
    <div className="grid3">
      <NumberField
        path="seed"
        label={t.runSettings.seed}
        integer
        nonNegative
        nullable
        placeholder="1"
        hint={t.runSettings.seedHint}
      />
      <NumberField path="duration_s" label={t.runSettings.duration} unit="s" />
      <NumberField
        path="sample_interval_ms"
        label={t.runSettings.sampleInterval}
        unit="ms"
        nullable
        placeholder="10"
      />
    </div>
  );
}
