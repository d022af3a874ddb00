import type { ContentModule } from '../../../shop/index.ts';

export type ModuleOf<T extends ContentModule['type']> = Extract<ContentModule, { type: T }>;
