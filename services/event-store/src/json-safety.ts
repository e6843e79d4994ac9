/**
 * Event data goes to jsonb and comes back through JSON.parse, so only values that survive that round trip
 * unchanged are accepted. Money is bigint in the domain: callers serialise it as a decimal string (`"1500"`),
 * because a JSON number beyond 2^53 silently loses digits and `JSON.stringify` throws on a bigint.
 */
export class UnsafeEventDataError extends Error {
  readonly code = 'UNSAFE_EVENT_DATA';
  constructor(readonly path: string, reason: string) {
    super(`Event payload at ${path} ${reason}`);
    this.name = 'UnsafeEventDataError';
  }
}

export function assertJsonSafe(value: unknown, path = '$'): void {
  switch (typeof value) {
    case 'string':
      // PostgreSQL text and jsonb cannot hold U+0000.
      if (value.includes('\u0000')) throw new UnsafeEventDataError(path, 'contains a NUL character, which jsonb cannot store');
      return;
    case 'boolean':
    case 'undefined':
      return;
    case 'number':
      if (!Number.isFinite(value)) throw new UnsafeEventDataError(path, `is ${value}, which JSON cannot represent`);
      if (Number.isInteger(value) && !Number.isSafeInteger(value)) {
        throw new UnsafeEventDataError(path, `is the integer ${value} beyond 2^53; send it as a decimal string`);
      }
      return;
    case 'bigint':
      throw new UnsafeEventDataError(path, 'is a bigint; serialise bigints as decimal strings before appending');
    case 'function':
    case 'symbol':
      throw new UnsafeEventDataError(path, `is a ${typeof value}, which JSON cannot represent`);
    case 'object': {
      if (value === null) return;
      if (Array.isArray(value)) {
        value.forEach((item, index) => assertJsonSafe(item, `${path}[${index}]`));
        return;
      }
      if (value instanceof Date) return;
      const prototype = Object.getPrototypeOf(value);
      if (prototype !== Object.prototype && prototype !== null) {
        throw new UnsafeEventDataError(path, `is a ${value.constructor?.name ?? 'class instance'}; only plain objects, arrays and primitives are stored`);
      }
      for (const [key, member] of Object.entries(value)) assertJsonSafe(member, `${path}.${key}`);
      return;
    }
  }
}

/** Validates then normalises a payload to exactly what reading it back will return (Dates become ISO strings). */
export function toStoredJson<T>(value: T, path: string): T {
  return toStoredJsonWithText(value, path).value;
}

/** The same, also returning the JSON text that is sent to the database. */
export function toStoredJsonWithText<T>(value: T, path: string): { value: T; text: string } {
  assertJsonSafe(value, path);
  const text = JSON.stringify(value ?? null);
  return { value: JSON.parse(text) as T, text };
}
