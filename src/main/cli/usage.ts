import { ADD_OPTIONS_USAGE, CHANGE_OPTIONS_USAGE } from './animal-options';
import { PAPER_USAGE } from './paper-commands';

/** The command line's help: every command, its options (an animal's from its declaration), and what the exit codes mean. */
export const USAGE = `usage: petstore <command>   (or npm run -s cli -- <command>)
  --help, --version
  env show [--json]                          the active environment, addresses and key status
  env use <local|production|staging>         switch the active environment
  env set-url <production|staging> <url>     set a server's base address (https://.../v1)
  env set-currency <environment> <code>      the ISO 4217 currency its prices are in (GBP, EUR, USD ...)
  key set <production|staging>               read the key from standard input, keep it in the OS keychain
                                             (for the origin of the current address: it is sent nowhere else)
  key confirm <production|staging>           send the key to the environment's new address (another origin)
  key clear <production|staging>
  key status [--json]
  pets list [--status S] [--limit N] [--env E] [--json]
  pets list --all [--search T] [--status S] [--sort newest|oldest|name] [--env E] [--json]
                                             every animal (a server's every page), streamed: a table, or JSON lines
  pets list --search T [--limit N] [...]      the first N whose name holds T (any part, case and accents aside)
  pets add ${ADD_OPTIONS_USAGE} [--photo FILE] [--anyway] [--env E] [--json]
                                             (--anyway: even when one of that name and category is there)
  pets import <file.csv> [--dry-run] [--look-alikes-too] [--env E] [--json]
                                             add a CSV's animals (every column pets export writes), each
                                             row once however often the file is imported; problems by line
  pets export [--status S] [--search T] [--sort newest|oldest|name] [--out F] [--env E]
                                             CSV (UTF-8 with BOM, RFC 4180), to F or standard output
  categories list|export [--out F] [--env E]  the names of category ids, per environment
  categories name <id> <name>|--remove [--env E]
  categories import <file.csv> [--env E]     (category_id, name): all or none
  manager status | set-pin | remove-pin      the manager's PIN (read from standard input); with one set,
                                             env use, env set-url, env set-currency, key ..., categories name/import,
                                             outbox discard ask for it (at a terminal, or PETSTORE_MANAGER_PIN)
  staff list [--json]                        the shop's staff, by the number the sign-in dialog gives them
  staff add <name> [--manager]               add a person (their PIN read from standard input; a manager's
                                             PIN needed once a manager is on the list)
  staff remove <name>                        take a person off the list (signed out, if they were)
  staff set-pin <name>                       give a person a new PIN (read from standard input)
  pets show <id> [--env E] [--json]          the whole record: price, age, microchip, treatment ...
  pets history <id> [--limit N] [--env E] [--json]
                                             every change to the animal, newest first: when, who, what,
                                             each field before and after
  pets get <id> [--env E] [--json]           (deprecated by the interface; use pets show)
  pets set-status <id> <available|pending|sold|none> [--env E] [--json]
  pets edit <id> ${CHANGE_OPTIONS_USAGE} [--photo FILE|--no-photo] [--env E] [--json]
                                             change an animal (a server: sent now, or kept and sent by sync);
                                             --no-<option> removes a field (--no-treatment), --not-left
                                             how and when it left; --price in the environment's
                                             currency (12.50)
  pets sell <id> [--price P] [--buyer-name N] [--buyer-contact C] [--env E] [--json]
                                             mark it sold and record the sale: at its price unless --price
                                             (12.50); the buyer's name and contact, if given, for a health
                                             guarantee
  orders list [--from YYYY-MM-DD] [--to YYYY-MM-DD] [--env E] [--json]
                                             the sales of a period, newest first (taken back ones marked); a
                                             server's environment lists those made on this computer
  register --from YYYY-MM-DD --to YYYY-MM-DD [--out F] [--env E]
                                             the register of every animal held in the period (CSV): supplier,
                                             sex, age, birth or acquisition, treatment, sale or how and when
                                             it left otherwise; sold and left ones too
  report week [--from D] [--to D] [--env E] [--json|--csv|--out F.pdf]
                                             the week at a glance (this week by default): each day's
                                             statuses at its end, added, sold and takings; each week; days
                                             in stock of those sold; the animals waiting longest (--out: to print)
${PAPER_USAGE}
  doctor [--bundle F.zip]                    check each data file, the keychain and each server; --bundle:
                                             also write a support bundle (versions, settings, schema versions,
                                             queued work, backups, these checks, the log's last lines: never
                                             a key, a PIN or a name), even when a check fails
  backup [--env E] [--out DIR] [--json]      back up each database (or E's) now, checked, into the backup
                                             folder (or DIR); the app also does, daily (docs/backups.md)
  restore <file> [--env E] [--yes]           show what a backup holds and what would be lost, then (asked at a
                                             terminal, or --yes) put it in place, keeping the current file
                                             aside; quit the app first
  sync [--env E] [--upload-details]          send the outbox until it is empty or nothing more can be done
                                             (--upload-details: first the details kept here, for a server
                                             that now takes them)
  outbox list [--env E] [--json]             animals added here and not yet accepted (and those accepted),
                                             and changes not yet accepted (entries c1, c2 ...), conflicts among them
  outbox resend <entry> [--env E]            send a refused entry again, or confirm a held one for the current address
  outbox discard <entry> [--env E]           drop an entry that will never be sent
  outbox keep-mine <entry> [--env E]         a conflict: send this change to the server's version now
  outbox keep-theirs <entry> [--env E]       a conflict: drop this change, keep what the server has
--yes (anywhere): the answer to every question asked at a terminal (a write to production, a key's
  new address), for scripts; without it and without a terminal, nothing is done
exit codes: 0 ok, 1 error reported by the service (sync: entries refused, held, in conflict or still pending),
  2 usage error, 3 unreachable`;
