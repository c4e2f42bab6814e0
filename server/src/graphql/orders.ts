// Filled in by the orders feature.
