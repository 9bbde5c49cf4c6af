import Database from 'better-sqlite3';
import { LOST_LISTED, type LostDetail, type LostKind, type RestoreLost } from '../../shared/contract/backups';
import { databaseContents, queueTables } from '../database/backup-contents';
import type { SqliteDatabase } from '../database/database';

const columnsOf = (db: SqliteDatabase, schema: string, table: string) =>
  db.prepare<[string, string], string>(`SELECT name FROM pragma_table_info(?, ?)`).pluck().all(table, schema);

/**
 * What the current file holds that the backup lacks, kind by kind: animals the backup lacks or
 * holds otherwise (any column the two share differs), sales and staff it lacks, settings it holds
 * otherwise (the manager's lock is carried over, so not among them), and unsent entries it lacks.
 */
export function lostBy(current: string, backup: string): RestoreLost {
  let db: SqliteDatabase | undefined;
  try {
    db = new Database(current, { readonly: true, fileMustExist: true });
    databaseContents(db); // reads every table a restore is about: a damaged file fails here
    db.prepare('ATTACH DATABASE ? AS backup').run(backup);
    const both = (table: string) => columnsOf(db!, 'main', table).length > 0;
    const inBackup = (table: string) => columnsOf(db!, 'backup', table).length > 0;
    const keys = (sql: string) => db!.prepare<[], string | number>(sql).pluck().all().map(String);
    /** The rows of `table` whose `key` the backup lacks (every row when it has no such table). */
    const lacked = (table: string, key: string, shown = key) =>
      !both(table)
        ? []
        : keys(
            `SELECT ${shown} FROM main."${table}"` +
              (inBackup(table) ? ` WHERE ${key} NOT IN (SELECT ${key} FROM backup."${table}")` : '') +
              ` ORDER BY rowid`,
          );
    const changedAnimals = () => {
      if (!both('pets') || !inBackup('pets')) return [];
      const shared = columnsOf(db!, 'backup', 'pets');
      const same = columnsOf(db!, 'main', 'pets')
        .filter((column) => shared.includes(column))
        .map((column) => `n."${column}" IS b."${column}"`)
        .join(' AND ');
      return keys(`SELECT n.id FROM main.pets n JOIN backup.pets b ON b.id = n.id WHERE NOT (${same}) ORDER BY n.id`);
    };
    const changedSettings = () =>
      !both('settings')
        ? []
        : keys(
            `SELECT name FROM main.settings n WHERE name NOT LIKE 'manager\\_pin%' ESCAPE '\\'` +
              (inBackup('settings')
                ? ` AND value IS NOT (SELECT value FROM backup.settings b WHERE b.name = n.name)`
                : '') +
              ' ORDER BY name',
          );
    const backupQueues = new Set(
      db.prepare<[], string>("SELECT name FROM backup.sqlite_master WHERE type = 'table'").pluck().all(),
    );
    const unsent = queueTables(db).flatMap((table) =>
      keys(
        `SELECT idempotency_key FROM main."${table}" WHERE state <> 'accepted'` +
          (backupQueues.has(table)
            ? ` AND idempotency_key NOT IN (SELECT idempotency_key FROM backup."${table}")`
            : '') +
          ' ORDER BY rowid',
      ),
    );
    const found: Record<LostKind, string[]> = {
      animals: lacked('pets', 'id'),
      changed: changedAnimals(),
      sales: lacked('orders', 'id'),
      staff: lacked('staff', 'name_key', 'name'),
      settings: changedSettings(),
      unsent,
    };
    const details: LostDetail[] = Object.entries(found).map(([kind, all]) => ({
      kind: kind as LostKind,
      count: all.length,
      first: all.slice(0, LOST_LISTED),
    }));
    return { animals: found.animals.length, unsent: found.unsent.length, details };
  } catch {
    return 'unreadable';
  } finally {
    db?.close();
  }
}
