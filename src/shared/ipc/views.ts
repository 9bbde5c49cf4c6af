/** Whether a key is set, and since when: never the key itself, which stays in main. */
export interface KeyStatusView {
  set: boolean;
  setAt: string | null;
}

export interface ConnectionVerdictView {
  verdict: 'ok' | 'key_rejected' | 'unreachable' | 'not_a_pet_store' | 'no_key' | 'no_address';
  message: string;
}

/** A server environment's address (and where it came from) and its key's status. */
export interface EnvironmentSettingsView {
  environment: 'production' | 'staging';
  baseUrl: string | null;
  baseUrlSource: 'settings' | 'environment variable' | 'none';
  /** A preset address that was refused, and why. */
  baseUrlProblem: string | null;
  key: KeyStatusView;
}

export interface PreferencesView {
  confirmProductionAdds: boolean;
}
