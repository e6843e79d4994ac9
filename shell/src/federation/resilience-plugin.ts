import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/**
 * Puts bounds on every remote fetch: Module Federation has no timeout of its own, so a remote whose
 * server hangs would keep its route spinning forever. One retry covers a blip during a redeploy.
 * Worst case per remote: 2 attempts x 1.8 s + 0.2 s pause, under the shell's 5 s fallback budget.
 */
export const remoteFetchPolicy = {
  attemptTimeoutMilliseconds: 1800,
  retries: 1,
  retryPauseMilliseconds: 200,
  scriptTimeoutMilliseconds: 4000,
};

function pause(milliseconds: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, milliseconds));
}

export async function fetchWithTimeoutAndRetry(
  url: string,
  init: RequestInit = {},
  policy = remoteFetchPolicy,
): Promise<Response> {
  let lastError: unknown;
  for (let attempt = 0; attempt <= policy.retries; attempt += 1) {
    if (attempt > 0) await pause(policy.retryPauseMilliseconds);
    try {
      const response = await fetch(url, { ...init, signal: AbortSignal.timeout(policy.attemptTimeoutMilliseconds) });
      // A 5xx during a redeploy is worth one more try; anything else is the answer.
      if (response.status < 500 || attempt === policy.retries) return response;
      lastError = new Error(`HTTP ${response.status} for ${url}`);
    } catch (error) {
      lastError = error;
    }
  }
  throw lastError instanceof Error ? lastError : new Error(`Could not fetch ${url}`);
}

export default function resiliencePlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'shell-resilience-plugin',
    fetch(url, init) {
      return fetchWithTimeoutAndRetry(url, init);
    },
    createScript() {
      // remoteEntry.js is loaded with a script tag; the default wait is 20 s.
      return { timeout: remoteFetchPolicy.scriptTimeoutMilliseconds };
    },
  };
}
