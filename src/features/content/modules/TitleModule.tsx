import type { ModuleOf } from '../types.ts';

export function TitleModule({ module }: { module: ModuleOf<'Title'> }) {
  return <h2 className="content-title">{module.text}</h2>;
}
