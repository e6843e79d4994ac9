import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { IDENTITY_VARIABLES } from '../../src/modules/identity/identity.config';
import { CONFIG_VARIABLES, REPOSITORY_ROOT } from '../../src/platform/config/app-config';

jest.setTimeout(60_000);

const SCRIPT = join(__dirname, '..', '..', 'scripts', 'validate-manifests.mjs');
const KNOWN_VARIABLES = new Set([...CONFIG_VARIABLES, ...IDENTITY_VARIABLES]);
const REMOTES = ['mf_earn', 'mf_invest', 'mf_wallet', 'mf_advertiser'];

/* eslint-disable @typescript-eslint/no-explicit-any -- parsed YAML is walked as plain data */
interface Result {
  file: string;
  kind: 'compose' | 'kubernetes';
  valid: boolean;
  errors: string[];
  document: any;
}

/** The validator runs as its own Node process: kubernetes-models ships only ES modules. */
function validate(root: string): { status: number | null; results: Result[] } {
  const run = spawnSync(process.execPath, [SCRIPT, root], { encoding: 'utf8' });
  if (!run.stdout.trim()) throw new Error(`The validator printed nothing: ${run.stderr}`);
  return { status: run.status, results: JSON.parse(run.stdout) as Result[] };
}

describe('the deployment manifests (infra/compose, infra/k8s)', () => {
  const { status, results } = validate(REPOSITORY_ROOT);
  const compose = results.find((result) => result.kind === 'compose')!.document;
  const kubernetes = results.filter((result) => result.kind === 'kubernetes').map((result) => result.document);
  const find = (kind: string, name: string) =>
    kubernetes.find((document) => document.kind === kind && document.metadata.name === name);
  const apiImage = (image: string) => image.startsWith('rewards-api:');

  it('are valid against the Compose and Kubernetes JSON schemas', () => {
    expect(
      results.filter((result) => !result.valid).map((result) => `${result.file}: ${result.errors.join('; ')}`),
    ).toEqual([]);
    expect(status).toBe(0);
    expect(kubernetes.map((document) => `${document.kind}/${document.metadata.name}`).sort()).toEqual(
      expect.arrayContaining([
        'Deployment/rewards-api',
        'Deployment/rewards-worker',
        'Job/rewards-migrate',
        'Ingress/rewards',
        'HorizontalPodAutoscaler/rewards-api',
        'PodDisruptionBudget/rewards-api',
        'PodDisruptionBudget/rewards-worker',
        'ConfigMap/rewards-remotes',
      ]),
    );
  });

  it('fail validation when a manifest is wrong (the check can fail)', () => {
    const root = mkdtempSync(join(tmpdir(), 'manifests-'));
    try {
      cpSync(join(REPOSITORY_ROOT, 'infra'), join(root, 'infra'), { recursive: true });
      const composeFile = join(root, 'infra/compose/compose.yaml');
      writeFileSync(
        composeFile,
        readFileSync(composeFile, 'utf8').replace('  worker:\n', '  worker:\n    replica_count: 2\n'),
      );
      const apiFile = join(root, 'infra/k8s/api.yaml');
      writeFileSync(apiFile, readFileSync(apiFile, 'utf8').replace('maxReplicas: 10', 'maxReplicas: ten'));
      const broken = validate(root);
      expect(broken.status).toBe(1);
      expect(broken.results.find((result) => result.kind === 'compose')!.errors.join()).toContain('replica_count');
      expect(
        broken.results.find((result) => result.file.endsWith('HorizontalPodAutoscaler/rewards-api'))!.errors.join(),
      ).toContain('maxReplicas');
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('set only environment variables the configuration parsers know, in every API, worker and migration container', () => {
    const unknown: string[] = [];
    for (const [name, service] of Object.entries<any>(compose.services)) {
      if (!apiImage(service.image)) continue;
      for (const variable of Object.keys(service.environment ?? {}))
        if (!KNOWN_VARIABLES.has(variable)) unknown.push(`compose ${name}: ${variable}`);
    }
    const configMaps = new Map(
      kubernetes
        .filter((document) => document.kind === 'ConfigMap')
        .map((document) => [document.metadata.name, Object.keys(document.data ?? {})]),
    );
    let containers = 0;
    for (const document of kubernetes) {
      const spec = document.spec?.template?.spec;
      for (const container of spec?.containers ?? []) {
        if (!apiImage(container.image)) continue;
        containers += 1;
        const names = [
          ...(container.env ?? []).map((entry: { name: string }) => entry.name),
          ...(container.envFrom ?? []).flatMap(
            (source: any) =>
              configMaps.get(source.configMapRef?.name) ?? [`(missing ConfigMap ${source.configMapRef?.name})`],
          ),
        ];
        for (const variable of names)
          if (!KNOWN_VARIABLES.has(variable)) unknown.push(`${document.kind}/${document.metadata.name}: ${variable}`);
      }
    }
    expect(unknown).toEqual([]);
    expect(containers).toBe(3);
    // The proxy's only variable is the one its template uses.
    expect(Object.keys(compose.services.proxy.environment)).toEqual(['PUBLIC_URL']);
    expect(readFileSync(join(REPOSITORY_ROOT, 'infra/compose/proxy/default.conf.template'), 'utf8')).toContain(
      '${PUBLIC_URL}',
    );
  });

  it('run what the build produces, in the roles the platform defines', () => {
    for (const entry of ['main', 'worker', 'migrate'])
      expect(existsSync(join(REPOSITORY_ROOT, `services/api/src/${entry}.ts`))).toBe(true);
    expect(compose.services.migrate.command).toEqual(['node', 'dist/migrate.js']);
    expect(compose.services.api).toMatchObject({
      command: ['node', 'dist/main.js'],
      environment: { PROCESS_ROLE: 'http' },
      depends_on: { migrate: { condition: 'service_completed_successfully' } },
    });
    expect(compose.services.api.deploy.replicas).toBeGreaterThanOrEqual(2);
    expect(compose.services.worker).toMatchObject({
      command: ['node', 'dist/worker.js'],
      environment: { PROCESS_ROLE: 'worker' },
    });
    expect(compose.services.api.healthcheck.test.join(' ')).toContain('/api/health/ready');
    for (const service of [
      'postgres',
      'redis',
      'api',
      'worker',
      'shell',
      'mf-earn',
      'mf-invest',
      'mf-wallet',
      'mf-advertiser',
      'proxy',
    ]) {
      expect(compose.services[service]?.healthcheck?.test).toEqual(expect.any(Array));
    }
    expect(find('Job', 'rewards-migrate').spec.template.spec.containers[0].command).toEqual([
      'node',
      'dist/migrate.js',
    ]);
  });

  it('probe every Deployment and ask for resources; the API on its liveness and readiness endpoints', () => {
    for (const document of kubernetes.filter((candidate) => candidate.kind === 'Deployment')) {
      for (const container of document.spec.template.spec.containers) {
        expect({
          name: document.metadata.name,
          liveness: Boolean(container.livenessProbe),
          readiness: Boolean(container.readinessProbe),
          requests: Boolean(container.resources?.requests?.cpu && container.resources?.requests?.memory),
        }).toEqual({
          name: document.metadata.name,
          liveness: true,
          readiness: true,
          requests: true,
        });
      }
    }
    for (const name of ['rewards-api', 'rewards-worker']) {
      const container = find('Deployment', name).spec.template.spec.containers[0];
      expect(container.livenessProbe.httpGet.path).toBe('/api/health/live');
      expect(container.readinessProbe.httpGet.path).toBe('/api/health/ready');
    }
    expect(find('HorizontalPodAutoscaler', 'rewards-api').spec.scaleTargetRef).toEqual({
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      name: 'rewards-api',
    });
    const paths = find('Ingress', 'rewards').spec.rules[0].http.paths.map(
      (path: any) => `${path.path} ${path.backend.service.name}`,
    );
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/ rewards-api',
        '/ rewards-shell',
        ...REMOTES.map((remote) => `/remotes/${remote.replace('_', '-')}/ rewards-${remote.replace('_', '-')}`),
      ]),
    );
  });

  it('give the shell a remotes manifest naming every remote', () => {
    const manifest = JSON.parse(find('ConfigMap', 'rewards-remotes').data['remotes.json']) as Record<string, string>;
    expect(Object.keys(manifest).sort()).toEqual([...REMOTES].sort());
    for (const [remote, url] of Object.entries(manifest))
      expect(url).toMatch(new RegExp(`^https://[^/]+/remotes/${remote.replace('_', '-')}/mf-manifest\\.json$`));
    const shell = find('Deployment', 'rewards-shell').spec.template.spec;
    expect(shell.containers[0].volumeMounts).toEqual([
      expect.objectContaining({ mountPath: '/usr/share/nginx/html/remotes.json', subPath: 'remotes.json' }),
    ]);
    expect(shell.volumes[0].configMap.name).toBe('rewards-remotes');
    const template = readFileSync(join(REPOSITORY_ROOT, 'infra/compose/proxy/default.conf.template'), 'utf8');
    for (const remote of REMOTES)
      expect(template).toContain(`"${remote}":"\${PUBLIC_URL}/remotes/${remote.replace('_', '-')}/mf-manifest.json"`);
  });
});
