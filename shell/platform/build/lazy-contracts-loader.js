// Webpack loader for services/contracts/src in the browser builds (issue 45): each top-level constant whose value is a
// zod schema or a route (`const X = z.object(…)`, `const Y = XSchema.extend(…)`, `const r = defineRoute(…)`) is built
// on its first use instead of at module load (lazy-contract.js). The API imports the same files untouched: it wants
// every schema at start (OpenAPI document, validation pipes) and has no first-paint budget.
const path = require('node:path');
const ts = require('typescript');

const runtimePath = path.join(__dirname, 'lazy-contract.js');

/** The identifier an expression chain starts from: `z` for `z.string().min(1)`, `BaseSchema` for `BaseSchema.extend(…)`. */
function chainRoot(expression) {
  let current = expression;
  for (;;) {
    if (ts.isCallExpression(current) || ts.isPropertyAccessExpression(current) || ts.isNonNullExpression(current)) {
      current = current.expression;
    } else if (ts.isParenthesizedExpression(current) || ts.isAsExpression(current) || ts.isSatisfiesExpression(current)) {
      current = current.expression;
    } else {
      return ts.isIdentifier(current) ? current.text : undefined;
    }
  }
}

/**
 * A value to defer: a call chain from zod, from `defineRoute`, or from a schema (by the contracts' naming, `…Schema`, or
 * a constant of this file already deferred), or an object literal of schemas. Each is an object, never a primitive or a
 * function, so a Proxy can stand in.
 */
function isDeferrable(initializer, deferredNames) {
  if (ts.isObjectLiteralExpression(initializer)) return isShape(initializer, deferredNames);
  if (!ts.isCallExpression(initializer)) return false;
  const root = chainRoot(initializer);
  return root === 'z' || root === 'defineRoute' || (root !== undefined && (/Schemas?$/.test(root) || deferredNames.has(root)));
}

/** A shape spread into object schemas (`const fields = { title: z.string(), … }`): plain properties, one a schema. */
function isShape(literal, deferredNames) {
  const values = literal.properties.map((property) => (ts.isPropertyAssignment(property) ? property.initializer : undefined));
  return values.every((value) => value !== undefined) && values.some((value) => isDeferrable(value, deferredNames));
}

/** The source with each deferrable top-level constant wrapped; unchanged when there is none. */
function deferContracts(source, fileName) {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const deferredNames = new Set();
  const edits = [];
  for (const statement of file.statements) {
    if (!ts.isVariableStatement(statement) || !(statement.declarationList.flags & ts.NodeFlags.Const)) continue;
    for (const declaration of statement.declarationList.declarations) {
      const initializer = declaration.initializer;
      if (!ts.isIdentifier(declaration.name) || !initializer || !isDeferrable(initializer, deferredNames)) continue;
      deferredNames.add(declaration.name.text);
      edits.push({ start: initializer.getStart(file), end: initializer.getEnd() });
    }
  }
  if (edits.length === 0) return source;
  let result = source;
  for (const { start, end } of edits.reverse()) {
    result = `${result.slice(0, start)}/*#__PURE__*/ __lazyContract(() => (${result.slice(start, end)}))${result.slice(end)}`;
  }
  // On the first line, so that line numbers stay those of the source.
  return `import { lazyContract as __lazyContract } from ${JSON.stringify(runtimePath)}; ${result}`;
}

module.exports = function lazyContractsLoader(source) {
  return deferContracts(source, this.resourcePath);
};
module.exports.deferContracts = deferContracts;
