import { marksLetGo, useMarkedAnimals, type WhereShown } from './marked-animals';
import { useWindowState, type WindowState } from './window-state';

const whereShown = (state: WindowState): WhereShown => ({
  environment: state.environment,
  address:
    state.environment === null || state.environment === 'local' ? null : state.servers[state.environment]?.address,
});

/** Lets go of the marks for paper when the window moves to another environment, or its server to another address. */
export function marksFollowTheWindow(): () => void {
  return useWindowState.subscribe((state, before) => {
    if (marksLetGo(whereShown(state), whereShown(before))) useMarkedAnimals.getState().clear();
  });
}
