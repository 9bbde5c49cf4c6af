import { toast } from 'sonner';
import type { RemoteEnvironment, ServerStatus } from '../../../shared/contract';
import { call, messageOf } from '../api';
import { ENVIRONMENT_LABELS } from '../format';

const animals = (count: number) => (count === 1 ? 'one animal’s details' : `${count} animals’ details`);

/**
 * Where the animals' details (price, sex, breed ...) are for this server, as main decided: kept on
 * this computer only while it does not take them, and offered for upload once it does.
 */
export function DetailsPlace({ environment, status }: { environment: RemoteEnvironment; status: ServerStatus }) {
  const { server, keptHere } = status.details;
  const label = ENVIRONMENT_LABELS[environment];
  if (server !== 'takes') {
    const why = server === 'lacks' ? 'this server does not take them' : 'this server has not said it takes them';
    return (
      <span data-testid="details-kept-here" className="details-kept-here">
        Details kept on this computer only{keptHere > 0 ? ` (${keptHere})` : ''}: {why}
      </span>
    );
  }
  if (keptHere === 0) return null;
  const upload = () =>
    call('uploadKeptDetails', { environment }).then(
      ({ queued }) => toast(`Sending ${animals(queued)} to ${label}.`),
      (error: unknown) => toast.error(`Not sent: ${messageOf(error)}`),
    );
  return (
    <span data-testid="details-kept-here" className="details-kept-here for-a-person">
      {`Details of ${keptHere === 1 ? 'one animal' : `${keptHere} animals`} kept here only`}
      <button type="button" className="upload-details" onClick={() => void upload()}>
        Send them to {label}
      </button>
    </span>
  );
}
