import { PageHeader } from '@app/platform';
import { Tabs } from '@app/platform/app';
import { ContentForm } from './content-form';

/** /create: share a post from another platform, or upload an image as new content hosted here (spec 2 §2). */
export function CreateContentPage() {
  return (
    <div className="ui-stack">
      <PageHeader title="Create Content" subtitle="Publish content people can like, tip, fund and buy shares in." />
      <p className="ui-muted">Running a marketing campaign? Use Become Advertiser in the profile menu instead.</p>
      <div className="ui-card">
        <Tabs
          label="How to create content"
          items={[
            { value: 'share', label: 'Share Existing Content', content: <ContentForm mode="share" /> },
            { value: 'upload', label: 'Upload New Content', content: <ContentForm mode="upload" /> },
          ]}
        />
      </div>
    </div>
  );
}
