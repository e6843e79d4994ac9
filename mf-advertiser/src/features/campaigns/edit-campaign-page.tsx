import { ButtonLink, PageHeader } from '@app/platform';
import { useToast } from '@app/platform/app';
import { Form, FormError, SubmitButton, useRequestForm } from '@app/platform/forms';
import { UpdateCampaignRequestSchema, type CampaignDetail, type UpdateCampaignRequest } from '@app/contracts/campaigns';
import { useNavigate, useParams } from 'react-router';
import {
  BiddingSection,
  BudgetFields,
  DetailsSection,
  toEditableRequest,
  type EditableValues,
} from './campaign-form-fields';
import { useCampaign, useUpdateCampaign } from './campaigns-api';
import { LoadState } from './load-state';

/** /campaigns/{id}/edit: the editable fields (the paid scope, type, dates, audience and targeting, stays as paid). */
export function EditCampaignPage() {
  const { id = '' } = useParams();
  const campaign = useCampaign(id);
  return (
    <LoadState query={campaign} failure="Failed to load campaign details" loadingLabel="Loading campaign">
      {(detail) => <EditForm campaign={detail} />}
    </LoadState>
  );
}

const text = (value: number | null) => (value === null ? '' : String(value));

function EditForm({ campaign }: { campaign: CampaignDetail }) {
  const navigate = useNavigate();
  const toast = useToast();
  const update = useUpdateCampaign(campaign.id);
  const form = useRequestForm<EditableValues, typeof UpdateCampaignRequestSchema>(
    UpdateCampaignRequestSchema,
    toEditableRequest,
    {
      defaultValues: {
        name: campaign.name,
        objective: campaign.objective,
        description: campaign.description,
        budget: text(campaign.budget),
        dailyBudget: text(campaign.dailyBudget),
        bidStrategy: campaign.bidStrategy,
        bidAmount: text(campaign.bidAmount),
        targetCtr: text(campaign.targetCtr),
        targetCpc: text(campaign.targetCpc),
      },
    },
  );
  const submit = async (request: UpdateCampaignRequest) => {
    await update.mutateAsync(request);
    toast.show({ title: 'Campaign saved', variant: 'success' });
    void navigate(`/campaigns/${campaign.id}`);
  };
  return (
    <div className="ui-stack">
      <PageHeader
        title={`Edit ${campaign.name}`}
        subtitle="Type, dates, audience and targeting were paid for and stay as they are."
      />
      <Form form={form} onSubmit={submit as never} fallbackError="Failed to save campaign" aria-label="Edit campaign">
        <DetailsSection />
        <fieldset className="ui-stack">
          <legend>Budget</legend>
          <BudgetFields hasEndDate={campaign.endDate !== null} />
        </fieldset>
        <BiddingSection />
        <FormError />
        <div className="ui-row">
          <ButtonLink to={`/campaigns/${campaign.id}`} variant="secondary">
            Cancel
          </ButtonLink>
          <SubmitButton>Save Changes</SubmitButton>
        </div>
      </Form>
    </div>
  );
}
