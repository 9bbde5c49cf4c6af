import { formatMoney, isRemoteEnvironment, parseMoney, type RemoteEnvironment } from '../../shared/contract';
import { toAppError } from '../app-error';
import type { PetstoreCore } from '../core/petstore-core';
import { saleToOrder, type Sale } from '../../shared/contract/orders';
import { stringifyJson } from '../wire/json-codec';
import {
  environmentOption,
  EXIT,
  noMoreThan,
  opened,
  parse,
  UsageError,
  type Command,
  type CommandGroup,
  type WritingCommand,
} from './cli-args';
import { petsAsTable, table } from './output';
import { reportChange } from './pets-change-commands';

/** The most sales one listing prints: a period's are read a page at a time up to it. */
const LISTED_MAX = 10_000;

/**
 * `pets sell <id> [--price P] [--buyer-name N] [--buyer-contact C]`: marks the animal sold and
 * records its sale, as the window's sale dialog does (the price, in the environment's currency,
 * is the animal's unless given). Against a server, the command then waits for the first send.
 */
export async function sellPet(args: string[], writing: WritingCommand): Promise<number> {
  const { core, io, writes } = writing;
  const { values, positionals } = parse(args, {
    env: { type: 'string' },
    price: { type: 'string' },
    'buyer-name': { type: 'string' },
    'buyer-contact': { type: 'string' },
  });
  const environment = environmentOption(values, core);
  const [petId] = positionals;
  if (petId === undefined) throw new UsageError("pets sell needs the animal's id");
  noMoreThan(positionals, 1, "pets sell takes one animal's id");
  const terms: Record<string, unknown> = {};
  if (typeof values['price'] === 'string') {
    const money = parseMoney(values['price'], core.currency(environment));
    if (!('minor' in money)) throw new UsageError(`--price ${money.problem}`);
    terms['price'] = money.minor;
  }
  if (values['buyer-name'] !== undefined) terms['buyerName'] = values['buyer-name'];
  if (values['buyer-contact'] !== undefined) terms['buyerContact'] = values['buyer-contact'];
  const sold = await writes.sellPet(environment, petId, terms);
  const json = values['json'] === true;
  if ('pet' in sold) {
    io.out(json ? stringifyJson(saleToOrder(sold.sale)) : `Sold in ${environment}:\n${petsAsTable([sold.pet])}`);
    return EXIT.ok;
  }
  if (!isRemoteEnvironment(environment) || sold.change === null) return EXIT.ok;
  await core.sendWaiting(environment).catch(() => undefined); // the sale is safe; its state says what happened
  const now = core.changeEntry(environment, sold.change.entryId);
  return await reportChange(environment, now, sold.change, json, core, io);
}

/** A moment as a person at this computer reads it: its local day and time to the minute. */
const localMoment = (ms: number): string => {
  const at = new Date(ms);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())} ${two(at.getHours())}:${two(at.getMinutes())}`;
};

/** `orders list [--from D] [--to D] [--json] [--env E]`: the sales of a period, newest first (JSON: as orders). */
const list: Command = async (args, context) => {
  const { core, io } = opened(context);
  const { values } = parse(args, { env: { type: 'string' }, from: { type: 'string' }, to: { type: 'string' } });
  const environment = environmentOption(values, core);
  const period = { from: values['from'] as string | undefined, to: values['to'] as string | undefined };
  const sales: Sale[] = [];
  let page = core.listOrders(environment, { ...period, limit: 500 });
  sales.push(...page.sales);
  while (page.more && sales.length < LISTED_MAX) {
    const last = sales.at(-1)!;
    page = core.listOrders(environment, { ...period, limit: 500, before: { soldAt: last.soldAt, id: last.id } });
    sales.push(...page.sales);
  }
  if (values['json'] === true) {
    // As our service's orders extension sends them: int64 as exact JSON integers.
    io.out(stringifyJson(sales.map(saleToOrder)));
    return EXIT.ok;
  }
  const currency = core.currency(environment);
  const rows = sales.map((sale) => [
    localMoment(sale.soldAt),
    `${sale.petId} ${core.shownPet(environment, sale.petId)?.name ?? ''}`.trim(),
    sale.priceMinor === null ? '-' : formatMoney(sale.priceMinor, currency),
    sale.soldBy ?? '-',
    [sale.buyerName, sale.buyerContact].filter((text) => text !== null).join(', ') || '-',
    sale.takenBackAt === null ? '' : `taken back ${localMoment(sale.takenBackAt)}`,
  ]);
  io.out(sales.length === 0 ? 'No sales.' : table([['SOLD', 'ANIMAL', 'PRICE', 'SOLD BY', 'BUYER', ''], ...rows]));
  if (page.more) io.out(`Only the newest ${sales.length} are listed: give a shorter period with --from and --to.`);
  if (page.madeHereOnly && isRemoteEnvironment(environment)) io.out(await serverNote(environment, period, sales, core));
  return EXIT.ok;
};

/** What a server's environment lists (the sales made here), beside what the server says it has. */
async function serverNote(
  environment: RemoteEnvironment,
  period: { from?: string; to?: string },
  listed: readonly Sale[],
  core: PetstoreCore,
): Promise<string> {
  const here = `These are the sales made on this computer (${listed.filter((sale) => sale.takenBackAt === null).length} standing)`;
  try {
    const there = await core.serverSales(environment, period);
    if (there === null) return `${here}; ${environment}'s server does not keep sales as orders.`;
    return `${here}; ${environment}'s server has ${there.count}${there.complete ? '' : ' or more'} in this period, from every counter.`;
  } catch (error) {
    return `${here}; ${environment}'s server could not be asked how many it has: ${toAppError(error).message}`;
  }
}

/** `orders list`: the sales of an environment. */
export const ordersCommands: CommandGroup = { list };
