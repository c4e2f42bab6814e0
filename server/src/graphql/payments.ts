// Filled in by the payments feature.
