// @app/platform/app: what the signed-in screens add to the core: the query cache and its views, the
// accessible primitives (dialogs, tabs, menus, toasts), the response schemas, the standalone frame.
export { createQueryClient, sharedQueryClient, shouldRetry } from './query/query-client';
export { AppProviders } from './providers';
export { FeatureUnavailable, QueryView } from './ui/query-view';
export type { QueryViewProps } from './ui/query-view';
export { Dialog } from './ui/dialog';
export { Tabs } from './ui/tabs';
export type { TabItem } from './ui/tabs';
export { ToastProvider, useToast } from './ui/toast';
export type { ToastInput } from './ui/toast';
export { Menu, MenuItem, MenuLabel, MenuSeparator } from './ui/menu';
export { refreshResponseSchema, signInResponseSchema, userEnvelopeSchema, userSchema } from './session/user-schema';
export { StandaloneFrame } from './standalone/standalone-frame';
export { StandaloneApp, renderStandalone } from './standalone/render-standalone';
export type { StandaloneAppProps } from './standalone/render-standalone';
