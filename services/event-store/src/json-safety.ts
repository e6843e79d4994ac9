/**
 * Event data goes to jsonb and comes back through JSON.parse, so only values that survive that round trip
 * unchanged are accepted. Money is bigint in the domain: callers serialise it as a decimal string (`"1500"`),
 * because a JSON number beyond 2^53 silently loses digits and `JSON.stringify` throws on a bigint.
 */
export class UnsafeEventDataError extends Error {
  readonly code = 'UNSAFE_EVENT_DATA';
  constructor(
    readonly path: string,
    reason: string,
  ) {
    super(`Event payload at ${path} ${reason}`);
    this.name = 'UnsafeEventDataError';
  }
}

/** Throws UnsafeEventDataError, naming where, unless `value` reads back from jsonb exactly as given (rules below). */
export function assertJsonSafe(value: unknown, path = '$'): void {
  toStoredJsonWithText(value, path);
}

/** Validates then normalises a payload to exactly what reading it back will return (Dates become ISO strings). */
export function toStoredJson<T>(value: T, path: string): T {
  return toStoredJsonWithText(value, path).value;
}

/**
 * The same, also returning the JSON text that is sent to the database, in one walk: every append runs this for each
 * event, and validating, stringifying, parsing back and sorting for the hash were four walks of their own.
 *
 * The value is a fresh copy with every object's keys in sorted order, so `text` is also the canonical form the hash
 * chain is computed over (`JSON.stringify(canonicalize(value))`, see hash-chain.ts). jsonb keeps its own key order,
 * so nothing is lost by storing it sorted. Refused: bigints (send money as decimal strings), integers beyond 2^53,
 * NaN and infinities, strings holding U+0000, functions, symbols, class instances other than Date, and a key named
 * `__proto__` (a plain object cannot hold it as a member, and the canonical form would drop it).
 */
export function toStoredJsonWithText<T>(value: T, path: string): { value: T; text: string } {
  let copy: unknown;
  try {
    copy = storedCopy(value) ?? null;
  } catch (error) {
    if (!(error instanceof RefusalBelow)) throw error;
    throw new UnsafeEventDataError(path + error.segments.reverse().join(''), error.reason);
  }
  return { value: copy as T, text: JSON.stringify(copy) };
}

/** A refusal on its way up from where it was found; each level adds its segment, so valid payloads build no paths. */
class RefusalBelow {
  readonly segments: string[] = [];
  constructor(readonly reason: string) {}
}

/** What `JSON.parse(JSON.stringify(value))` returns, with sorted keys; undefined where JSON drops the value. */
function storedCopy(value: unknown): unknown {
  switch (typeof value) {
    case 'string':
      if (value.includes('\u0000')) throw new RefusalBelow('contains a NUL character, which jsonb cannot store');
      return value;
    case 'boolean':
    case 'undefined':
      return value;
    case 'number':
      if (!Number.isFinite(value)) throw new RefusalBelow(`is ${value}, which JSON cannot represent`);
      if (Number.isInteger(value) && !Number.isSafeInteger(value))
        throw new RefusalBelow(`is the integer ${value} beyond 2^53; send it as a decimal string`);
      return value === 0 ? 0 : value; // -0 reads back as 0
    case 'bigint':
      throw new RefusalBelow('is a bigint; serialise bigints as decimal strings before appending');
    case 'function':
    case 'symbol':
      throw new RefusalBelow(`is a ${typeof value}, which JSON cannot represent`);
  }
  if (value === null) return null;
  if (Array.isArray(value)) {
    const copy = new Array<unknown>(value.length);
    for (let index = 0; index < value.length; index += 1) {
      try {
        copy[index] = storedCopy(value[index]) ?? null;
      } catch (error) {
        throw below(error, `[${index}]`);
      }
    }
    return copy;
  }
  if (value instanceof Date) return value.toJSON();
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) {
    throw new RefusalBelow(
      `is a ${(value as object).constructor?.name ?? 'class instance'}; only plain objects, arrays and ` +
        `primitives are stored`,
    );
  }
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value as object).sort()) {
    let member: unknown;
    try {
      if (key === '__proto__')
        throw new RefusalBelow('is a key named __proto__, which a plain object cannot hold as a member');
      member = storedCopy((value as Record<string, unknown>)[key]);
    } catch (error) {
      throw below(error, `.${key}`);
    }
    if (member !== undefined) copy[key] = member;
  }
  return copy;
}

function below(error: unknown, segment: string): unknown {
  if (error instanceof RefusalBelow) error.segments.push(segment);
  return error;
}
