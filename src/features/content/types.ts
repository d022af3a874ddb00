import type { ContentModule } from '../../../shop/contract.ts';

export type ModuleOf<T extends ContentModule['type']> = Extract<ContentModule, { type: T }>;
