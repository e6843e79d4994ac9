import type { AdvertiserEvent, BrandProfileUpdated } from '@app/contracts/advertisers';

/** The brand profile as its stream folds: null until the first save. */
export type BrandProfileState = { userId: string; profile: BrandProfileUpdated | null };

export const initialBrandProfile = (userId: string): BrandProfileState => ({ userId, profile: null });

export function evolveBrandProfile(state: BrandProfileState, event: AdvertiserEvent): BrandProfileState {
  switch (event.type) {
    case 'BrandProfileUpdated':
      return { ...state, profile: event.data };
  }
}

export type BrandProfileCommand = {
  type: 'SaveBrandProfile';
  data: {
    /** Identity's user type at the request: only advertisers keep a brand (spec 3 §6). */
    callerType: string;
    brandName: string;
    brandDescription: string | null;
    brandWebsite: string | null;
    brandEmail: string | null;
    brandPhone: string | null;
    brandLogoUrl: string | null;
    now: string;
  };
};

export type BrandProfileRefusal = 'CALLER_MUST_BE_ADVERTISER' | 'BRAND_NAME_MUST_NOT_BE_BLANK';

export type BrandProfileDecision =
  { kind: 'accepted'; events: AdvertiserEvent[] } | { kind: 'refused'; refusal: BrandProfileRefusal };

const FIELDS = ['brandName', 'brandDescription', 'brandWebsite', 'brandEmail', 'brandPhone', 'brandLogoUrl'] as const;

/**
 * Saving the brand profile: advertisers only, the name never blank; a save that changes nothing records nothing (a
 * double click or a retry leaves one event).
 */
export function decideBrandProfile(command: BrandProfileCommand, state: BrandProfileState): BrandProfileDecision {
  const { data } = command;
  if (data.callerType !== 'advertiser') return { kind: 'refused', refusal: 'CALLER_MUST_BE_ADVERTISER' };
  if (data.brandName.trim() === '') return { kind: 'refused', refusal: 'BRAND_NAME_MUST_NOT_BE_BLANK' };
  const current = state.profile;
  if (current && FIELDS.every((field) => current[field] === data[field])) return { kind: 'accepted', events: [] };
  return {
    kind: 'accepted',
    events: [
      {
        type: 'BrandProfileUpdated',
        data: {
          userId: state.userId,
          brandName: data.brandName.trim(),
          brandDescription: data.brandDescription,
          brandWebsite: data.brandWebsite,
          brandEmail: data.brandEmail,
          brandPhone: data.brandPhone,
          brandLogoUrl: data.brandLogoUrl,
          updatedAt: data.now,
        },
      },
    ],
  };
}
