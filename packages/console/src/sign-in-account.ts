/** An account the sign-in form offers to pick (a demo's fixed tokens: anyone who loads the page sees them). */
export interface SignInAccount {
  /** The bearer token the page sends. */
  readonly token: string;
  /** What the button says, such as `Alice (customer)`. */
  readonly label: string;
}
