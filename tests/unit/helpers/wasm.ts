// The wasm builds (web/src/sim/pkg and web/src/sim/grade-pkg, `--target web` output) initialised
// synchronously in Node: the simulator's module, whose exports this re-exports, and the grader's,
// which web/src/sim/grader.ts calls.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { initSync as initGrader } from '../../../web/src/sim/grade-pkg/tcplab_grade_wasm.js';
import { initSync } from '../../../web/src/sim/pkg/tcplab_wasm.js';
import { ROOT } from '../../golden/golden';

export * from '../../../web/src/sim/pkg/tcplab_wasm.js';

const SIM = join(ROOT, 'web', 'src', 'sim');
initSync({ module: readFileSync(join(SIM, 'pkg', 'tcplab_wasm_bg.wasm')) });
initGrader({ module: readFileSync(join(SIM, 'grade-pkg', 'tcplab_grade_wasm_bg.wasm')) });
