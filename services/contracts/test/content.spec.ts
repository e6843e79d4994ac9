import {
  CreateContentRequestSchema,
  engagementSharesFor,
  isDemoContent,
  sharePriceFor,
  UpdateContentRequestSchema,
} from '../src';
import { generateOpenApiDocument } from '../src/openapi';

describe('content rules', () => {
  it('prices a share as the funding split over every share, rounded down, never below $0.01', () => {
    expect(sharePriceFor(0n, 100)).toBe(100n); // unfunded: the $0.01 floor
    expect(sharePriceFor(1_000_000n, 100)).toBe(10_000n); // $100 over 100 shares: $1
    expect(sharePriceFor(1_000_001n, 300)).toBe(3_333n); // rounded down to $0.0001
    expect(() => sharePriceFor(1n, 0)).toThrow(RangeError);
  });

  it('sets 20 % of the shares aside for engagement rewards', () => {
    expect(engagementSharesFor(100)).toBe(20);
    expect(engagementSharesFor(999)).toBe(199);
  });

  it('marks content demo when title or description mentions it', () => {
    expect(isDemoContent('My DEMO reel', null)).toBe(true);
    expect(isDemoContent('Reel', 'a demonstration')).toBe(true);
    expect(isDemoContent('Reel', 'real')).toBe(false);
  });
});

describe('content requests', () => {
  it('clamps total_shares up to 100 on creation, defaults it, and normalises the platform', () => {
    const parsed = CreateContentRequestSchema.parse({
      platform: ' TikTok ',
      title: ' Clip ',
      platform_url: 'https://tiktok.com/@a/1',
      total_shares: 5,
    });
    expect(parsed).toMatchObject({ platform: 'tiktok', title: 'Clip', total_shares: 100 });
    expect(
      CreateContentRequestSchema.parse({ platform: 'youtube', title: 'x', platform_url: 'https://y.t/1' }).total_shares,
    ).toBe(100);
  });

  it('names every bad field with its message', () => {
    const result = CreateContentRequestSchema.safeParse({
      platform: 'myspace',
      title: ' ',
      platform_url: 'not a url',
      total_shares: 1001,
      share_price: -1,
    });
    const messages = Object.fromEntries(
      (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
    );
    expect(messages).toEqual({
      platform: 'Platform must be one of instagram, tiktok, youtube, twitter, linkedin',
      title: 'Title is required',
      platform_url: 'Please enter a valid URL',
      total_shares: 'Total shares must be between 100 and 1000',
      share_price: 'Share price must be a non-negative number with at most 4 decimals',
    });
  });

  it('lets an edit set 1..1000 shares', () => {
    expect(UpdateContentRequestSchema.parse({ total_shares: 1 }).total_shares).toBe(1);
    expect(UpdateContentRequestSchema.safeParse({ total_shares: 0 }).success).toBe(false);
  });

  it('documents every content route', () => {
    const paths = generateOpenApiDocument({ title: 't', version: '1' }).paths;
    for (const path of [
      '/api/content',
      '/api/content/{id}',
      '/api/content/{id}/comments',
      '/api/content/comments/{id}/like',
      '/api/feed',
    ]) {
      expect(paths[path]).toBeDefined();
    }
  });
});
