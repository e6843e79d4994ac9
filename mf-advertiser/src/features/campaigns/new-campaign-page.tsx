import { ButtonLink, Card, PageHeader, errorMessage, formatBalance, useCurrentUser } from '@app/platform';
import { covers, useToast } from '@app/platform/app';
import {
  Form,
  FormError,
  FormSelect,
  FormTextField,
  SubmitButton,
  useRequestForm,
  useWatch,
  type UseFormReturn,
} from '@app/platform/forms';
import {
  CAMPAIGN_DEFAULTS,
  CAMPAIGN_MESSAGES,
  CAMPAIGN_TYPES,
  CreateCampaignRequestSchema,
  MoveCostRequestSchema,
  campaignDurationDays,
  type CreateCampaignRequest,
  type MoveCostRequest,
} from '@app/contracts/campaigns';
import { useNavigate } from 'react-router';
import { TYPE_LABELS, formatMoves, localToday, useCampaignsBase } from './campaign-format';
import {
  BiddingSection,
  BudgetFields,
  DetailsSection,
  numberOrBlank,
  toEditableRequest,
  type EditableValues,
} from './campaign-form-fields';
import { useMovesOverview } from '../plans/plans-api';
import { useCreateCampaign, useMoveCost, useSettled } from './campaigns-api';

interface DraftValues extends EditableValues {
  startDate: string;
  endDate: string;
  campaignType: string;
  audienceSize: string;
  locations: string;
  interests: string;
}

const listOf = (text: string) =>
  text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

export function toCreateRequest(values: DraftValues, userId: string): CreateCampaignRequest {
  const endDate = values.endDate || null;
  return {
    ...toEditableRequest(values),
    startDate: values.startDate,
    endDate,
    campaignType: values.campaignType,
    audienceSize: numberOrBlank(values.audienceSize),
    locations: listOf(values.locations),
    interests: listOf(values.interests),
    userId,
    duration: values.startDate ? campaignDurationDays(values.startDate, endDate) : CAMPAIGN_DEFAULTS.durationDays,
  } as CreateCampaignRequest;
}

/** The scope the cost call prices, or null while it cannot be priced (e.g. an audience below 100). */
function costRequestOf(
  values: Pick<DraftValues, 'campaignType' | 'startDate' | 'endDate' | 'audienceSize' | 'locations' | 'interests'>,
): MoveCostRequest | null {
  const validDates =
    /^\d{4}-\d{2}-\d{2}$/.test(values.startDate) &&
    (!values.endDate || (/^\d{4}-\d{2}-\d{2}$/.test(values.endDate) && values.endDate >= values.startDate));
  const request = {
    campaignType: values.campaignType as MoveCostRequest['campaignType'],
    duration: validDates
      ? campaignDurationDays(values.startDate, values.endDate || null)
      : CAMPAIGN_DEFAULTS.durationDays,
    audienceSize: Number(values.audienceSize),
    locations: listOf(values.locations),
    interests: listOf(values.interests),
    isPremium: values.campaignType === 'premium',
  };
  return MoveCostRequestSchema.safeParse(request).success ? request : null;
}

/** A new draft's starting values: the contract's defaults, starting today with no end date. */
function draftDefaults(): DraftValues {
  return {
    name: '',
    objective: CAMPAIGN_DEFAULTS.objective,
    description: '',
    startDate: localToday(),
    endDate: '',
    budget: String(CAMPAIGN_DEFAULTS.budget),
    dailyBudget: String(CAMPAIGN_DEFAULTS.dailyBudget),
    bidStrategy: CAMPAIGN_DEFAULTS.bidStrategy,
    bidAmount: String(CAMPAIGN_DEFAULTS.bidAmount),
    targetCtr: String(CAMPAIGN_DEFAULTS.targetCtr),
    targetCpc: String(CAMPAIGN_DEFAULTS.targetCpc),
    campaignType: CAMPAIGN_DEFAULTS.campaignType,
    audienceSize: String(CAMPAIGN_DEFAULTS.audienceSize),
    locations: '',
    interests: '',
  };
}

/**
 * The live move cost of the draft being edited (priced once its scope settles) against the advertiser's balance;
 * `known` is false while the price is missing or stale.
 */
function useDraftMoveCost<Parsed>(control: UseFormReturn<DraftValues, unknown, Parsed>['control']) {
  const user = useCurrentUser();
  const [campaignType, startDate, endDate, audienceSize, locations, interests] = useWatch({
    control,
    name: ['campaignType', 'startDate', 'endDate', 'audienceSize', 'locations', 'interests'],
  });
  const costRequest = useSettled(
    costRequestOf({ campaignType, startDate, endDate, audienceSize, locations, interests }),
  );
  const cost = useMoveCost(costRequest);
  // The moves overview credits the plan's allowance of the period on first use, so a new advertiser sees (and can
  // spend) it here; the session's balance stands in until it answers.
  const overview = useMovesOverview();
  const balance = overview.data ? String(overview.data.moves_balance) : (user.moves_balance ?? '0');
  const known = cost.data !== undefined && costRequest !== null && !cost.isPlaceholderData;
  const insufficient = known && !covers(balance, String(cost.data!.totalCost), 'moves');
  return { startDate, endDate, costRequest, cost, balance, known, insufficient };
}

/** /campaigns/new: the draft in three sections with a live move-cost panel (spec 3 §2, §5, §9). */
export function NewCampaignPage() {
  const base = useCampaignsBase();
  const user = useCurrentUser();
  const navigate = useNavigate();
  const toast = useToast();
  const create = useCreateCampaign();
  const form = useRequestForm<DraftValues, typeof CreateCampaignRequestSchema>(
    CreateCampaignRequestSchema,
    (values) => toCreateRequest(values, user.id),
    { defaultValues: draftDefaults() },
  );
  const { startDate, endDate, costRequest, cost, balance, known, insufficient } = useDraftMoveCost(form.control);

  const submit = async (request: CreateCampaignRequest) => {
    if (!known) throw new Error(CAMPAIGN_MESSAGES.calculating);
    if (insufficient) throw new Error(CAMPAIGN_MESSAGES.insufficientMoves);
    const created = await create.mutateAsync(request);
    toast.show({
      title: `Campaign created successfully! ${formatBalance(created.movesSpent)} moves deducted from your balance.`,
      variant: 'success',
    });
    void navigate(base);
  };

  return (
    <div className="ui-stack">
      <PageHeader
        title="Create Campaign"
        subtitle="Reach people with your content and drops; a campaign is paid with moves."
      />
      <div className="ui-grid">
        <Form
          form={form}
          onSubmit={submit as never}
          fallbackError={CAMPAIGN_MESSAGES.createFailed}
          describeError={(error) => `Failed to create campaign: ${errorMessage(error, CAMPAIGN_MESSAGES.createFailed)}`}
          aria-label="New campaign"
        >
          <DetailsSection>
            <TargetingFields />
          </DetailsSection>
          <ScheduleAndBudgetSection startDate={startDate} endDate={endDate} />
          <BiddingSection />
          <FormError />
          <div className="ui-row">
            <ButtonLink to={base} variant="secondary">
              Cancel
            </ButtonLink>
            <SubmitButton disabled={!known || insufficient || create.isPending}>Create Campaign</SubmitButton>
          </div>
        </Form>
        <Card title="Move cost">
          <MoveCostPanel
            cost={cost.data}
            pending={!known && !cost.isError && costRequest !== null}
            failed={cost.isError}
            invalid={costRequest === null}
            balance={balance}
            insufficient={insufficient}
          />
        </Card>
      </div>
    </div>
  );
}

/** The draft's type and audience, the fields a new campaign has beyond the editable details. */
function TargetingFields() {
  return (
    <>
      <FormSelect
        name="campaignType"
        label="Campaign type"
        options={CAMPAIGN_TYPES.map((value) => ({
          value,
          label: `${TYPE_LABELS[value]} (from ${CAMPAIGN_DEFAULTS.displayedMoveCost[value]} moves)`,
        }))}
      />
      <FormTextField name="audienceSize" label="Audience size" type="number" min={100} step={100} required />
      <FormTextField name="locations" label="Locations" hint="Comma-separated, e.g. US, Canada" />
      <FormTextField name="interests" label="Interests" hint="Comma-separated, e.g. fitness, travel" />
    </>
  );
}

function ScheduleAndBudgetSection({ startDate, endDate }: { startDate: string; endDate: string }) {
  return (
    <fieldset className="ui-stack">
      <legend>Schedule &amp; Budget</legend>
      <FormTextField name="startDate" label="Start date" type="date" min={localToday()} required />
      <FormTextField name="endDate" label="End date (optional)" type="date" min={startDate || localToday()} />
      <BudgetFields hasEndDate={Boolean(endDate)} />
    </fieldset>
  );
}

function MoveCostPanel(props: {
  cost:
    | {
        totalCost: number;
        baseCost: number;
        durationModifier: number;
        audienceModifier: number;
        premiumModifier: number;
      }
    | undefined;
  pending: boolean;
  failed: boolean;
  invalid: boolean;
  balance: string;
  insufficient: boolean;
}) {
  const { cost, pending, failed, invalid, balance, insufficient } = props;
  return (
    <div className="ui-stack" aria-live="polite">
      <p>
        Your balance: <strong>{formatMoves(balance)}</strong>
      </p>
      {failed ? <p role="alert">{CAMPAIGN_MESSAGES.calculateFailed}</p> : null}
      {invalid ? <p className="ui-muted">Enter an audience of at least 100 to see the cost.</p> : null}
      {pending ? <p className="ui-muted">{CAMPAIGN_MESSAGES.calculating}</p> : null}
      {cost && !invalid ? (
        <dl className="ui-definition-list" aria-label="Cost breakdown">
          <dt>Total cost</dt>
          <dd>{formatMoves(cost.totalCost)}</dd>
          <dt>Base cost</dt>
          <dd>{formatMoves(cost.baseCost)}</dd>
          <dt>Duration</dt>
          <dd>×{cost.durationModifier}</dd>
          <dt>Audience and targeting</dt>
          <dd>×{cost.audienceModifier}</dd>
          <dt>Premium</dt>
          <dd>×{cost.premiumModifier}</dd>
        </dl>
      ) : null}
      {insufficient ? <p role="alert">{CAMPAIGN_MESSAGES.insufficientMoves}</p> : null}
      <ButtonLink to="/account/billing" variant="secondary">
        Get More Moves
      </ButtonLink>
    </div>
  );
}
