// Which plots are shown: one checkbox per plot. The choice travels in links (`view.plots`), so a
// teacher can send a page with only the plots that matter.
import { PLOT_IDS, plotShown, setPlots, timeView } from '../../state/viewStore';
import { useStore } from '../hooks/useStore';
import { useStrings } from '../hooks/useStrings';

export function PlotPicker() {
  const t = useStrings();
  const view = useStore(timeView);
  const toggle = (id: string) => {
    const shown = PLOT_IDS.filter((p) => plotShown(view, p));
    setPlots(shown.includes(id) ? shown.filter((p) => p !== id) : [...shown, id]);
  };
  return (
    <fieldset className="plotpicker" data-testid="plot-picker">
      <legend className="visually-hidden">{t.share.plotsShown}</legend>
      <span className="muted">{t.share.plotsShown}:</span>
      {PLOT_IDS.map((id) => (
        <label key={id}>
          <input
            type="checkbox"
            data-testid={`show-plot-${id}`}
            checked={plotShown(view, id)}
            onChange={() => toggle(id)}
          />
          {t.share.plotNames[id] ?? id}
        </label>
      ))}
    </fieldset>
  );
}
