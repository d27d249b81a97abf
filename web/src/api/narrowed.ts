/**
 * An answer type with some of its open parts given the shape the screens read: a part the answer
 * schema leaves open (`unknown`, a record of unknown) because its shape is another contract's (an
 * analysis's JSON Schema and view, a plugin's result). Only those may be narrowed: a part narrowed
 * to a type the answer's own type does not admit fails to compile, so the server's schema stays
 * the authority on everything it spells out.
 */

/** A type as an object literal all the way down: an interface admitted where a record is expected. */
type Plain<T> = T extends (...args: never[]) => unknown
  ? T
  : T extends object
    ? { [P in keyof T]: Plain<T[P]> }
    : T;

/** Each narrowed part must be a key of the answer whose type admits the narrowed one. */
type Admitted<T, Parts> = {
  [K in keyof Parts]: K extends keyof T ? (Plain<Parts[K]> extends T[K] ? Parts[K] : T[K]) : never;
};

export type Narrowed<T, Parts extends Admitted<T, Parts>> = Omit<T, keyof Parts> & Parts;
