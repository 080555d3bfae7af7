// Where the parts of the lab page go: one CSS grid (styles.css, "Lab layout"), so the layout can
// change without touching the panels. Areas: the header, notices, the side column (run controls
// and knobs, or the full editor, which widens it), and the main column (the two live plots
// first, then the run's story, the other plots and the sweep). On a narrow screen the columns
// dissolve into one: run controls, the live plots, the knobs, then the rest. The page mode (lab,
// present, embed) and whether the editor is open are classes on the grid; no component places
// itself.
import type { ReactNode } from 'react';
import type { PageMode } from '../state/pageMode';

interface Props {
  mode: PageMode;
  /** The full editor is open in the side column (which then takes more width). */
  editing: boolean;
  header: ReactNode;
  notices: ReactNode;
  side: ReactNode;
  main: ReactNode;
  footer: ReactNode;
}

export function LabLayout({ mode, editing, header, notices, side, main, footer }: Props) {
  return (
    <div className={`lab lab--${mode}${editing ? ' lab--editing' : ''}`} data-mode={mode}>
      {header && <div className="lab__head">{header}</div>}
      {notices && <div className="lab__notices">{notices}</div>}
      <main className="lab__body">
        <div className="lab__side">{side}</div>
        <div className="lab__main">
          {main}
          {footer && <div className="lab__foot">{footer}</div>}
        </div>
      </main>
    </div>
  );
}
