import type { en } from './en.ts';

/** The catalog's shape with every leaf widened to string, so translations must have the same keys. */
export type Catalog = { [Group in keyof typeof en]: { [Key in keyof (typeof en)[Group]]: string } };

type Leaf<T> = { [G in keyof T & string]: `${G}.${keyof T[G] & string}` }[keyof T & string];

/** A message id such as `notFound.send`; the compiler rejects ids that are not in the catalog. */
export type MessageKey = Leaf<typeof en>;
