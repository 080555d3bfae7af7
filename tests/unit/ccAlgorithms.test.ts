// The algorithms' display names come from the registry through the JSON Schema (`x-label`), not
// from a list in the page.
import { describe, expect, it } from 'vitest';
import { CC_ALGORITHMS, ccLabel } from '../../web/src/scenario/ccAlgorithms';

describe('ccLabel', () => {
  it('gives every algorithm of the schema its registry name', () => {
    expect(CC_ALGORITHMS.length).toBeGreaterThanOrEqual(13);
    expect(ccLabel('westwood_plus')).toBe('Westwood+');
    expect(ccLabel('htcp')).toBe('H-TCP');
    expect(ccLabel('e2e_feedback')).toBe('E2E feedback');
    for (const cc of CC_ALGORITHMS) {
      expect(ccLabel(cc), cc).not.toBe(cc);
    }
  });

  it('falls back to the JSON name for a name the schema does not know', () => {
    expect(ccLabel('no_such_cc')).toBe('no_such_cc');
  });
});
