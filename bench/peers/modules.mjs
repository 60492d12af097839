// The packages of package.json come from the scratch folder bench/node.py installed them in (named by
// CLIFFSIDE_BENCH_MODULES), never from the repository: `need('ws')` is `require('ws')` from there.

import { createRequire } from 'node:module';
import { join } from 'node:path';

const folder = process.env.CLIFFSIDE_BENCH_MODULES;
if (!folder) {
  throw new Error('CLIFFSIDE_BENCH_MODULES is not set: run it through python -m bench (bench/node.py)');
}

export const need = createRequire(join(folder, 'package.json'));
