// The page's own work for a change, apart from any wait: the CPU time of the page's main thread
// (Chromium's trace of its tasks, each with the thread time it ran) between two performance marks.
// Waits (the harness transport, the display's next frame, other processes on a busy machine) are
// not CPU time of this thread, so what is left is what the app's renderer did.
import type { Page } from '@playwright/test';

/** Marks the in-page timing sets around each change: `${CHANGE_MARK}start` and `${CHANGE_MARK}end`, in turn. */
export const CHANGE_MARK = 'bench-change-';

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

const CATEGORIES = ['blink.user_timing', 'toplevel', 'disabled-by-default-devtools.timeline'];

/**
 * Runs `run` with the page traced, and gives each change's main-thread CPU time in ms: the thread
 * time of the page's top-level tasks between a start mark and the end mark after it, a task that
 * straddles a mark counted for the share of it inside.
 */
export async function mainThreadCpuPerChange(page: Page, run: () => Promise<unknown>): Promise<number[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('Tracing.start', {
      traceConfig: { includedCategories: CATEGORIES, recordMode: 'recordAsMuchAsPossible' },
      transferMode: 'ReturnAsStream',
    });
    await run();
    const complete = new Promise<string>((resolve) =>
      cdp.once('Tracing.tracingComplete', ({ stream }) => resolve(stream!)),
    );
    await cdp.send('Tracing.end');
    const stream = await complete;
    let text = '';
    for (;;) {
      const { data, eof, base64Encoded } = await cdp.send('IO.read', { handle: stream, size: 1 << 20 });
      text += base64Encoded ? Buffer.from(data, 'base64').toString('utf8') : data;
      if (eof) break;
    }
    await cdp.send('IO.close', { handle: stream });
    const parsed = JSON.parse(text) as TraceEvent[] | { traceEvents: TraceEvent[] };
    return cpuBetweenMarks(Array.isArray(parsed) ? parsed : parsed.traceEvents);
  } finally {
    await cdp.detach();
  }
}

function cpuBetweenMarks(events: TraceEvent[]): number[] {
  const marks = events
    .filter((event) => event.name.startsWith(CHANGE_MARK) && event.ph !== 'M')
    .sort((a, b) => a.ts - b.ts);
  const first = marks[0];
  if (first === undefined) throw new Error('The trace holds none of the page’s marks.');
  // The page's main thread: the renderer's thread the marks were made on.
  const onMain = (event: TraceEvent) => event.pid === first.pid && event.tid === first.tid;
  const tasks = events.filter((event) => event.name === 'RunTask' && event.ph === 'X' && onMain(event));
  const spans: Array<[number, number]> = [];
  for (let i = 0; i < marks.length; i++) {
    const start = marks[i]!;
    const end = marks[i + 1];
    if (!start.name.endsWith('start') || end === undefined || !end.name.endsWith('end')) continue;
    spans.push([start.ts, end.ts]);
    i++;
  }
  return spans.map(([from, to]) => {
    let cpu = 0;
    for (const task of tasks) {
      const taskEnd = task.ts + (task.dur ?? 0);
      const inside = Math.min(to, taskEnd) - Math.max(from, task.ts);
      if (inside <= 0 || !task.dur) continue;
      cpu += (task.tdur ?? task.dur) * (inside / task.dur);
    }
    return cpu / 1000;
  });
}
