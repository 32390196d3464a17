/** The sandbox's approving card as a task payload carries it: month and year as JSON numbers. */
export const TASK_CARD = {
  number: '4242424242424242',
  expiration_month: 12,
  expiration_year: new Date().getUTCFullYear() + 3,
  security_code: '737',
};
