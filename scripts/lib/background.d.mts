// Types for background.mjs (builds started early at the lowest CPU priority).
export type BackgroundJob = [name: string, cmd: string, args: string[], opts?: { cwd?: string }];
export interface WaitForJob {
  (name: string): Promise<number>;
  has(name: string): boolean;
}
export function startInBackground(jobs: BackgroundJob[], t0?: number): WaitForJob | null;
