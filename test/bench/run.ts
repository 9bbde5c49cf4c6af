// `npm run bench [-- section ...]`: every benchmark (or the sections named), printed as Markdown for BENCHMARKS.md.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { machine } from './stats';
import { benchBackup } from './backup.bench';
import { benchBrowse } from './browse.bench';
import { benchChangeUi } from './change-ui.bench';
import { benchChanges } from './changes.bench';
import { benchCommands } from './commands.bench';
import { benchDetails } from './details.bench';
import { benchDetailsUi } from './details-ui.bench';
import { benchHistory } from './history.bench';
import { benchHttp } from './http.bench';
import { benchImport } from './import.bench';
import { benchIpc } from './ipc.bench';
import { benchPaper } from './paper.bench';
import { benchPhotoPrepare } from './photo-prepare';
import { benchSales } from './sales.bench';
import { benchStore } from './store.bench';
import { benchSync } from './sync.bench';
import { benchUi } from './ui.bench';
import { benchWeek } from './week.bench';
import { benchWalk } from './walk.bench';

const SECTIONS: Record<string, { title: string; run: (dir: string) => string[] | Promise<string[]> }> = {
  store: { title: 'Local store', run: benchStore },
  http: { title: 'HTTP service', run: benchHttp },
  sync: { title: 'Sync: draining the outbox', run: benchSync },
  ipc: { title: 'IPC: what the contract adds to a call', run: benchIpc },
  ui: { title: 'The counter UI', run: benchUi },
  commands: { title: 'The command line and the service as commands', run: benchCommands },
  browse: { title: 'The animals screen over every animal', run: benchBrowse },
  changes: { title: 'Changes of animals: draining 10,000 queued changes', run: benchChanges },
  'change-ui': { title: 'Changes of animals: a status by keyboard', run: benchChangeUi },
  import: { title: 'Importing a CSV of animals', run: benchImport },
  details: { title: "An animal's details: size, the screen and a full walk", run: benchDetails },
  walk: { title: 'A full walk of 100,000 detailed animals: before and after, one run', run: benchWalk },
  'details-ui': { title: "An animal's details in the window: filters, searches and scrolling", run: benchDetailsUi },
  photo: { title: 'Preparing a photo', run: async () => [await benchPhotoPrepare()] },
  paper: { title: 'Paper: 500 cage cards in one printing', run: benchPaper },
  history: { title: "An animal's history: its cost to each write, and opening 10,000 changes", run: benchHistory },
  week: { title: 'The week at a glance over a year of history', run: benchWeek },
  sales: { title: "A sale's cost to a status change, and a week's takings", run: benchSales },
  backup: { title: 'A backup of a 100,000-animal replica while it is written', run: benchBackup },
};

const chosen = process.argv.slice(2);
const unknown = chosen.filter((name) => !(name in SECTIONS));
if (unknown.length > 0) {
  console.error(`No benchmark section ${unknown.join(', ')}; choose from: ${Object.keys(SECTIONS).join(', ')}`);
  process.exit(2);
}
const dir = mkdtempSync(join(tmpdir(), 'petstore-bench-'));
try {
  console.log(`Machine: ${machine()}`);
  console.log(`Date: ${new Date().toISOString().slice(0, 10)}`);
  for (const [name, section] of Object.entries(SECTIONS)) {
    if (chosen.length > 0 && !chosen.includes(name)) continue;
    console.log(`\n## ${section.title}\n`);
    console.log((await section.run(dir)).join('\n'));
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
