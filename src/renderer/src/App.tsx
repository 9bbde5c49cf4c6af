import { useEffect, useRef, type CSSProperties } from 'react';
import { Toaster } from 'sonner';
import { COMMANDS, commandForKey, shortcutLabel, type CommandId } from '../../shared/commands';
import { subscribe } from './api';
import { listenForScans } from './scanner';
import { marksFollowTheWindow } from './marks-follow-the-window';
import { saveSupportBundle } from './support-bundle';
import { isUndoKey, undoLatest } from './undo';
import { AnimalsScreen } from './components/AnimalsScreen';
import { ADD_NAME_FIELD_ID } from './components/AddAnimalForm';
import { FILE_COMMANDS } from './components/AnimalFiles';
import { BackupWarning } from './components/BackupWarning';
import { ConfirmDialog } from './components/ConfirmDialog';
import { CounterPerson } from './components/CounterPerson';
import { EnvironmentBar, EnvironmentStrip } from './components/EnvironmentBar';
import { SEARCH_FIELD_ID } from './components/Filters';
import { PinDialog } from './components/PinDialog';
import { SettingsScreen } from './components/SettingsScreen';
import { followBackups } from './backup-status';
import { SignInDialog } from './components/SignInDialog';
import { SyncBar, syncNowAndAnnounce } from './components/SyncBar';
import { WeekScreen } from './components/WeekScreen';
import { keepToastsBesideTheWork } from './components/ToastRoom';
import { FALLBACK_FOCUS_ID } from './components/use-modal';
import { askWhoIsAtTheCounter, followTheCounter } from './counter';
import { isMac } from './format';
import { keepFocusOnThePage } from './keep-focus';
import { countKeys } from './typing';
import { useWindowState, type Screen } from './window-state';

/**
 * Focus at once when the element is on screen (keys typed right after the shortcut land in it),
 * else once the screen that holds it has rendered.
 */
function focusNowOrSoon(id: string, select = false): void {
  const focus = () => {
    const element = document.getElementById(id) as HTMLInputElement | null;
    element?.focus();
    if (select) element?.select();
    return element !== null && document.activeElement === element;
  };
  if (!focus()) requestAnimationFrame(focus);
}

/** One place that runs a command, whether it came from its shortcut or the native menu. */
function runCommand(command: CommandId): void {
  const app = useWindowState.getState();
  switch (command) {
    case 'sync-now':
      return syncNowAndAnnounce();
    case 'new-animal':
      app.showScreen('animals');
      return focusNowOrSoon(ADD_NAME_FIELD_ID);
    case 'import-animals':
    case 'export-animals':
    case 'export-register':
    case 'print-paper':
      // The Week screen prints the week; anywhere else, Ctrl+P prints cards, labels or the stock list.
      if (command !== 'print-paper' || app.screen !== 'week') app.showScreen('animals');
      return void requestAnimationFrame(() => FILE_COMMANDS[command]?.());
    case 'filter-animals':
      app.showScreen('animals');
      // Find by name takes the focus with what it holds selected: typing replaces it.
      return focusNowOrSoon(SEARCH_FIELD_ID, true);
    case 'show-animals':
      return void app.showScreen('animals');
    case 'show-week':
      return void app.showScreen('week');
    case 'show-settings':
      return void app.showScreen('settings');
    case 'use-local':
      return void app.chooseEnvironment('local');
    case 'use-production':
      return void app.chooseEnvironment('production');
    case 'use-staging':
      return void app.chooseEnvironment('staging');
    case 'sign-in':
      return askWhoIsAtTheCounter();
    case 'save-support-bundle':
      return void saveSupportBundle();
  }
}

const TABS: ReadonlyArray<{ screen: Screen; command: `show-${Screen}`; label: string }> = [
  { screen: 'animals', command: 'show-animals', label: 'Animals' },
  { screen: 'week', command: 'show-week', label: 'Week' },
  { screen: 'settings', command: 'show-settings', label: 'Settings' },
];

export function App() {
  const environment = useWindowState((state) => state.environment);
  const screen = useWindowState((state) => state.screen);
  const showScreen = useWindowState((state) => state.showScreen);
  const startedInProduction = useWindowState((state) => state.startedInProduction);
  const acknowledgeProduction = useWindowState((state) => state.acknowledgeProduction);
  const chooseEnvironment = useWindowState((state) => state.chooseEnvironment);
  const toasts = useRef<HTMLDivElement>(null);
  useEffect(() => keepToastsBesideTheWork(toasts.current!), []);

  useEffect(() => {
    void useWindowState.getState().start();
    const onKey = (event: KeyboardEvent) => {
      // Ctrl+Z is not a menu command: a menu accelerator would take it from the text fields' own undo.
      if (isUndoKey(event, isMac) && !document.querySelector('dialog[open]')) {
        event.preventDefault();
        return void undoLatest();
      }
      const command = commandForKey(event, isMac);
      if (command === undefined || document.querySelector('dialog[open]')) return;
      event.preventDefault(); // F5 and Ctrl/Cmd+R never reload the page
      runCommand(command);
    };
    window.addEventListener('keydown', onKey);
    const unsubscribe = subscribe('command', ({ command }) => runCommand(command));
    const stopKeepingFocus = keepFocusOnThePage();
    const stopCountingKeys = countKeys();
    const stopFollowingTheCounter = followTheCounter();
    const stopListeningForScans = listenForScans();
    const stopFollowingBackups = followBackups();
    const stopMarksFollowing = marksFollowTheWindow();
    return () => {
      stopMarksFollowing();
      stopFollowingBackups();
      stopListeningForScans();
      stopFollowingTheCounter();
      stopCountingKeys();
      window.removeEventListener('keydown', onKey);
      unsubscribe();
      stopKeepingFocus();
    };
  }, []);

  return (
    <div className={`app env-${environment ?? 'none'}`}>
      <header className="top-bar">
        <div className="top-row">
          <h1 className="app-title">Petstore Desk</h1>
          <EnvironmentBar />
          <nav aria-label="Screens" className="tabs">
            {TABS.map((tab) => (
              <button
                key={tab.screen}
                type="button"
                className="tab"
                aria-current={screen === tab.screen ? 'page' : undefined}
                title={shortcutLabel(COMMANDS[tab.command].keys[0], isMac)}
                onClick={() => void showScreen(tab.screen)}
              >
                {tab.label}
              </button>
            ))}
          </nav>
          <CounterPerson />
        </div>
        <EnvironmentStrip />
      </header>
      <SyncBar />
      <BackupWarning />
      <main className="content" id={FALLBACK_FOCUS_ID} tabIndex={-1}>
        {environment === null ? (
          <p className="state-message">Starting…</p>
        ) : screen === 'animals' ? (
          <AnimalsScreen />
        ) : screen === 'week' ? (
          <WeekScreen environment={environment} />
        ) : (
          <SettingsScreen />
        )}
      </main>
      {startedInProduction && (
        <ConfirmDialog
          title="You are working in PRODUCTION"
          confirmLabel="Continue in production"
          confirmTone="danger"
          cancelLabel="Switch to the local store"
          cancelTone="primary"
          defaultAction="confirm"
          onConfirm={acknowledgeProduction}
          onCancel={() => {
            acknowledgeProduction();
            void chooseEnvironment('local');
          }}
          returnFocusTo={() => document.getElementById(ADD_NAME_FIELD_ID)}
        >
          <p>Petstore Desk was last used on the live shop's server, so it started there. Animals added now are real.</p>
        </ConfirmDialog>
      )}
      <PinDialog />
      <SignInDialog />
      <div ref={toasts}>
        <Toaster
          position="bottom-left"
          theme="system"
          closeButton
          offset={{ left: 'var(--toast-left, 24px)', bottom: 'var(--toast-bottom, 24px)' }}
          style={{ '--width': 'var(--toast-width, 356px)' } as CSSProperties}
        />
      </div>
    </div>
  );
}
