import type { ComponentType } from 'react';
import type { RemoteName } from './remote-ownership';

/**
 * Each remote's route subtree once it has arrived (`loadRemoteRoutes`), so that its route renders it at once instead of
 * suspending on a load that is already done (see app/arrived-chunks.ts). Module-level: statically imported by the
 * route, where the registry is a chunk of its own.
 */
const arrived = new Map<RemoteName, { default: ComponentType }>();

export const arrivedRemoteRoutes = {
  get: (remote: RemoteName) => arrived.get(remote),
  remember: (remote: RemoteName, routes: { default: ComponentType }) => void arrived.set(remote, routes),
};
