import { minorToApiNumber } from '@app/contracts/ledger';
import type { DropApplicationView, DropView } from '@app/contracts/drops';
import type { ApplicationState, DropState } from './domain/drop';
import { isDropActive } from './domain/applications';

/** The API's drop (spec 2 §3): amounts as decimals at each currency's scale. */
export function toDropView(drop: DropState, now: string = new Date().toISOString()): DropView {
  const details = drop.details;
  return {
    id: drop.dropId,
    title: details.title,
    description: details.description,
    preview_image: details.previewImage,
    content_url: details.contentUrl,
    creator_id: drop.creatorId,
    creator_name: drop.creatorName,
    creator_avatar: drop.creatorAvatar,
    platform: details.platform,
    status: isDropActive(drop, now) ? 'active' : 'completed',
    difficulty: details.difficulty,
    drop_type: details.category,
    kind: drop.kind,
    key_cost: minorToApiNumber(drop.terms.keyCostMinor, 'keys'),
    gem_reward_base: minorToApiNumber(drop.terms.gemRewardBaseMinor, 'gems'),
    gem_pool_total: minorToApiNumber(drop.gemPoolTotalMinor, 'gems'),
    gem_pool_remaining: minorToApiNumber(drop.gemPoolRemainingMinor, 'gems'),
    follower_threshold: details.followerThreshold,
    time_commitment: details.timeCommitment,
    requirements: details.requirements,
    deliverables: details.deliverables,
    deadline_at: details.deadlineAt,
    max_participants: details.maxParticipants,
    current_participants: drop.seatsTaken,
    move_cost_points: minorToApiNumber(drop.terms.moveCostPointsMinor, 'points'),
    move_actions: null,
    key_reward_amount: minorToApiNumber(drop.terms.keyRewardAmountMinor, 'keys'),
    key_pool_total: minorToApiNumber(drop.keyPoolTotalMinor, 'keys'),
    key_pool_remaining: minorToApiNumber(drop.keyPoolRemainingMinor, 'keys'),
    is_proof_drop: drop.kind === 'proof',
    is_paid_drop: drop.kind === 'paid',
    is_demo: drop.isDemo,
    reward_logic: null,
    total_applications: drop.totalApplications,
    gems_paid: minorToApiNumber(drop.gemsPaidMinor, 'gems'),
    created_at: drop.createdAt,
    updated_at: drop.updatedAt,
  };
}

export function toApplicationView(application: ApplicationState, drop: DropState): DropApplicationView {
  const submission = application.submission;
  return {
    id: application.applicationId,
    drop_id: application.dropId,
    drop_title: drop.details.title,
    drop_kind: drop.kind,
    advertiser_brand_name: drop.creatorName,
    user_id: application.applicantUserId,
    applicant_name: application.applicantName,
    status: application.status,
    application_message: application.message,
    submission_type: submission?.type ?? null,
    submission_data: submission?.data ?? null,
    submission_url: submission?.type === 'url' ? submission.data : null,
    submission_notes: submission?.notes ?? null,
    key_cost: application.costCurrency === 'keys' ? minorToApiNumber(application.costMinor, 'keys') : 0,
    points_cost: application.costCurrency === 'points' ? minorToApiNumber(application.costMinor, 'points') : 0,
    gems_earned: minorToApiNumber(application.gemsEarnedMinor, 'gems'),
    keys_earned: minorToApiNumber(application.keysEarnedMinor, 'keys'),
    review_score: application.reviewScore,
    is_demo: drop.isDemo,
    applied_at: application.appliedAt,
    approved_at: application.approvedAt,
    rejected_at: application.rejectedAt,
    submitted_at: application.submittedAt,
    completed_at: application.completedAt,
    paid_at: application.paidAt,
    created_at: application.appliedAt,
    updated_at: application.updatedAt,
  };
}
