// The partner client lives in @opp/testing (the Node 22 smoke uses it too); the suites here import it
// by its old name.
export {
  newPartner,
  PartnerClient,
  taskStatuses,
  wait,
  type PartnerJson as Json,
  type PartnerKeys,
} from '@opp/testing';
