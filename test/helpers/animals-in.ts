import Database from 'better-sqlite3';

/** The names of a database file's animals, by id: what a restore put in place (read only). */
export const animalsIn = (file: string) => {
  const db = new Database(file, { readonly: true });
  try {
    return db.prepare<[], string>('SELECT name FROM pets ORDER BY id').pluck().all();
  } finally {
    db.close();
  }
};
