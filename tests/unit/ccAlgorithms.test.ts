// The display names of the algorithms and queue disciplines come from the registries through the
// JSON Schema (`x-label`), not from a list in the page.
import { describe, expect, it } from 'vitest';
import {
  CC_ALGORITHMS,
  QUEUE_KINDS,
  ccLabel,
  queueLabel,
} from '../../web/src/scenario/ccAlgorithms';
import { queueName } from '../../web/src/lessons/words';

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

describe('queueLabel', () => {
  it('gives every queue discipline of the schema its registry name', () => {
    expect(QUEUE_KINDS.length).toBeGreaterThanOrEqual(10);
    expect(queueLabel('fq_codel')).toBe('FQ-CoDel');
    expect(queueName('token_bucket')).toBe('Token bucket');
    for (const k of QUEUE_KINDS) {
      expect(queueLabel(k), k).not.toBe(k);
    }
    expect(queueLabel('no_such_queue')).toBe('no_such_queue');
  });
});
