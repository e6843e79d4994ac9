import { NotFoundPage, PageSpinner } from '@app/platform';
import { type ReactNode, Suspense, lazy } from 'react';
import { Route, Routes } from 'react-router';
import { EarnPage } from './features/drops/components/earn-page';

// The content and drop screens are their own chunks: the remote's entry and route stay within the 60 KB budget, and
// /earn does not load their forms (issue 45).
const DropDetailPage = lazy(() =>
  import('./features/drops/components/drop-detail-page').then((module) => ({ default: module.DropDetailPage })),
);
const ContentDetailPage = lazy(() =>
  import('./features/content/components/content-detail-page').then((module) => ({ default: module.ContentDetailPage })),
);
const CreateContentPage = lazy(() =>
  import('./features/content/components/create-content-page').then((module) => ({ default: module.CreateContentPage })),
);

function Page({ children }: { children: ReactNode }) {
  return <Suspense fallback={<PageSpinner />}>{children}</Suspense>;
}

/** The routes mf_earn owns, matched from the root (the shell mounts this under /earn, /task, ...). */
export default function EarnRoutes() {
  return (
    <Routes>
      <Route path="earn" element={<EarnPage />} />
      <Route
        path="task/:id"
        element={
          <Page>
            <DropDetailPage />
          </Page>
        }
      />
      <Route
        path="drops/:id"
        element={
          <Page>
            <DropDetailPage />
          </Page>
        }
      />
      <Route
        path="create"
        element={
          <Page>
            <CreateContentPage />
          </Page>
        }
      />
      <Route
        path="content/:id"
        element={
          <Page>
            <ContentDetailPage />
          </Page>
        }
      />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}

export const standaloneLinks = [
  { to: '/earn', label: 'Earn' },
  { to: '/create', label: 'Create' },
];
