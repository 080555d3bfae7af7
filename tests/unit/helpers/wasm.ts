// The wasm build (web/src/sim/pkg, `--target web` output) initialised synchronously in Node.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { initSync } from '../../../web/src/sim/pkg/tcplab_wasm.js';
import { ROOT } from '../../golden/golden';

export * from '../../../web/src/sim/pkg/tcplab_wasm.js';

initSync({ module: readFileSync(join(ROOT, 'web', 'src', 'sim', 'pkg', 'tcplab_wasm_bg.wasm')) });
