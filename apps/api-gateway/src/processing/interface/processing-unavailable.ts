/** processing-api.md, Errors: a request that cannot be accepted now gets a 404 with a short apology. */
export const PROCESSING_UNAVAILABLE_TEXT =
  'Sorry, your request cannot be accepted at the moment. Please repeat it in a few seconds.';
