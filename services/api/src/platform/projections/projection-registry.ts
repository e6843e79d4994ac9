import { Inject, Injectable, type Provider } from '@nestjs/common';
import type { Projection } from './projection';

/**
 * Where modules declare their projections. Register before the application has bootstrapped (in a provider or
 * `onModuleInit`); the runners start in `onApplicationBootstrap`. The easiest way is `projectionProviders(...)`.
 */
@Injectable()
export class ProjectionRegistry {
  private readonly projections = new Map<string, Projection>();

  register(...projections: Projection[]): void {
    for (const projection of projections) {
      const existing = this.projections.get(projection.name);
      if (existing && existing !== projection) throw new Error(`Two projections are named ${projection.name}`);
      const tableOwner = this.list().find(
        (other) => other !== projection && other.tableNames.some((table) => projection.tableNames.includes(table)),
      );
      if (tableOwner) throw new Error(`Projections ${tableOwner.name} and ${projection.name} declare the same table`);
      this.projections.set(projection.name, projection);
    }
  }

  get(name: string): Projection | undefined {
    return this.projections.get(name);
  }

  list(): Projection[] {
    return [...this.projections.values()];
  }
}

/**
 * A provider that registers projections when its module loads:
 * `@Module({ providers: [...projectionProviders(balancesProjection, transactionsProjection)] })`.
 */
export function projectionProviders(...projections: Projection[]): Provider[] {
  const token = Symbol(`projections:${projections.map((projection) => projection.name).join(',')}`);
  class RegisterProjections {
    constructor(@Inject(ProjectionRegistry) registry: ProjectionRegistry) {
      registry.register(...projections);
    }
  }
  return [{ provide: token, useClass: RegisterProjections }];
}
