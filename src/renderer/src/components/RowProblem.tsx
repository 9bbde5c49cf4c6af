import { Name } from './Name';

/** What a row that needs a person shows: a badge and the buttons in its Sync cell, the reason under its name. */
export interface RowProblem {
  badge: string;
  tone: 'danger' | 'conflict';
  reason: { short: string; full: string };
  actions: Array<{ text: string; label?: string; onClick(): void }>;
}

/**
 * One line under the animal's name, for the eye (the whole reason on hover): a screen reader hears
 * the whole reason in the Sync cell instead, and the name cell stays the name.
 */
export function ProblemReason({ problem }: { problem: RowProblem }) {
  return (
    <span className={`row-reason ${problem.tone}`} title={problem.reason.full} aria-hidden="true">
      <Name>{problem.reason.short}</Name>
    </span>
  );
}

export function ProblemActions({ problem }: { problem: RowProblem }) {
  return (
    <span className="row-problem">
      <span className={`badge ${problem.tone}`}>{problem.badge}</span>
      <span className="visually-hidden">
        <Name>{problem.reason.full}</Name>
      </span>
      {problem.actions.map((action) => (
        <button key={action.text} type="button" className="compact" onClick={action.onClick} aria-label={action.label}>
          {action.text}
        </button>
      ))}
    </span>
  );
}
