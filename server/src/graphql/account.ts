// Filled in by the account feature.
