import { writeFile } from 'node:fs/promises';
import type { PetstoreCore } from '../core/petstore-core';
import { environmentOption, EXIT, parse, UsageError, type CommandGroup } from './cli-args';
import { csvOutOption } from './paper-out';

/** The options every `categories` command takes, the environment among them. */
function parseCategories(args: string[], core: PetstoreCore) {
  const parsed = parse(args, {
    env: { type: 'string' },
    remove: { type: 'boolean', default: false },
    out: { type: 'string' },
  });
  return { ...parsed, environment: environmentOption(parsed.values, core) };
}

/** `categories list | name | import | export`: the names of category ids, per environment. */
export const categoriesCommands: CommandGroup = {
  async list(args, { core, io }) {
    const opened = core();
    const { values, environment } = parseCategories(args, opened);
    const names = opened.categoryNames(environment);
    io.out(
      values['json']
        ? JSON.stringify(names)
        : names.length === 0
          ? `No category of ${environment} has a name.`
          : names.map(({ categoryId, name }) => `${categoryId.padStart(20)}  ${name}`).join('\n'),
    );
    return EXIT.ok;
  },

  async name(args, { core, io }) {
    const opened = core();
    const { values, positionals, environment } = parseCategories(args, opened);
    const [categoryId, name] = positionals;
    if (categoryId === undefined || (name === undefined && !values['remove']))
      throw new UsageError('categories name needs the id and the name (or --remove)');
    const named = opened.nameCategory(environment, { categoryId, name: values['remove'] ? null : name });
    io.out(
      named
        ? `Category ${named.categoryId} of ${environment} is named ${named.name}.`
        : `Category ${categoryId} of ${environment} has no name now.`,
    );
    return EXIT.ok;
  },

  async import(args, { core, io }) {
    const opened = core();
    const { positionals, environment } = parseCategories(args, opened);
    const [file] = positionals;
    if (file === undefined) throw new UsageError('categories import needs the CSV file to read');
    const { named } = (await opened.importCategoryNamesFromFile(environment, file))!;
    io.out(`${named} category names of ${environment} imported.`);
    return EXIT.ok;
  },

  async export(args, { core }) {
    const opened = core();
    const { values, environment } = parseCategories(args, opened);
    const out = csvOutOption(values['out']);
    const csv = opened.exportCategoryNames(environment);
    if (out !== undefined) await writeFile(out, csv, 'utf8');
    else process.stdout.write(csv);
    return EXIT.ok;
  },
};
