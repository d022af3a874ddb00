export interface SuperviseOptions {
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  name?: string;
  firstPauseMs?: number;
  maxPauseMs?: number;
  stableMs?: number;
  log?: (line: string) => void;
  exit?: (code: number) => void;
}
export declare function supervise(
  command: string,
  args: string[],
  options?: SuperviseOptions,
): { stop(signal?: NodeJS.Signals): void; restarts(): number; pid(): number | undefined };
