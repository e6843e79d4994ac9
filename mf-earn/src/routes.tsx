import { NotFoundPage } from '@app/platform';
import { Route, Routes } from 'react-router';
import { ContentDetailPage } from './features/content/components/content-detail-page';
import { CreateContentPage } from './features/content/components/create-content-page';
import { DropDetailPage } from './features/drops/components/drop-detail-page';
import { EarnPage } from './features/drops/components/earn-page';

/** The routes mf_earn owns, matched from the root (the shell mounts this under /earn, /task, ...). */
export default function EarnRoutes() {
  return (
    <Routes>
      <Route path="earn" element={<EarnPage />} />
      <Route path="task/:id" element={<DropDetailPage />} />
      <Route path="drops/:id" element={<DropDetailPage />} />
      <Route path="create" element={<CreateContentPage />} />
      <Route path="content/:id" element={<ContentDetailPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}

export const standaloneLinks = [
  { to: '/earn', label: 'Earn' },
  { to: '/create', label: 'Create' },
];
