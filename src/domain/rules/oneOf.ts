// Narrowing a text read from outside (a path parameter, a query) to one of the names a table declares, by checking
// it: the type follows from the check, never from a cast.
export function isOneOf<T extends string>(allowed: readonly T[], value: string): value is T {
  return allowed.some((name) => name === value);
}
