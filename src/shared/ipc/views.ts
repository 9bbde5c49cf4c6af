/** Whether a key is set, and since when: never the key itself, which stays in main. */
export interface KeyStatusView {
  set: boolean;
  setAt: string | null;
}

export interface ConnectionVerdictView {
  verdict: 'ok' | 'key_rejected' | 'unreachable' | 'not_a_pet_store' | 'no_key' | 'no_address';
  message: string;
}
