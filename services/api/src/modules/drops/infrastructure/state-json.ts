import type { ApplicationState, DropState } from '../domain/drop';

/**
 * Drop and application states as JSON for the read model's jsonb column: bigint amounts become strings of minor
 * units and come back as bigint. The read model stores the drop without its applications (each has its own row).
 */
export type DropRow = Omit<
  DropState,
  | 'applications'
  | 'terms'
  | 'gemPoolTotalMinor'
  | 'gemPoolRemainingMinor'
  | 'gemsPaidMinor'
  | 'keyPoolTotalMinor'
  | 'keyPoolRemainingMinor'
> & {
  terms: Record<keyof DropState['terms'], string>;
  gemPoolTotalMinor: string;
  gemPoolRemainingMinor: string;
  gemsPaidMinor: string;
  /** Absent in rows written before move drops escrowed keys. */
  keyPoolTotalMinor?: string;
  keyPoolRemainingMinor?: string;
};
export type ApplicationRow = Omit<ApplicationState, 'costMinor' | 'gemsEarnedMinor' | 'keysEarnedMinor'> & {
  costMinor: string;
  gemsEarnedMinor: string;
  keysEarnedMinor: string;
};

export function dropToRow(state: DropState): DropRow {
  const {
    applications: _applications,
    terms,
    gemPoolTotalMinor,
    gemPoolRemainingMinor,
    gemsPaidMinor,
    keyPoolTotalMinor,
    keyPoolRemainingMinor,
    ...rest
  } = state;
  return {
    ...rest,
    terms: {
      keyCostMinor: terms.keyCostMinor.toString(),
      gemRewardBaseMinor: terms.gemRewardBaseMinor.toString(),
      moveCostPointsMinor: terms.moveCostPointsMinor.toString(),
      keyRewardAmountMinor: terms.keyRewardAmountMinor.toString(),
    },
    gemPoolTotalMinor: gemPoolTotalMinor.toString(),
    gemPoolRemainingMinor: gemPoolRemainingMinor.toString(),
    gemsPaidMinor: gemsPaidMinor.toString(),
    keyPoolTotalMinor: keyPoolTotalMinor.toString(),
    keyPoolRemainingMinor: keyPoolRemainingMinor.toString(),
  };
}

export function dropFromRow(row: DropRow): DropState {
  return {
    ...row,
    applications: {},
    terms: {
      keyCostMinor: BigInt(row.terms.keyCostMinor),
      gemRewardBaseMinor: BigInt(row.terms.gemRewardBaseMinor),
      moveCostPointsMinor: BigInt(row.terms.moveCostPointsMinor),
      keyRewardAmountMinor: BigInt(row.terms.keyRewardAmountMinor),
    },
    gemPoolTotalMinor: BigInt(row.gemPoolTotalMinor),
    gemPoolRemainingMinor: BigInt(row.gemPoolRemainingMinor),
    gemsPaidMinor: BigInt(row.gemsPaidMinor),
    keyPoolTotalMinor: BigInt(row.keyPoolTotalMinor ?? '0'),
    keyPoolRemainingMinor: BigInt(row.keyPoolRemainingMinor ?? '0'),
  };
}

export function applicationToRow(application: ApplicationState): ApplicationRow {
  return {
    ...application,
    costMinor: application.costMinor.toString(),
    gemsEarnedMinor: application.gemsEarnedMinor.toString(),
    keysEarnedMinor: application.keysEarnedMinor.toString(),
  };
}

export function applicationFromRow(row: ApplicationRow): ApplicationState {
  return {
    ...row,
    costMinor: BigInt(row.costMinor),
    gemsEarnedMinor: BigInt(row.gemsEarnedMinor),
    keysEarnedMinor: BigInt(row.keysEarnedMinor),
  };
}
