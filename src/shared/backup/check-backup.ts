/**
 * The plain backup checked whole before anything is written: each record has the shape the screens read (a contact
 * without its address would break the registry on the new machine), each with the identity it is merged by. A
 * record the app itself wrote always passes; what fails was changed by hand or damaged, and the whole file is
 * refused, never half of it imported.
 *
 * A book or composer part this version does not know is left out: `version` moves when leaving one out would lose
 * what the user counts on.
 */
import {
  BOOK_NAMES,
  emptyKeeping,
  type BackupFile,
  type BackupProfile,
  type BookName,
  type ComposePart,
  type ProfileKeeping,
} from './backup-file.ts';

/** Whether one value has the shape it must. */
type Check = (value: unknown) => boolean;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isString: Check = (value) => typeof value === 'string';
const isFilled: Check = (value) => typeof value === 'string' && value !== '';

/** An object whose listed fields each pass their check (other fields travel as they are). */
const shape =
  (fields: Record<string, Check>): Check =>
  (value) =>
    isObject(value) && Object.entries(fields).every(([name, check]) => check(value[name]));

const strings = (...names: string[]): Record<string, Check> =>
  Object.fromEntries(names.map((name) => [name, isString]));

const vat = shape(strings('country', 'code'));
const address = shape(strings('street', 'number', 'postcode', 'town', 'province', 'country'));

/** ContactFields and SavedContact (src/shared/registry/contact.ts). */
const contact = shape({
  ...strings('name', 'firstName', 'lastName', 'fiscalCode', 'nature', 'legalReference', 'notes', 'saved'),
  key: isFilled,
  vat,
  address,
  delivery: shape(strings('channel', 'code', 'pec')),
  payment: shape(strings('method', 'days', 'iban')),
  roles: (value) => Array.isArray(value) && value.every((r) => r === 'customer' || r === 'supplier'),
});

/** CatalogueItem (src/shared/registry/catalogue-item.ts); a blank key is given one when merged. */
const catalogueItem = shape({
  ...strings(
    'key',
    'code',
    'codeType',
    'description',
    'unit',
    'unitPrice',
    'vatRate',
    'nature',
    'legalReference',
  ),
  withholding: (value) => typeof value === 'boolean',
});

/** KeptPayment: the amount in cents as text (`${bigint}`), never a float. */
const payment = shape({
  ...strings('instalment', 'date', 'recorded'),
  id: isFilled,
  amount: (value) => typeof value === 'string' && /^-?\d+$/.test(value),
});

/** RecurringTemplate (src/shared/recurring/template.ts): what its screen sorts and shows, and its invoice. */
const recurring = shape({
  ...strings('name', 'created'),
  id: isFilled,
  draft: isObject,
  schedule: isObject,
});

/** StoredDraft: the composer lists drafts by `updated` and opens `draft`. */
const draft = shape({ id: isFilled, updated: isString, draft: isObject });

/** DraftCustomer: what the composer's customer search and its identity read. */
const customer = shape({ ...strings('name', 'fiscalCode'), vat });

const isCompanyId = (name: string) => /^\d+$/.test(name);

const BOOK_RECORD: Record<BookName, Check> = {
  contacts: contact,
  catalogue: catalogueItem,
  payments: payment,
  recurring,
};

/** `detail` says where the first problem is (`books.contacts[2]`), for logs and the error's data attribute. */
export type Checked = { ok: true; backup: BackupFile } | { ok: false; detail: string };

/** The list's index of the first record failing `check`; -1 when all pass. */
const firstBad = (list: unknown[], check: Check) => list.findIndex((record) => !check(record));

function checkedProfile(value: unknown): BackupProfile | null {
  if (!isObject(value) || typeof value.name !== 'string') return null;
  if (value.kind !== 'local' && value.kind !== 'remote') return null;
  return { name: value.name, kind: value.kind };
}

/**
 * The file's content (format and version already read) as a backup, or where it first fails. Lists and maps may
 * be missing (nothing of that kind kept); when present they must be what they say.
 */
export function checkBackup(file: Record<string, unknown>): Checked {
  const keeping: ProfileKeeping = emptyKeeping();
  if (typeof file.exported !== 'string' || Number.isNaN(Date.parse(file.exported)))
    return { ok: false, detail: 'exported' };
  const profile = checkedProfile(file.profile);
  if (!profile) return { ok: false, detail: 'profile' };

  const books = file.books ?? {};
  if (!isObject(books)) return { ok: false, detail: 'books' };
  for (const name of BOOK_NAMES) {
    const list = books[name] ?? [];
    if (!Array.isArray(list)) return { ok: false, detail: `books.${name}` };
    const bad = firstBad(list, BOOK_RECORD[name]);
    if (bad >= 0) return { ok: false, detail: `books.${name}[${bad}]` };
    // Every record passed its book's check: the list is what the book's type says.
    keeping.books[name] = list as never;
  }

  const compose = file.compose ?? {};
  if (!isObject(compose)) return { ok: false, detail: 'compose' };
  for (const name of ['drafts', 'customers'] as const) {
    const list = compose[name] ?? [];
    if (!Array.isArray(list)) return { ok: false, detail: `compose.${name}` };
    const bad = firstBad(list, name === 'drafts' ? draft : customer);
    if (bad >= 0) return { ok: false, detail: `compose.${name}[${bad}]` };
    keeping.compose[name] = list as never;
  }
  const maps: Record<Exclude<ComposePart, 'drafts' | 'customers'>, Check> = {
    suppliers: shape({ ...strings('name', 'fiscalCode'), vat }),
    series: (value) => isObject(value) && Object.values(value).every(isString),
    resends: (value) => Number.isSafeInteger(value),
  };
  for (const [name, check] of Object.entries(maps) as [keyof typeof maps, Check][]) {
    const map = compose[name] ?? {};
    if (!isObject(map)) return { ok: false, detail: `compose.${name}` };
    // Suppliers and series are kept per company id, the corrections per sent invoice id: numbers as text.
    const bad = Object.entries(map).find(([key, value]) => !isCompanyId(key) || !check(value));
    if (bad) return { ok: false, detail: `compose.${name}.${bad[0]}` };
    keeping.compose[name] = map as never;
  }

  return {
    ok: true,
    backup: {
      format: 'scambio-backup',
      version: 1,
      exported: file.exported,
      profile,
      ...keeping,
    },
  };
}
