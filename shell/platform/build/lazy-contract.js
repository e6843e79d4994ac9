// The browser's stand-in for a contract value (a zod schema, a route) that the lazy-contracts loader defers (issue 45):
// an object that builds the real value on its first use and then behaves as it, through every operation JavaScript
// lets a Proxy forward (property reads and writes, `in`, keys, descriptors, `instanceof` through the prototype).
// Building ~600 schemas at module load was the largest script cost of a signed-in first page; a page uses a few dozen.

/**
 * @template {object} Value
 * @param {() => Value} build returns an object (a schema or a route), never a primitive or a function
 * @returns {Value}
 */
export function lazyContract(build) {
  let value;
  const real = () => (value ??= build());
  return new Proxy(
    {},
    {
      // Getters run with the real object as `this`: zod's lazy properties read their own instance.
      get: (_target, key) => Reflect.get(real(), key),
      set: (_target, key, newValue) => Reflect.set(real(), key, newValue),
      has: (_target, key) => Reflect.has(real(), key),
      ownKeys: () => Reflect.ownKeys(real()),
      // A Proxy may not report a property as non-configurable unless its (empty) target has it so: report all as
      // configurable, the rest of the descriptor as it is.
      getOwnPropertyDescriptor: (_target, key) => {
        const descriptor = Reflect.getOwnPropertyDescriptor(real(), key);
        return descriptor && { ...descriptor, configurable: true };
      },
      defineProperty: (_target, key, descriptor) => Reflect.defineProperty(real(), key, descriptor),
      deleteProperty: (_target, key) => Reflect.deleteProperty(real(), key),
      getPrototypeOf: () => Reflect.getPrototypeOf(real()),
      setPrototypeOf: (_target, prototype) => Reflect.setPrototypeOf(real(), prototype),
    },
  );
}
