import {
  ApiError,
  CARD_FIELDS,
  cardFieldsSchema,
  checkBaseUrl,
  parseOrThrow,
  type CardField,
  defaultCurrency,
  IDLE_SIGN_OUT_MINUTES,
  isCurrencyCode,
  isIdleSignOutMinutes,
  isEnvironmentName,
  type EnvironmentName,
  type RemoteEnvironment,
} from '../../shared/contract';
import type { SqliteDatabase } from '../database/database';

/** Environment variables that preset a base address until one is set in the app. */
export const BASE_URL_PRESETS: Record<RemoteEnvironment, string> = {
  production: 'PETSTORE_PRODUCTION_URL',
  staging: 'PETSTORE_STAGING_URL',
};

/** Only the address presets of a process environment: what a sync thread needs to read addresses as the main thread does. */
export function addressPresets(env: NodeJS.ProcessEnv): Record<string, string> {
  const presets: Record<string, string> = {};
  for (const name of Object.values(BASE_URL_PRESETS)) {
    const value = env[name];
    if (value !== undefined) presets[name] = value;
  }
  return presets;
}

export interface BaseUrlSetting {
  url: string | null;
  source: 'settings' | 'environment variable' | 'none';
  /** A preset that was refused, and why; the app then has no address for that environment. */
  problem?: string;
}

/** The app's settings, persisted in its database. Keys are not settings: they live in the keychain. */
/** This computer's locale, as Intl sees it (Electron sets it from the OS). */
const systemLocale = () => Intl.DateTimeFormat().resolvedOptions().locale;

export function createSettings(db: SqliteDatabase, env: NodeJS.ProcessEnv = process.env) {
  const select = db.prepare<[string], string>('SELECT value FROM settings WHERE name = ?').pluck();
  const write = db.prepare<[string, string]>(
    'INSERT INTO settings (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value',
  );
  const remove = db.prepare<[string]>('DELETE FROM settings WHERE name = ?');
  // Settings are read far more often than written (the address, for each batch a drain sends and each list):
  // what was read is kept until the file changes, by another connection (data_version) or this one
  // (total_changes, whatever wrote it).
  const fileVersion = db
    .prepare<[], string>(`SELECT data_version || '.' || total_changes() FROM pragma_data_version`)
    .pluck();
  let known = new Map<string, string | undefined>();
  let knownAt = '';
  const keptCurrency = (environment: EnvironmentName): string | undefined => {
    const stored = read.get(`currency.${environment}`);
    return stored !== undefined && isCurrencyCode(stored) ? stored : undefined;
  };
  const read = {
    get(name: string): string | undefined {
      if (db.inTransaction) return select.get(name); // what it reads may yet be rolled back
      const version = fileVersion.get()!;
      if (version !== knownAt) {
        known = new Map();
        knownAt = version;
      }
      if (!known.has(name)) known.set(name, select.get(name));
      return known.get(name);
    },
  };

  return {
    activeEnvironment(): EnvironmentName {
      const stored = read.get('active_environment');
      return isEnvironmentName(stored) ? stored : 'local';
    },

    setActiveEnvironment(name: EnvironmentName): void {
      write.run('active_environment', name);
    },

    baseUrl(environment: RemoteEnvironment): BaseUrlSetting {
      const stored = read.get(`base_url.${environment}`);
      if (stored !== undefined) return { url: stored, source: 'settings' };
      const preset = env[BASE_URL_PRESETS[environment]];
      if (preset === undefined || preset === '') return { url: null, source: 'none' };
      const checked = checkBaseUrl(preset);
      return checked.ok
        ? { url: checked.url, source: 'environment variable' }
        : { url: null, source: 'none', problem: `${BASE_URL_PRESETS[environment]}: ${checked.problem}` };
    },

    /** Validates, normalises and stores; returns the normalised address. */
    setBaseUrl(environment: RemoteEnvironment, input: string): string {
      const checked = checkBaseUrl(input);
      if (!checked.ok)
        throw new ApiError('invalid_parameter', `The ${environment} address is not usable: ${checked.problem}.`);
      write.run(`base_url.${environment}`, checked.url);
      return checked.url;
    },

    /**
     * The ISO 4217 currency an environment's prices are in (a manager sets it for each): until
     * then, that of this computer's region.
     */
    currency(environment: EnvironmentName): string {
      return keptCurrency(environment) ?? defaultCurrency(systemLocale());
    },

    /** Whether the environment's currency is kept (a manager's, or the first price's), not this computer's region's. */
    currencyKept: (environment: EnvironmentName): boolean => keptCurrency(environment) !== undefined,

    /**
     * Keeps the currency the environment's prices are read in now, when none is: called as a
     * price is first written, so that every process reads it the same, whatever its region.
     */
    keepCurrency(environment: EnvironmentName): void {
      if (keptCurrency(environment) === undefined)
        write.run(`currency.${environment}`, defaultCurrency(systemLocale()));
    },

    setCurrency(environment: EnvironmentName, code: string): string {
      const wanted = code.trim().toUpperCase();
      if (!isCurrencyCode(wanted)) {
        throw ApiError.fromFields('invalid_parameter', [
          {
            field: 'currency',
            message: `must be an ISO 4217 currency code such as GBP, EUR or USD, got "${code.slice(0, 20)}"`,
          },
        ]);
      }
      write.run(`currency.${environment}`, wanted);
      return wanted;
    },

    /** The main window's last bounds, or null. */
    windowBounds(): { x: number; y: number; width: number; height: number } | null {
      const stored = read.get('window_bounds');
      if (stored === undefined) return null;
      const bounds = JSON.parse(stored) as Record<string, unknown>;
      return ['x', 'y', 'width', 'height'].every((k) => Number.isInteger(bounds[k])) ? (bounds as never) : null;
    },

    setWindowBounds(bounds: { x: number; y: number; width: number; height: number }): void {
      write.run(
        'window_bounds',
        JSON.stringify({ x: bounds.x, y: bounds.y, width: bounds.width, height: bounds.height }),
      );
    },

    /** Whether adding an animal in production asks first (on unless a manager turned it off). */
    confirmProductionAdds(): boolean {
      return read.get('confirm_production_adds') !== 'false';
    },

    setConfirmProductionAdds(confirm: boolean): void {
      write.run('confirm_production_adds', String(confirm));
    },

    /** After how many idle minutes main signs the person at the counter out (a manager sets it). */
    idleSignOutMinutes(): number {
      const stored = Number(read.get('idle_sign_out_minutes'));
      return isIdleSignOutMinutes(stored) ? stored : IDLE_SIGN_OUT_MINUTES.default;
    },

    setIdleSignOutMinutes(minutes: number): void {
      if (!isIdleSignOutMinutes(minutes)) {
        throw ApiError.fromFields('invalid_parameter', [
          {
            field: 'minutes',
            message: `must be a whole number of minutes from ${IDLE_SIGN_OUT_MINUTES.min} to ${IDLE_SIGN_OUT_MINUTES.max}, got ${String(minutes).slice(0, 20)}`,
          },
        ]);
      }
      write.run('idle_sign_out_minutes', String(minutes));
    },

    /** What the shop's cage cards show besides the name (all, until a person chooses). */
    cardFields(): CardField[] {
      const stored = cardFieldsSchema.safeParse(JSON.parse(read.get('card_fields') ?? 'null'));
      return stored.success ? stored.data : [...CARD_FIELDS];
    },

    setCardFields(fields: unknown): CardField[] {
      const chosen = parseOrThrow(cardFieldsSchema, fields, 'invalid_parameter', 'fields');
      write.run('card_fields', JSON.stringify(chosen));
      return chosen;
    },

    /** The category of the last animal added here to the environment: the add form starts with it. */
    lastCategory(environment: EnvironmentName): string | null {
      return read.get(`last_category.${environment}`) ?? null;
    },

    setLastCategory(environment: EnvironmentName, categoryId: string): void {
      write.run(`last_category.${environment}`, categoryId);
    },

    /** The folder a manager chose for backups, or null for the data folder's own. */
    backupFolder(): string | null {
      return read.get('backup_folder') ?? null;
    },

    setBackupFolder(folder: string | null): void {
      if (folder === null) remove.run('backup_folder');
      else write.run('backup_folder', folder);
    },

    keySetAt(environment: RemoteEnvironment): string | null {
      return read.get(`key_set_at.${environment}`) ?? null;
    },

    /** When the key was set, and the origin (scheme, host, port) of the address it was set for; null when cleared. */
    recordKeySet(environment: RemoteEnvironment, set: { at: Date; origin: string } | null): void {
      if (set === null) {
        remove.run(`key_set_at.${environment}`);
        remove.run(`key_origin.${environment}`);
        return;
      }
      write.run(`key_set_at.${environment}`, set.at.toISOString());
      write.run(`key_origin.${environment}`, set.origin);
    },

    /** The origin the key may be sent to: the one it was set for, or the one a person confirmed it for. */
    keyOrigin(environment: RemoteEnvironment): string | null {
      return read.get(`key_origin.${environment}`) ?? null;
    },

    setKeyOrigin(environment: RemoteEnvironment, origin: string): void {
      write.run(`key_origin.${environment}`, origin);
    },
  };
}

export type Settings = ReturnType<typeof createSettings>;
