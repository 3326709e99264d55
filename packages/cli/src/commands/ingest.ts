/** One line for `opwire --help`. */
export const summary = '(not implemented yet)';

/** Runs the command; returns the exit code. */
export async function run(_args: string[]): Promise<number> {
  console.error('not implemented yet');
  return 1;
}
