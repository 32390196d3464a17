-- Runs once, when the postgres container starts with an empty data volume: one database per service.
CREATE DATABASE opp_api_gateway;
CREATE DATABASE opp_users_recurring;
CREATE DATABASE opp_payments;
CREATE DATABASE opp_payouts;
CREATE DATABASE opp_notifier;
CREATE DATABASE opp_processing_orchestrator;
