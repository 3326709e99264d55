/** Input the command line named but that cannot be used (a folder that does not exist): exit code 1, one line. */
export class DataError extends Error {
  override readonly name = 'DataError';
}
