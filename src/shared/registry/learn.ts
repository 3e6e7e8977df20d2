/**
 * The registry: the contacts the invoices teach (one per contactKey), with what the user saved over them. Nothing
 * learned is stored; the registry is worked out again from the sightings whenever the invoices change.
 *
 * Learning. A contact's fields are its latest sighting's (by document date; of two on the same date, the later in
 * the list), with each field the latest left blank taken from the most recent earlier sighting that has it: an
 * old invoice still gives the address a new one left out. Fields that only make sense together move together
 * (the name and the first and last name; the address; the payment method and its days; the nature and its legal
 * wording). The delivery channel comes only from the invoices the company sent the contact as a customer: a
 * received file's code is the company's own, so its sighting says 'none', and 'none' never replaces a channel.
 *
 * Saving. A saved contact replaces every learned field (the user's save wins); its roles are the ones it was
 * saved with plus the ones its invoices show, and it keeps the counts of its invoices. SavedContact.key is the key
 * it is saved under, which is the learned key it overrides: when the user edits the VAT number of a learned
 * contact, the save stays under the old key, so the invoices already seen under it stay with it. Invoices seen
 * since under the new number (its own contactKey) join it too, unless another saved contact is saved under that
 * key, so the corrected contact does not appear twice. A saved contact no invoice names is listed with no
 * invoices seen.
 */
import {
  CONTACT_ROLES,
  contactFieldsOf,
  contactKey,
  contactName,
  type Contact,
  type ContactFields,
  type ContactRole,
  type ContactSighting,
  type SavedContact,
} from './contact.ts';

/** What the invoices teach under one key. */
interface Learned {
  fields: ContactFields;
  roles: ContactRole[];
  seen: Contact['seen'];
}

/** Learned contacts with the saved ones over them, sorted by name (Italian collation, case and accents aside). */
export function registryOf(sightings: readonly ContactSighting[], saved: readonly SavedContact[]): Contact[] {
  const learned = new Map<string, Learned>();
  for (const [key, group] of groupByKey(sightings)) learned.set(key, learn(group));

  // Of two saves under one key (which the store should not hold), the later wins.
  const savedByKey = new Map<string, SavedContact>();
  for (const contact of saved) savedByKey.set(contact.key, contact);

  const contacts: Contact[] = [];
  const taken = new Set<string>(savedByKey.keys());
  for (const [key, contact] of savedByKey) {
    const parts: Learned[] = [];
    const own = learned.get(key);
    if (own) parts.push(own);
    // Edited so that it is keyed otherwise: the invoices seen under its new key are its own (see above).
    const renamed = contactKey(contact);
    const since = learned.get(renamed);
    if (renamed !== key && since && !taken.has(renamed)) {
      parts.push(since);
      taken.add(renamed);
    }
    const seenRoles = parts.flatMap((part) => part.roles);
    contacts.push({
      ...contactFieldsOf(contact),
      key,
      roles: CONTACT_ROLES.filter((role) => contact.roles.includes(role) || seenRoles.includes(role)),
      origin: 'saved',
      seen: parts.reduce(addSeen, { customer: 0, supplier: 0, last: '' }),
    });
  }
  for (const [key, { fields, roles, seen }] of learned) {
    if (!taken.has(key)) contacts.push({ ...fields, key, roles, origin: 'learned', seen });
  }
  return contacts.sort(byName);
}

function groupByKey(sightings: readonly ContactSighting[]): Map<string, ContactSighting[]> {
  const groups = new Map<string, ContactSighting[]>();
  for (const sighting of sightings) {
    const key = contactKey(sighting);
    const group = groups.get(key);
    if (group) group.push(sighting);
    else groups.set(key, [sighting]);
  }
  return groups;
}

/** One key's sightings (in their list order) as one contact: see the top of this file. */
function learn(group: readonly ContactSighting[]): Learned {
  // Latest first: by date, then by position. Array.prototype.sort is stable, so reversing a sort by date alone
  // would put the earlier of two same-day sightings first; comparing the positions says what is meant.
  const latestFirst = group
    .map((sighting, position) => ({ sighting, position }))
    .sort((a, b) => compareText(b.sighting.date, a.sighting.date) || b.position - a.position)
    .map(({ sighting }) => sighting);
  const latest = latestFirst[0]!;
  // The latest sighting's value of a field, else the most recent one that gives it.
  const first = <T>(pick: (sighting: ContactSighting) => T, given: (value: T) => boolean): T =>
    pick(latestFirst.find((sighting) => given(pick(sighting))) ?? latest);

  const fields = contactFieldsOf(latest);
  const naming = first(
    (s) => ({ name: s.name, firstName: s.firstName, lastName: s.lastName }),
    (value) => contactName(value) !== '',
  );
  Object.assign(fields, naming);
  fields.vat = {
    ...first(
      (s) => s.vat,
      (vat) => vat.code.trim() !== '',
    ),
  };
  fields.fiscalCode = first((s) => s.fiscalCode, filled);
  fields.address = {
    ...first(
      (s) => s.address,
      (address) => !isBlankAddress(address),
    ),
  };
  const asCustomer = latestFirst.filter((sighting) => sighting.role === 'customer');
  const delivery = asCustomer.find((sighting) => sighting.delivery.channel !== 'none')?.delivery;
  fields.delivery = delivery ? { ...delivery } : { channel: 'none', code: '', pec: '' };
  const terms = first(
    (s) => ({ method: s.payment.method, days: s.payment.days }),
    (value) => filled(value.method) || filled(value.days),
  );
  fields.payment = { ...terms, iban: first((s) => s.payment.iban, filled) };
  Object.assign(
    fields,
    first(
      (s) => ({ nature: s.nature, legalReference: s.legalReference }),
      (value) => filled(value.nature),
    ),
  );
  fields.notes = first((s) => s.notes, filled);

  const roles = CONTACT_ROLES.filter((role) => group.some((sighting) => sighting.role === role));
  const seen = {
    customer: group.filter((sighting) => sighting.role === 'customer').length,
    supplier: group.filter((sighting) => sighting.role === 'supplier').length,
    last: latest.date,
  };
  return { fields, roles, seen };
}

function filled(text: string): boolean {
  return text.trim() !== '';
}

/** No street, number, postcode, town or province: the country alone (IT by default) is no address. */
function isBlankAddress(address: ContactFields['address']): boolean {
  return [address.street, address.number, address.postcode, address.town, address.province].every(
    (part) => !filled(part),
  );
}

function addSeen(sum: Contact['seen'], part: Learned): Contact['seen'] {
  return {
    customer: sum.customer + part.seen.customer,
    supplier: sum.supplier + part.seen.supplier,
    last: compareText(part.seen.last, sum.last) > 0 ? part.seen.last : sum.last,
  };
}

/** Code-point order: right for 'YYYY-MM-DD' dates and for keys, whatever the locale. */
function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function byName(a: Contact, b: Contact): number {
  return (
    contactName(a).localeCompare(contactName(b), 'it', { sensitivity: 'base' }) || compareText(a.key, b.key)
  );
}
