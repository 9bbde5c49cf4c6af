import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import type { EnvironmentName } from '../../../shared/contract';
import type { WeekAtAGlance } from '../../../shared/contract/week-at-a-glance';
import { call, messageOf, subscribe } from '../api';
import { ENVIRONMENT_LABELS } from '../format';
import { daysOf, endsThisWeek, movedBy, SPANS, thisWeek, type GlancePeriod, type Span } from '../week-period';
import { FILE_COMMANDS } from './AnimalFiles';
import { StatusChart } from './StatusChart';
import { StatusTable, TradeTable, WaitingTable } from './WeekTables';
import {
  daysInStockOf,
  daysInStockWords,
  glanceWhole,
  periodWords,
  takingsWords,
} from '../../../shared/contract/week-words';
import './week-screen.css';

/** The id of the screen's heading, which takes the focus when the screen opens. */
export const WEEK_HEADING_ID = 'week-heading';

const SPAN_WORDS: Record<Span, string> = { 1: 'One week', 4: '4 weeks', 13: '13 weeks' };

/** The figures of the period on screen, asked again when the environment's data changes. */
function useGlance(environment: EnvironmentName, period: GlancePeriod) {
  const [glance, setGlance] = useState<WeekAtAGlance | null>(null);
  const [problem, setProblem] = useState('');
  const { from, to } = daysOf(period);
  // Asked before the screen's first frame is painted, not after it: the answer is on its way while
  // the browser draws the screen's head.
  useLayoutEffect(() => {
    let current = true;
    const load = () =>
      call('weekAtAGlance', { environment, from, to }).then(
        (answer) => current && (setGlance(answer), setProblem('')),
        (error: unknown) => current && setProblem(messageOf(error)),
      );
    void load();
    const unsubscribe = subscribe('dataChanged', (changed) => changed.environment === environment && void load());
    return () => {
      current = false;
      unsubscribe();
    };
  }, [environment, from, to]);
  // An answer for another period or environment is never shown as this one's.
  const shown = glance?.environment === environment && glance.from === from && glance.to === to ? glance : null;
  return { glance: shown, problem };
}

/** The week printed by main: to the operating system's print dialog, or to a PDF where a person chooses. */
async function printWeek(environment: EnvironmentName, from: string, to: string, how: 'print' | 'save') {
  const request = { kind: 'week', environment, from, to } as const;
  try {
    if (how === 'save') {
      const { path } = await call('savePaper', request);
      if (path !== null) toast.success(`The week at a glance, ${from} to ${to}, saved to ${path}.`);
    } else if ((await call('printPaper', request)).printed)
      toast.success(`The week at a glance, ${from} to ${to}, sent to the printer.`);
  } catch (error) {
    toast.error(messageOf(error));
  }
}

/**
 * The manager's week at a glance of the active environment: animals by status at each day's end
 * (a chart with its table), added, sold and takings by day and week, days in stock, and the animals
 * waiting longest. Print… (and Ctrl+P) and Save as PDF… print it by main's paper road (week-sheet.ts).
 */
export function WeekScreen({ environment }: { environment: EnvironmentName }) {
  const [period, setPeriod] = useState<GlancePeriod>(() => thisWeek());
  const { glance, problem } = useGlance(environment, period);
  const { from, to } = daysOf(period);
  const heading = useRef<HTMLHeadingElement>(null);
  const id = useId();
  useEffect(() => heading.current?.focus(), []);

  // Ctrl+P (and File > Print…) prints the week while this screen is shown.
  const print = useRef<() => void>(() => undefined);
  useEffect(() => {
    FILE_COMMANDS['print-paper'] = () => print.current();
    return () => void delete FILE_COMMANDS['print-paper'];
  }, []);
  print.current = () => void printWeek(environment, from, to, 'print');

  const exportCsv = async () => {
    try {
      const outcome = await call('exportWeekToFile', { environment, from, to });
      if (outcome.path !== null) toast.success(`The week at a glance, ${from} to ${to}, exported to ${outcome.path}.`);
    } catch (error) {
      toast.error(messageOf(error));
    }
  };

  return (
    <section className="week-screen" aria-labelledby={WEEK_HEADING_ID} data-printable="week">
      <div className="week-head">
        <h2 id={WEEK_HEADING_ID} ref={heading} tabIndex={-1}>
          Week at a glance: {ENVIRONMENT_LABELS[environment]}, {periodWords(from, to)}
        </h2>
        <div className="week-controls">
          <div role="group" aria-label="Which weeks" className="button-row">
            <button type="button" onClick={() => setPeriod(movedBy(period, -1))}>
              Previous week
            </button>
            <button type="button" onClick={() => setPeriod(thisWeek(period.span))} disabled={endsThisWeek(period)}>
              This week
            </button>
            <button type="button" onClick={() => setPeriod(movedBy(period, 1))} disabled={endsThisWeek(period)}>
              Next week
            </button>
          </div>
          <div role="group" aria-label="How long" className="button-row">
            {SPANS.map((span) => (
              <button
                key={span}
                type="button"
                aria-pressed={period.span === span}
                onClick={() => setPeriod({ ...period, span })}
              >
                {SPAN_WORDS[span]}
              </button>
            ))}
          </div>
          <div role="group" aria-label="Export and print" className="button-row">
            <button type="button" onClick={() => void exportCsv()} disabled={glance === null}>
              Export CSV…
            </button>
            <button type="button" onClick={() => print.current()} disabled={glance === null}>
              Print…
            </button>
            <button
              type="button"
              onClick={() => void printWeek(environment, from, to, 'save')}
              disabled={glance === null}
            >
              Save as PDF…
            </button>
          </div>
        </div>
        <p className="hint">Days run midnight to midnight in this computer’s time zone.</p>
      </div>
      {problem !== '' && (
        <p className="form-error" role="alert">
          {problem}
        </p>
      )}
      {glance === null ? (
        problem === '' && <p className="state-message">Counting…</p>
      ) : (
        <GlanceBody glance={glance} ids={id} />
      )}
    </section>
  );
}

function GlanceBody({ glance, ids }: { glance: WeekAtAGlance; ids: string }) {
  const whole = glanceWhole(glance);
  return (
    <>
      <dl className="glance-figures">
        <div>
          <dt>Added</dt>
          <dd>{whole?.added ?? '—'}</dd>
        </div>
        <div>
          <dt>Sold</dt>
          <dd>{whole?.sold ?? '—'}</dd>
        </div>
        <div>
          <dt>Takings</dt>
          <dd>{whole === null ? '—' : takingsWords(whole, glance.currency)}</dd>
        </div>
        <div>
          <dt>Days in stock</dt>
          <dd>
            {daysInStockWords(glance.daysInStock)}
            <span className="hint"> {daysInStockOf(glance.daysInStock)}</span>
          </dd>
        </div>
      </dl>
      <section aria-labelledby={`${ids}-status`} className="glance-part">
        <h3 id={`${ids}-status`}>Animals by status at each day’s end</h3>
        <div className="chart-beside-table">
          <StatusChart days={glance.days} titleId={`${ids}-status`} />
          <div className="table-scroll" tabIndex={0} role="region" aria-label="The chart’s figures, day by day">
            <StatusTable days={glance.days} />
          </div>
        </div>
      </section>
      <section aria-labelledby={`${ids}-trade`} className="glance-part">
        <h3 id={`${ids}-trade`}>Added and sold, with takings</h3>
        <div className="tables-side-by-side">
          <div className="table-scroll" tabIndex={0} role="region" aria-label="Added and sold, day by day">
            <TradeTable rows={glance.days} currency={glance.currency} caption="Each day" />
          </div>
          {glance.weeks.length > 1 && <TradeTable rows={glance.weeks} currency={glance.currency} caption="Each week" />}
        </div>
      </section>
      <section aria-labelledby={`${ids}-waiting`} className="glance-part">
        <h3 id={`${ids}-waiting`}>Waiting longest</h3>
        <WaitingTable animals={glance.waitingLongest} />
      </section>
    </>
  );
}
